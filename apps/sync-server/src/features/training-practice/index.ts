import { defineModule } from '../../module';
import { trainingPracticeRoutes } from './training-practice.routes';
import type { TrainingPracticeService } from './training-practice.service';
import { createTrainingPracticeService } from './training-practice.service';

/** The public entry of features/training-practice: other modules import only what is exported here. */
export { trainingPracticeRoutes } from './training-practice.routes';
export { createTrainingPracticeService } from './training-practice.service';

// This module's part of the services every request carries (app-services.ts), declared here so the list of
// services has no import of its own back into the modules.
declare module '../../app-services' {
  interface Services {
    trainingPractice: TrainingPracticeService;
  }
}

export const trainingPracticeModule = defineModule({
  name: 'training-practice',
  services: ({ db, services: { audit, objectAccess } }) => ({
    trainingPractice: createTrainingPracticeService({ db, audit, objectAccess }),
  }),
  routes: trainingPracticeRoutes,
});
