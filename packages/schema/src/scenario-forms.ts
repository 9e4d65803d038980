import { z } from 'zod/mini';
import { idSchema, MAX_ID } from './ids';
import { questionSchema, RUBRIC_INSTRUCTIONS_MAX, RUBRIC_MESSAGES } from './rubrics';
import {
  canEditFormOf,
  canRemoveFromFormOf,
  canReorderFormOf,
  canViewScenario,
  isAuthorOf,
  isScenarioAdmin,
  type ScenarioActor,
  type ScenarioFacts,
} from './scenario-rules';
import { SCENARIO_FORM_KINDS, SCENARIO_MESSAGES, SCENARIO_STATUS, type ScenarioFormKind } from './scenarios';

/**
 * The three forms of a scenario (spec 001 §3, §7): the observer scorecard (`scorecard`), the SP scorecard
 * (`feedback-form`) and participant feedback (`participant-feedback`). The kind is also the API prefix
 * (api/scorecard, api/feedback-form, api/participant-feedback). docs/decisions/0021-scenario-forms.md.
 */

/** How each form is named: the authoring page's tab (spec 001 §2) and the noun of its notices (§8). */
export const SCENARIO_FORM_LABELS: Record<ScenarioFormKind, { tab: string; noun: string }> = {
  scorecard: { tab: 'Observer Scorecard', noun: 'scorecard' },
  'feedback-form': { tab: 'SP Scorecard', noun: 'feedback form' },
  'participant-feedback': { tab: 'Participant Feedback', noun: 'participant feedback' },
};

/** The scenario column that switches each form on (spec 001 §3). */
export const SCENARIO_FORM_ENABLED_COLUMN = {
  scorecard: 'is_scorecard_enabled',
  'feedback-form': 'is_feedback_form_enabled',
  'participant-feedback': 'is_participant_feedback_enabled',
} as const satisfies Record<ScenarioFormKind, string>;

export const FORM_INSTRUCTIONS_MAX = RUBRIC_INSTRUCTIONS_MAX;
/** More items than any form needs; bounds the reorder body. */
export const FORM_ITEMS_MAX = 500;

const label = (kind: ScenarioFormKind) => SCENARIO_FORM_LABELS[kind];

/** The spec's words (001 §8) and the product's where the spec is silent; shared by the server and the PWA. */
export const SCENARIO_FORM_MESSAGES = {
  noAccess: SCENARIO_MESSAGES.noAccess,
  notYours: 'You do not have permission to change the forms of this scenario.',
  lockedInReview: SCENARIO_MESSAGES.lockedInReview,
  notEditable: SCENARIO_MESSAGES.notEditable,
  reorderLocked: 'Questions cannot be reordered once the scenario is published or archived.',
  removeLocked: 'Questions can only be removed while the scenario is a draft or being edited (admins: also while approved).',
  notFound: 'Form not found.',
  questionNotFound: RUBRIC_MESSAGES.questionNotFound,
  questionTextRequired: RUBRIC_MESSAGES.textRequired,
  rubricNotFound: RUBRIC_MESSAGES.notFound,
  rubricNotPublished: 'Only published rubrics can be attached.',
  rubricAlreadyAttached: 'This rubric is already attached to this form.',
  rubricNotAttached: 'This rubric is not attached to this form.',
  reorderMismatch: 'The order must list every item of the form exactly once.',
  instructionsTooLong: `Instructions may not be longer than ${FORM_INSTRUCTIONS_MAX} characters.`,
  enabledInvalid: 'is_enabled must be 0 or 1.',
  // success notices (spec 001 §8 for the questions)
  questionAdded: RUBRIC_MESSAGES.questionAdded,
  questionEdited: RUBRIC_MESSAGES.questionEdited,
  questionDeleted: RUBRIC_MESSAGES.questionDeleted,
  rubricAttached: 'Rubric attached',
  rubricRemoved: 'Rubric removed',
  reordered: RUBRIC_MESSAGES.reordered,
  instructionsSaved: 'Instructions saved',
  // error titles of the builder (spec 001 §8)
  reorderError: 'There was an error reordering the questions.',
  instructionsError: 'Error saving instructions',
  deleteError: 'Error Deleting Question.',
  // People meet the forms by their tab names; the error title keeps the spec's noun.
  enabled: (kind: ScenarioFormKind) => `${label(kind).tab} enabled`,
  disabled: (kind: ScenarioFormKind) => `${label(kind).tab} disabled`,
  enableError: (kind: ScenarioFormKind) => `Error enabling ${label(kind).noun}`,
  emptyForm: (kind: ScenarioFormKind) => `Add a question or a rubric before enabling the ${label(kind).tab}.`,
  lastItem: (kind: ScenarioFormKind) =>
    `The ${label(kind).tab} is enabled and needs at least one question or rubric. Disable it before removing the last one.`,
} as const;
const M = SCENARIO_FORM_MESSAGES;

/** What a change to a form needs: edit (add/edit question, attach, instructions, enable), reorder, remove. */
export type FormChange = 'edit' | 'reorder' | 'remove';

/**
 * Why the caller may not make a change to a scenario's forms (spec 001 §4), or null when they may: 403 when
 * they cannot see the scenario or are neither its author nor a scenario admin; 409 with the status's reason
 * when they could change the forms in another status.
 */
