/** The public entry of features/config: other modules import only what is exported here. */
export { configRoutes } from './config.routes';
