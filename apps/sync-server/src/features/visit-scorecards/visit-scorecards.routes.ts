import { visitScorecardsApi as api, SCORECARD_KINDS, scorecardSubmitCalls } from '@simvisit/schema';
import { actorOf } from '../../http/actor';
import { type AnyRoute, implement } from '../../http/route';

/** Visit submissions (contracts in packages/schema/src/api/visit-scorecards.ts): the load, by GET and POST, and the submits. */
export const visitScorecardsRoutes: AnyRoute[] = [
  implement(api.scorecard, async ({ c, params: p }) => c.var.services.visitScorecards.scorecard(await actorOf(c), p.id)),
  implement(api.fetchScorecard, async ({ c, params: p }) => c.var.services.visitScorecards.scorecard(await actorOf(c), p.id)),
  ...SCORECARD_KINDS.map((kind) =>
    implement(scorecardSubmitCalls[kind], async ({ c, params: p, body }) =>
      c.var.services.visitScorecards.submit(await actorOf(c), p.id, kind, body),
    ),
  ),
];
