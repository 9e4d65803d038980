import { defineModule, syncCollection } from '../../module';
import { scorecardAssignmentsListener } from './visit-scorecards.assignments';
import { visitScorecardsRoutes } from './visit-scorecards.routes';
import type { VisitScorecardsService } from './visit-scorecards.service';
import { createVisitScorecardsService } from './visit-scorecards.service';
import { visitScorecardsCollection } from './visit-scorecards.sync';

/** The public entry of features/visit-scorecards: other modules import only what is exported here. */
export { ensureScorecardDocs, scorecardAssignmentsListener } from './visit-scorecards.assignments';
export { lockScorecard, writeScorecard } from './visit-scorecards.repository';
export { visitScorecardsRoutes } from './visit-scorecards.routes';
export { createVisitScorecardsService } from './visit-scorecards.service';
export { visitScorecardsCollection } from './visit-scorecards.sync';

// This module's part of the services every request carries (app-services.ts), declared here so the list of
// services has no import of its own back into the modules.
declare module '../../app-services' {
  interface Services {
    visitScorecards: VisitScorecardsService;
  }
}

export const visitScorecardsModule = defineModule({
  name: 'visit-scorecards',
  services: ({ db, services: { audit, objectAccess, visitEvents } }) => {
    // Scorecard documents follow every change of a visit, in the change's transaction (decision 0030).
    scorecardAssignmentsListener(visitEvents);
    return { visitScorecards: createVisitScorecardsService({ db, audit, objectAccess, visitEvents }) };
  },
  routes: visitScorecardsRoutes,
  collections: [syncCollection(visitScorecardsCollection)],
});
