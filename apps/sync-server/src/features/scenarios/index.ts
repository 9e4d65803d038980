import type { ScenariosService } from './scenarios.service';

/** The public entry of features/scenarios: other modules import only what is exported here. */
export { scenarioCardOf } from './scenario-card';
export { loadScenarioFacts } from './scenario-facts';
export { createScenariosRepository } from './scenarios.repository';
export { scenariosRoutes } from './scenarios.routes';
export { createScenariosService } from './scenarios.service';
export { scenarioCommentsCollection, scenarioFieldValuesCollection, scenariosCollection } from './scenarios.sync';

// This module's part of the services every request carries (app-services.ts), declared here so the list of
// services has no import of its own back into the modules.
declare module '../../app-services' {
  interface Services {
    scenarios: ScenariosService;
  }
}
