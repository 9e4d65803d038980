/** The contact page. */
export { contactRoutes } from './contact-routes';
