export { recordingQuery } from './visit-api';
export { visitsRoutes } from './visits-routes';
