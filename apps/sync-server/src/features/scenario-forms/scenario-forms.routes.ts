import {
  addQuestionRequestSchema,
  attachRubricParamsSchema,
  editQuestionRequestSchema,
  enableFormRequestSchema,
  formChangedResponseSchema,
  formEnabledResponseSchema,
  formIdParamsSchema,
  formInstructionsRequestSchema,
  formQuestionParamsSchema,
  formQuestionResponseSchema,
  formRubricParamsSchema,
  formScenarioParamsSchema,
  reorderFormRequestSchema,
  SCENARIO_FORM_KINDS,
  SCENARIO_FORM_LABELS,
  type ScenarioFormKind,
  scenarioFormResponseSchema,
} from '@simvisit/schema';
import { actorOf } from '../../http/actor';
import { type AnyRoute, defineRoute } from '../../http/route';

/*
 * The form calls of spec 001 §7, the same shape under api/scorecard, api/feedback-form and
 * api/participant-feedback, plus the attach calls api/rubric/{rubricId}/{kind}/{formId}. `find` takes the
 * scenario id for all three kinds; every other {id} is the form id. Access is 'authenticated': who may read or
 * change a form depends on the scenario (author, admin, status), which the service decides.
 */
const tag = 'Scenario forms';
const signedIn = { type: 'authenticated' } as const;

function formRoutes(kind: ScenarioFormKind): AnyRoute[] {
  const base = `/api/${kind}`;
  const name = SCENARIO_FORM_LABELS[kind].noun;
  const forms = (c: Parameters<AnyRoute['handler']>[0]['c']) => c.var.services.scenarioForms;
  return [
    defineRoute({
      method: 'GET',
      path: `${base}/find/:id`,
      tag,
      summary: `The ${name} of a scenario (by scenario id) with its ordered questions and rubrics`,
      access: signedIn,
      scope: 'object',
      params: formScenarioParamsSchema,
      response: scenarioFormResponseSchema,
      handler: async ({ c, params }) => forms(c).find(await actorOf(c), kind, params.id),
    }),
    defineRoute({
      method: 'POST',
      path: `${base}/:id/add-question`,
      tag,
      summary: `Add a question (type 1–4, sanitized HTML text, answers by type) at the end of the ${name}`,
      access: signedIn,
      scope: 'object',
      params: formIdParamsSchema,
      body: addQuestionRequestSchema,
      response: formQuestionResponseSchema,
      handler: async ({ c, params, body }) => forms(c).addQuestion(await actorOf(c), kind, params.id, body),
    }),
    defineRoute({
      method: 'POST',
      path: `${base}/:id/edit-question`,
      tag,
      summary: `Replace the text, type and answers of a question of the ${name}`,
      access: signedIn,
      scope: 'object',
      params: formIdParamsSchema,
      body: editQuestionRequestSchema,
      response: formQuestionResponseSchema,
      handler: async ({ c, params, body }) => forms(c).editQuestion(await actorOf(c), kind, params.id, body.question_id, body),
    }),
    defineRoute({
      method: 'POST',
      path: `${base}/:id/enable`,
      tag,
      summary: `Switch the ${name} on or off (is_enabled 0/1; toggles without it)`,
      access: signedIn,
      scope: 'object',
      params: formIdParamsSchema,
      body: enableFormRequestSchema,
      response: formEnabledResponseSchema,
      handler: async ({ c, params, body }) => forms(c).enable(await actorOf(c), kind, params.id, body.is_enabled),
    }),
    defineRoute({
      method: 'POST',
      path: `${base}/:id/remove-question/:qid`,
      tag,
      summary: `Remove a question from the ${name}`,
      access: signedIn,
      scope: 'object',
      params: formQuestionParamsSchema,
      response: formChangedResponseSchema,
      handler: async ({ c, params }) => forms(c).removeQuestion(await actorOf(c), kind, params.id, params.qid),
    }),
    defineRoute({
      method: 'POST',
      path: `${base}/:id/remove-rubric/:rid`,
      tag,
      summary: `Detach a rubric from the ${name}`,
      access: signedIn,
      scope: 'object',
      params: formRubricParamsSchema,
      response: formChangedResponseSchema,
      handler: async ({ c, params }) => forms(c).removeRubric(await actorOf(c), kind, params.id, params.rid),
    }),
    defineRoute({
      method: 'POST',
      path: `${base}/:id/reorder`,
      tag,
      summary: `Reorder the ${name}: order lists each of its item ids exactly once`,
      access: signedIn,
      scope: 'object',
      params: formIdParamsSchema,
      body: reorderFormRequestSchema,
      response: formChangedResponseSchema,
      handler: async ({ c, params, body }) => forms(c).reorder(await actorOf(c), kind, params.id, body.order),
    }),
    defineRoute({
      method: 'POST',
      path: `${base}/:id/instructions`,
      tag,
      summary: `Save the ${name}'s instructions (plain text; empty clears them)`,
      access: signedIn,
      scope: 'object',
      params: formIdParamsSchema,
      body: formInstructionsRequestSchema,
      response: formChangedResponseSchema,
      handler: async ({ c, params, body }) => forms(c).saveInstructions(await actorOf(c), kind, params.id, body.instructions),
    }),
    defineRoute({
      method: 'POST',
      path: `/api/rubric/:id/${kind}/:x`,
      tag,
      summary: `Attach a published rubric (id) to a ${name} (x = the form id); once per form`,
      access: signedIn,
      scope: 'object',
      params: attachRubricParamsSchema,
      response: formChangedResponseSchema,
      handler: async ({ c, params }) => forms(c).attachRubric(await actorOf(c), kind, params.x, params.id),
    }),
  ];
}

export const scenarioFormsRoutes: AnyRoute[] = SCENARIO_FORM_KINDS.flatMap(formRoutes);
