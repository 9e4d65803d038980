/** Applying for a role: the application and its email confirmation, as routes. */
export { applyingRoutes } from './applying-routes';
