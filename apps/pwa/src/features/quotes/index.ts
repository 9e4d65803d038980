/**
 * Quotes (issue 19; spec 002 §2.18; decisions 0070, 0073): the quote request page (/request-quote) and the
 * super admin's quote management pages.
 */
export { quoteManagementRoutes } from './quote-management-routes';
export { quoteRequestRoutes } from './quote-request-routes';
