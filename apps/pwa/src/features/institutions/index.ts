/** Institutions (spec 002 §2.13; docs/decisions/0057). */
export { institutionsRoutes } from './institutions-routes';
