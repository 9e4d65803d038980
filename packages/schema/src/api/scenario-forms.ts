import { defineContract } from '../api-contract';
import { addQuestionRequestSchema, editQuestionRequestSchema } from '../rubrics';
import {
  attachRubricParamsSchema,
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
  SCENARIO_FORM_LABELS,
  scenarioFormResponseSchema,
} from '../scenario-forms';
import type { ScenarioFormKind } from '../scenarios';

/*
 * The form calls of spec 001 §7, the same shape under api/scorecard, api/feedback-form and
 * api/participant-feedback, plus the attach calls api/rubric/{rubricId}/{kind}/{formId}. `find` takes the
 * scenario id for all three kinds; every other {id} is the form id. Access is 'authenticated': who may read or
 * change a form depends on the scenario (author, admin, status), which the service decides.
 */
const tag = 'Scenario forms';
const signedIn = { type: 'authenticated' } as const;

/** The nine calls of one kind of form; the three kinds differ only in their paths and words. */
function formContracts(kind: ScenarioFormKind) {
  const base = `/api/${kind}`;
  const name = SCENARIO_FORM_LABELS[kind].noun;
  return {
    find: defineContract({
      method: 'GET',
      path: `${base}/find/:id`,
      tag,
      summary: `The ${name} of a scenario (by scenario id) with its ordered questions and rubrics`,
      access: signedIn,
      scope: 'object',
      params: formScenarioParamsSchema,
      response: scenarioFormResponseSchema,
    }),
    addQuestion: defineContract({
      method: 'POST',
      path: `${base}/:id/add-question`,
      tag,
      summary: `Add a question (type 1–4, sanitized HTML text, answers by type) at the end of the ${name}`,
      access: signedIn,
      scope: 'object',
      params: formIdParamsSchema,
      body: addQuestionRequestSchema,
      response: formQuestionResponseSchema,
    }),
    editQuestion: defineContract({
      method: 'POST',
      path: `${base}/:id/edit-question`,
      tag,
      summary: `Replace the text, type and answers of a question of the ${name}`,
      access: signedIn,
      scope: 'object',
      params: formIdParamsSchema,
      body: editQuestionRequestSchema,
      response: formQuestionResponseSchema,
    }),
    enable: defineContract({
      method: 'POST',
      path: `${base}/:id/enable`,
      tag,
      summary: `Switch the ${name} on or off (is_enabled 0/1; toggles without it)`,
      access: signedIn,
      scope: 'object',
      params: formIdParamsSchema,
      body: enableFormRequestSchema,
      response: formEnabledResponseSchema,
    }),
    removeQuestion: defineContract({
      method: 'POST',
      path: `${base}/:id/remove-question/:qid`,
      tag,
      summary: `Remove a question from the ${name}`,
      access: signedIn,
      scope: 'object',
      params: formQuestionParamsSchema,
      response: formChangedResponseSchema,
    }),
    removeRubric: defineContract({
      method: 'POST',
      path: `${base}/:id/remove-rubric/:rid`,
      tag,
      summary: `Detach a rubric from the ${name}`,
      access: signedIn,
      scope: 'object',
      params: formRubricParamsSchema,
      response: formChangedResponseSchema,
    }),
    reorder: defineContract({
      method: 'POST',
      path: `${base}/:id/reorder`,
      tag,
      summary: `Reorder the ${name}: order lists each of its item ids exactly once`,
      access: signedIn,
      scope: 'object',
      params: formIdParamsSchema,
      body: reorderFormRequestSchema,
      response: formChangedResponseSchema,
    }),
    saveInstructions: defineContract({
      method: 'POST',
      path: `${base}/:id/instructions`,
      tag,
      summary: `Save the ${name}'s instructions (plain text; empty clears them)`,
      access: signedIn,
      scope: 'object',
      params: formIdParamsSchema,
      body: formInstructionsRequestSchema,
      response: formChangedResponseSchema,
    }),
    attachRubric: defineContract({
      method: 'POST',
      path: `/api/rubric/:id/${kind}/:x`,
      tag,
      summary: `Attach a published rubric (id) to a ${name} (x = the form id); once per form`,
      access: signedIn,
      scope: 'object',
      params: attachRubricParamsSchema,
      response: formChangedResponseSchema,
    }),
  };
}
export type ScenarioFormContracts = ReturnType<typeof formContracts>;

/** The form calls by kind: `scenarioFormsApi[form.kind].reorder`. */
export const scenarioFormsApi: Record<ScenarioFormKind, ScenarioFormContracts> = {
  scorecard: formContracts('scorecard'),
  'feedback-form': formContracts('feedback-form'),
  'participant-feedback': formContracts('participant-feedback'),
};