export function formChangeRefusal(a: ScenarioActor, s: ScenarioFacts, change: FormChange): { status: 403 | 409; message: string } | null {
  if (!canViewScenario(a, s)) return { status: 403, message: M.noAccess };
  const allowed = change === 'edit' ? canEditFormOf(a, s) : change === 'reorder' ? canReorderFormOf(a, s) : canRemoveFromFormOf(a, s);
  if (allowed) return null;
  if (!isAuthorOf(a, s) && !isScenarioAdmin(a)) return { status: 403, message: M.notYours };
  if (s.status === SCENARIO_STATUS.review) return { status: 409, message: M.lockedInReview };
  if (change === 'reorder' && (s.status === SCENARIO_STATUS.published || s.status === SCENARIO_STATUS.archived)) {
    return { status: 409, message: M.reorderLocked };
  }
  if (change === 'remove') return { status: 409, message: M.removeLocked };
  return { status: 409, message: M.notEditable };
}

/** What the builder may offer the caller for one scenario (the PWA shows only what the server accepts). */
export function formAbilities(a: ScenarioActor, s: ScenarioFacts) {
  return {
    can_edit: formChangeRefusal(a, s, 'edit') === null,
    can_reorder: formChangeRefusal(a, s, 'reorder') === null,
    can_remove: formChangeRefusal(a, s, 'remove') === null,
  };
}

// ---- requests ----
const id = idSchema();
export const scenarioFormKindSchema = z.enum(SCENARIO_FORM_KINDS);
/** GET api/{kind}/find/{id}: the scenario id (for all three kinds). */
export const formScenarioParamsSchema = z.object({ id });
/** {id} of every other form call: the form id. */
export const formIdParamsSchema = z.object({ id });
export const formQuestionParamsSchema = z.object({ id, qid: id });
export const formRubricParamsSchema = z.object({ id, rid: id });
/** POST api/rubric/{id}/{kind}/{x}: the rubric id, then the form id. */
export const attachRubricParamsSchema = z.object({ id, x: id });

export const reorderFormRequestSchema = z.object({
  order: z
    .array(z.number().check(z.int()).check(z.positive()).check(z.lte(MAX_ID)), { error: M.reorderMismatch })
    .check(z.maxLength(FORM_ITEMS_MAX, { error: M.reorderMismatch })),
});
export type ReorderFormRequest = z.infer<typeof reorderFormRequestSchema>;

/** Plain text; an empty text clears the instructions. */
export const formInstructionsRequestSchema = z.object({
  instructions: z.pipe(
    z.nullish(z.string({ error: M.instructionsTooLong }).check(z.maxLength(FORM_INSTRUCTIONS_MAX, { error: M.instructionsTooLong }))),
    z.transform((s) => (s?.trim() ? s.trim() : null)),
  ),
});
export type FormInstructionsRequest = z.infer<typeof formInstructionsRequestSchema>;

/** POST {id}/enable: `is_enabled` sets the switch; without it the call toggles (the spec's form). */
export const enableFormRequestSchema = z.object({
  is_enabled: z.pipe(
    z.optional(z.union([z.boolean(), z.literal(0), z.literal(1)], { error: M.enabledInvalid })),
    z.transform((v) => (v === undefined ? undefined : v === true || v === 1)),
  ),
});
export type EnableFormRequest = z.infer<typeof enableFormRequestSchema>;

// ---- responses ----
export const attachedRubricSchema = z.object({
  id: z.number(),
  name: z.string(),
  learner_instructions: z.nullable(z.string()),
  scorer_instructions: z.nullable(z.string()),
  display_type: z.number(),
  questions: z.array(questionSchema),
});
export type AttachedRubric = z.infer<typeof attachedRubricSchema>;

export const formItemSchema = z.discriminatedUnion('type', [
  z.object({ id: z.number(), position: z.number(), type: z.literal('question'), question: questionSchema }),
  z.object({ id: z.number(), position: z.number(), type: z.literal('rubric'), rubric: attachedRubricSchema }),
]);
export type FormItem = z.infer<typeof formItemSchema>;

export const scenarioFormSchema = z.object({
  id: z.number(),
  scenario_id: z.number(),
  kind: scenarioFormKindSchema,
  instructions: z.nullable(z.string()),
  is_enabled: z.union([z.literal(0), z.literal(1)]),
  items: z.array(formItemSchema),
  /** what the caller may do with this form now */
  abilities: z.object({ can_edit: z.boolean(), can_reorder: z.boolean(), can_remove: z.boolean() }),
});
export type ScenarioForm = z.infer<typeof scenarioFormSchema>;

export const scenarioFormResponseSchema = z.object({ form: scenarioFormSchema });
export const formChangedResponseSchema = z.object({ message: z.string(), form: scenarioFormSchema });
export const formQuestionResponseSchema = z.object({ message: z.string(), question: questionSchema, form: scenarioFormSchema });
export const formEnabledResponseSchema = z.object({
  is_enabled: z.union([z.literal(0), z.literal(1)]),
  message: z.string(),
  form: scenarioFormSchema,
});
