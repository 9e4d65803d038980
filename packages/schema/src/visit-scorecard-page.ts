import { z } from 'zod/mini';
import { questionSchema } from './rubrics';
import { formItemSchema } from './scenario-forms';
import { SCORECARD_DISPLAY_TYPE } from './scenario-scorecard-display';
import { scorecardResponseSchema } from './visit-scorecard-answers';
import { SCORECARD_KINDS, SCORECARD_TITLES, type ScorecardKind } from './visit-scorecards';

/** The scorecard page (spec 002 §2.3): its views and tabs by display type, and the REST answers it is built from. */

export const SCORECARD_VIEWS = ['form', 'observer_complete', 'learner_complete'] as const;
export type ScorecardView = (typeof SCORECARD_VIEWS)[number];
/** Who looks: the person scoring (SP or observer), the learner, or staff (admins, client admins). */
export type ScorecardAudience = 'scorer' | 'learner' | 'staff';

export interface ScorecardTab {
  id: string;
  label: string;
  kind: 'own' | 'sp' | 'observer' | 'merged' | 'participant';
  /** 0-based index into the observer scorecards (kind observer) */
  index?: number;
}

export interface ScorecardTabsInput {
  view: ScorecardView;
  audience: ScorecardAudience;
  displayTypeId: number;
  /** the scorer's own form (view form and observer_complete) */
  ownKind?: ScorecardKind | null;
  /** the SP scorecard is part of the visit (enabled, or submitted) */
  sp: boolean;
  /** submitted observer scorecards */
  observerCount: number;
  /** a participant feedback tab applies (enabled for the learner, or submitted) */
  participant: boolean;
}

const SHOWS_SP = new Set<number>([
  SCORECARD_DISPLAY_TYPE.feedback,
  SCORECARD_DISPLAY_TYPE.feedback_individual,
  SCORECARD_DISPLAY_TYPE.feedback_merged,
  SCORECARD_DISPLAY_TYPE.feedback_individual_merged,
]);
const SHOWS_INDIVIDUAL = new Set<number>([
  SCORECARD_DISPLAY_TYPE.feedback_individual,
  SCORECARD_DISPLAY_TYPE.feedback_individual_merged,
  SCORECARD_DISPLAY_TYPE.individual,
  SCORECARD_DISPLAY_TYPE.individual_merged,
]);
const SHOWS_MERGED = new Set<number>([
  SCORECARD_DISPLAY_TYPE.feedback_merged,
  SCORECARD_DISPLAY_TYPE.feedback_individual_merged,
  SCORECARD_DISPLAY_TYPE.merged,
  SCORECARD_DISPLAY_TYPE.individual_merged,
]);

/** What the display type lets the learner see (spec 002 §3); 0 (zero) and 1 (none) show no scorecard. */
export function displayParts(displayTypeId: number) {
  return { sp: SHOWS_SP.has(displayTypeId), individual: SHOWS_INDIVIDUAL.has(displayTypeId), merged: SHOWS_MERGED.has(displayTypeId) };
}

/**
 * The tabs of the scorecard page (spec 002 §2.3), decided by the view value and the scenario's display type:
 * - form / observer_complete: the scorer's own form ('SP Scorecard' or 'Observer Scorecard');
 * - learner_complete for the learner: 'SP Scorecard', 'Scorecard 1..n' (each observer's, unnamed) and 'Merged'
 *   as the display type says, then 'Participant Feedback';
 * - learner_complete for staff (admins, client admins): every scorecard, the observers' as 'Observer Scorecard
 *   1..n', 'Merged' when there is one, then 'Participant Feedback'.
 */
