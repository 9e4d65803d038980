import { SCENARIO_FORM_KINDS, type ScenarioFormKind, scenarioFormsApi } from '@simvisit/schema';
import type { Context } from 'hono';
import { actorOf } from '../../http/actor';
import type { AppEnv } from '../../http/app-env';
import { type AnyRoute, implement } from '../../http/route';

/*
 * The form calls of each kind (contracts in packages/schema/src/api/scenario-forms.ts); the service decides who
 * may read or change a form from its scenario.
 */
function formRoutes(kind: ScenarioFormKind): AnyRoute[] {
  const api = scenarioFormsApi[kind];
  const forms = (c: Context<AppEnv>) => c.var.services.scenarioForms;
  return [
    implement(api.find, async ({ c, params }) => forms(c).find(await actorOf(c), kind, params.id)),
    implement(api.addQuestion, async ({ c, params, body }) => forms(c).addQuestion(await actorOf(c), kind, params.id, body)),
    implement(api.editQuestion, async ({ c, params, body }) =>
      forms(c).editQuestion(await actorOf(c), kind, params.id, body.question_id, body),
    ),
    implement(api.enable, async ({ c, params, body }) => forms(c).enable(await actorOf(c), kind, params.id, body.is_enabled)),
    implement(api.removeQuestion, async ({ c, params }) => forms(c).removeQuestion(await actorOf(c), kind, params.id, params.qid)),
    implement(api.removeRubric, async ({ c, params }) => forms(c).removeRubric(await actorOf(c), kind, params.id, params.rid)),
    implement(api.reorder, async ({ c, params, body }) => forms(c).reorder(await actorOf(c), kind, params.id, body.order)),
    implement(api.saveInstructions, async ({ c, params, body }) =>
      forms(c).saveInstructions(await actorOf(c), kind, params.id, body.instructions),
    ),
    implement(api.attachRubric, async ({ c, params }) => forms(c).attachRubric(await actorOf(c), kind, params.x, params.id)),
  ];
}

export const scenarioFormsRoutes: AnyRoute[] = SCENARIO_FORM_KINDS.flatMap(formRoutes);
