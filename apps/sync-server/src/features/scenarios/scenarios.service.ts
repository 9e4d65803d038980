/**
 * Scenarios (spec 001 §2–§7): authoring, the review lifecycle and the side-panel configuration. The rules of
 * who may do what are the shared pure functions of packages/schema scenario-rules.ts; this service loads the
 * facts, locks the scenario row around every check-then-change, and writes. Field edits (REST or offline
 * pushes) go through the sync engine's write path so both obey the same collection rules; status, reviewer,
 * live edit and delete are server-owned changes of the replicated document. docs/decisions/0017.
 */
import { createScenarioAuthoring } from './scenario-authoring';
import { createScenarioContext, type ScenariosDeps } from './scenario-context';
import { createScenarioLists } from './scenario-lists';
import { createScenarioPages } from './scenario-pages';
import { createScenarioReview } from './scenario-review';
import { createScenarioSidePanel } from './scenario-side-panel';

/** The scenarios service, composed of its parts: each file holds one sub-resource, all share one context. */
export function createScenariosService(deps: ScenariosDeps) {
  const ctx = createScenarioContext(deps);
  const { transition, liveEdit, take } = createScenarioReview(ctx);
  return {
    ...createScenarioPages(ctx),
    ...createScenarioAuthoring(ctx, { transition, liveEdit }),
    take,
    ...createScenarioLists(ctx),
    ...createScenarioSidePanel(ctx),
  };
}
export type ScenariosService = ReturnType<typeof createScenariosService>;
