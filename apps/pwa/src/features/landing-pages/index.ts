/** Landing pages, articles and welcome messages (decisions 0055, 0056): the routes only; the pages load lazily. */
export { landingPagesRoutes } from './landing-pages-routes';
