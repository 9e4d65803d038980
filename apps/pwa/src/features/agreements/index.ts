/** Agreements (issue 19 item 4): the routes only; the pages load lazily. */
export { agreementsRoutes } from './agreements-routes';
