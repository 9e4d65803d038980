import { defineModule } from '../../module';
import { loadScenarioFacts } from '../scenario-facts';
import { createScenarioFormsRepository } from './scenario-forms.repository';
import { scenarioFormsRoutes } from './scenario-forms.routes';
import type { ScenarioFormsService } from './scenario-forms.service';
import { createScenarioFormsService } from './scenario-forms.service';

/** The public entry of features/scenario-forms: other modules import only what is exported here. */
export { formSnapshot } from './form-items';
export { createScenarioFormsRepository } from './scenario-forms.repository';
export { scenarioFormsRoutes } from './scenario-forms.routes';
export { createScenarioFormsService, type ScenarioFormsService } from './scenario-forms.service';

// This module's part of the services every request carries (app-services.ts), declared here so the list of
// services has no import of its own back into the modules.
declare module '../../app-services' {
  interface Services {
    scenarioForms: ScenarioFormsService;
  }
}

export const scenarioFormsModule = defineModule({
  name: 'scenario-forms',
  services: ({ db, services: { rubrics, audit } }) => ({
    scenarioForms: createScenarioFormsService({ repo: createScenarioFormsRepository(db, loadScenarioFacts), rubrics, audit }),
  }),
  routes: scenarioFormsRoutes,
});
