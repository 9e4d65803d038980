/** The public entry of features/web: other modules import only what is exported here. */
export { webRoutes } from './web.routes';
