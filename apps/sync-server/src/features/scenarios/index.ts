import { defineModule, syncCollection } from '../../module';
import { createScenariosRepository } from './scenarios.repository';
import { scenariosRoutes } from './scenarios.routes';
import type { ScenariosService } from './scenarios.service';
import { createScenariosService } from './scenarios.service';
import { scenarioCommentsCollection, scenarioFieldValuesCollection, scenariosCollection } from './scenarios.sync';

/** The public entry of features/scenarios: other modules import only what is exported here. */
export { scenarioCardOf } from './scenario-card';
export { seesFeeOnCards } from './scenario-context';
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

export const scenariosModule = defineModule({
  name: 'scenarios',
  services: ({ db, services }) => ({
    scenarios: createScenariosService({
      repo: createScenariosRepository(db),
      sync: services.sync,
      audit: services.audit,
      notifications: services.notifications,
      forms: services.scenarioForms,
      payments: services.payments,
      visitRequests: services.visitRequests,
    }),
  }),
  routes: scenariosRoutes,
  collections: [
    syncCollection(scenariosCollection),
    syncCollection(scenarioFieldValuesCollection),
    syncCollection(scenarioCommentsCollection),
  ],
});
