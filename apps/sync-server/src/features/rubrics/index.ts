import { defineModule } from '../../module';
import { createRubricsRepository } from './rubrics.repository';
import { rubricsRoutes } from './rubrics.routes';
import type { RubricsService } from './rubrics.service';
import { createRubricsService } from './rubrics.service';

/** The public entry of features/rubrics: other modules import only what is exported here. */
export { sanitizeQuestionHtml } from './question-html';
export { createRubricsRepository } from './rubrics.repository';
export { rubricsRoutes } from './rubrics.routes';
export { createRubricsService, type RubricsService } from './rubrics.service';

// This module's part of the services every request carries (app-services.ts), declared here so the list of
// services has no import of its own back into the modules.
declare module '../../app-services' {
  interface Services {
    rubrics: RubricsService;
  }
}

export const rubricsModule = defineModule({
  name: 'rubrics',
  services: ({ db, services }) => ({ rubrics: createRubricsService({ repo: createRubricsRepository(db), audit: services.audit }) }),
  routes: rubricsRoutes,
});