export function scorecardTabs(input: ScorecardTabsInput): ScorecardTab[] {
  if (input.view !== 'learner_complete') {
    return input.ownKind ? [{ id: 'own', label: SCORECARD_TITLES[input.ownKind], kind: 'own' }] : [];
  }
  const staff = input.audience === 'staff';
  const parts = staff ? { sp: true, individual: true, merged: true } : displayParts(input.displayTypeId);
  const tabs: ScorecardTab[] = [];
  if (parts.sp && input.sp) tabs.push({ id: 'sp', label: SCORECARD_TITLES['feedback-form'], kind: 'sp' });
  if (parts.individual) {
    for (let i = 0; i < input.observerCount; i++) {
      tabs.push({
        id: `observer-${i + 1}`,
        label: staff ? `Observer Scorecard ${i + 1}` : `Scorecard ${i + 1}`,
        kind: 'observer',
        index: i,
      });
    }
  }
  if (parts.merged && input.observerCount > 0) tabs.push({ id: 'merged', label: 'Merged', kind: 'merged' });
  if (input.participant) tabs.push({ id: 'participant', label: SCORECARD_TITLES['participant-feedback'], kind: 'participant' });
  return tabs;
}

// ---- REST answers ----

export const filledFormSchema = z.object({
  kind: z.enum(SCORECARD_KINDS),
  title: z.string(),
  instructions: z.nullable(z.string()),
  items: z.array(formItemSchema),
  responses: z.array(scorecardResponseSchema),
  submitted_at: z.nullable(z.string()),
  /** the observer's name, for staff only */
  scorer_name: z.nullable(z.string()),
});
export type FilledForm = z.infer<typeof filledFormSchema>;

export const mergedQuestionSchema = z.object({
  question: questionSchema,
  merged: z.discriminatedUnion('type', [
    z.object({
      type: z.literal('choice'),
      counts: z.array(z.object({ answer_id: z.number(), answer: z.string(), count: z.number() })),
      total: z.number(),
    }),
    z.object({ type: z.literal('likert'), counts: z.array(z.number()), average: z.nullable(z.number()), total: z.number() }),
    z.object({ type: z.literal('text'), texts: z.array(z.string()) }),
  ]),
});

export const scorecardPageVisitSchema = z.object({
  id: z.number(),
  scenario_id: z.number(),
  scenario_title: z.string(),
  patient_name: z.string(),
  learner_name: z.string(),
  start_at: z.string(),
  is_complete: z.boolean(),
  is_canceled: z.boolean(),
  no_show: z.boolean(),
  learner_technical_issue: z.boolean(),
  is_scorecard_complete: z.boolean(),
  is_feedback_form_complete: z.boolean(),
  is_participant_feedback_complete: z.boolean(),
  is_participant_feedback_enabled: z.boolean(),
  scorecard_display_type_id: z.number(),
  /** the SP scorecard, when the display type (or the caller) lets them see it */
  feedback_form: z.nullable(filledFormSchema),
  /** the submitted observer scorecards the caller may see, in the order they were submitted */
  observer_scorecards: z.array(filledFormSchema),
  /** the observers' scorecards merged question by question, when the caller may see it */
  merged: z.nullable(z.array(mergedQuestionSchema)),
  /** the learner's participant feedback (the form to fill for the learner while open) */
  participant_feedback: z.nullable(filledFormSchema),
});
export type ScorecardPageVisit = z.infer<typeof scorecardPageVisitSchema>;

export const visitScorecardResponseSchema = z.object({
  view: z.enum(SCORECARD_VIEWS),
  audience: z.enum(['scorer', 'learner', 'staff']),
  visit: scorecardPageVisitSchema,
  /** the caller's own form document (offline answers), when they score this visit */
  my_scorecard: z.nullable(z.object({ doc_id: z.string(), kind: z.enum(SCORECARD_KINDS), submitted_at: z.nullable(z.string()) })),
  /** the learner may give participant feedback now */
  participant_feedback_available: z.boolean(),
  tabs: z.array(z.object({ id: z.string(), label: z.string(), kind: z.string(), index: z.optional(z.number()) })),
});
export type VisitScorecardResponse = z.infer<typeof visitScorecardResponseSchema>;

export const submitScorecardResponseSchema = z.extend(visitScorecardResponseSchema, { message: z.string() });
