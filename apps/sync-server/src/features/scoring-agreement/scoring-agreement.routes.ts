import { scoringAgreementApi as api } from '@simvisit/schema';
import { actorOf } from '../../http/actor';
import { type AnyRoute, implement } from '../../http/route';

/** The scoring agreement report (contract in packages/schema/src/api/scoring-agreement.ts); the service checks the scenario. */
export const scoringAgreementRoutes: AnyRoute[] = [
  implement(api.scenarios, async ({ c }) => c.var.services.scoringAgreement.scenarios(await actorOf(c))),
  implement(api.report, async ({ c, query }) => c.var.services.scoringAgreement.report(await actorOf(c), query)),
];
