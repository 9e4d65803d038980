/** Quotes (issue 19; spec 002 §2.18; decision 0070): the super admin's quote management pages. */
export { quoteManagementRoutes } from './quote-management-routes';
