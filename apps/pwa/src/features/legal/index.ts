export { SUPPORT_EMAIL } from './legal-contacts';
export { legalRoutes } from './legal-routes';
