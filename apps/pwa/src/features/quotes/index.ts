/** Quotes: the quote request page (/request-quote). Quote management's routes join here. */
export { quoteRequestRoutes } from './quote-request-routes';
