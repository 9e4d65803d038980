/** A learner's own registration at a partner and its email confirmation, as routes (decision 0051). */
export { registrationRoutes } from './registration-routes';
