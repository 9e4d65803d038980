/** The public entry of features/openapi: other modules import only what is exported here. */
export { openApiRoutes } from './openapi.routes';
