/** Partner Registration Fields administration (spec 002 §2.11, decision 0052), as routes. */
export { registrationFieldsRoutes } from './registration-fields-routes';
