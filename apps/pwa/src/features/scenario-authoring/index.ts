/** The scenario authoring page /scenarios/{id} (decision 0023). */
export { scenarioAuthoringRoutes } from './scenario-authoring-routes';
