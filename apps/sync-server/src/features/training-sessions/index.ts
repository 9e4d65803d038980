import { defineModule } from '../../module';
import { createMeetingProvider } from '../../platform/meetings';
import { createTrainingSessionLists, type TrainingSessionLists } from './training-session-lists';
import { createTrainingSessionsRepository } from './training-sessions.repository';
import { trainingSessionsRoutes } from './training-sessions.routes';
import type { TrainingSessionsService } from './training-sessions.service';
import { createTrainingSessionsService } from './training-sessions.service';

export {
  createTrainingSessionLists,
  type SessionListGroup,
  type SessionListScope,
  type TrainingSessionLists,
} from './training-session-lists';
/** The public entry of features/training-sessions: other modules import only what is exported here. */
export { TRAINING_MEETING_TYPES } from './training-session-meeting';
export { trainingSessionsRoutes } from './training-sessions.routes';
export { createTrainingSessionsService } from './training-sessions.service';

// This module's part of the services every request carries (app-services.ts), declared here so the list of
// services has no import of its own back into the modules.
declare module '../../app-services' {
  interface Services {
    trainingSessions: TrainingSessionsService;
    /** the dashboards' and the user detail's training session lists */
    trainingSessionLists: TrainingSessionLists;
  }
}

export const trainingSessionsModule = defineModule({
  name: 'training-sessions',
  services: ({ db, config, services: { objectAccess, mail } }) => {
    const repo = createTrainingSessionsRepository(db);
    return {
      trainingSessions: createTrainingSessionsService({ repo, objectAccess, mail, meetings: createMeetingProvider(config), config }),
      trainingSessionLists: createTrainingSessionLists(repo),
    };
  },
  routes: trainingSessionsRoutes,
});
