import { defineContract } from '../api-contract';
import { visitIdParamsSchema } from '../visit-detail-requests';
import { submitScorecardRequestSchema } from '../visit-scorecard-answers';
import { submitScorecardResponseSchema, visitScorecardResponseSchema } from '../visit-scorecard-page';
import type { ScorecardKind } from '../visit-scorecards';

/*
 * Visit submissions (spec 001 §7; spec 002 §7): the scorecard load (`view`, `visit`) and the three submits with
 * `responses` of question_id and response. Paths as in docs/decisions/0030-visit-scorecards.md; the answers of
 * SPs and observers also arrive offline through /sync/v1/visit_scorecards/push (same rules).
 */
const tag = 'Visit scorecards';
const signedIn = { type: 'authenticated' } as const;
const params = visitIdParamsSchema;
const LOAD_SUMMARY =
  'The visit scorecard page: view (form, observer_complete, learner_complete), the visit and the forms the caller may see';
const SUBMIT_REFUSALS = "422 'Response is required' per open question; 409 when already submitted";

/** The scorecard page's load, by either method (the same read). */
const scorecardLoad = (method: 'GET' | 'POST') =>
  defineContract({
    method,
    path: '/api/visit/:id/scorecard',
    tag,
    summary: LOAD_SUMMARY,
    access: signedIn,
    scope: 'object',
    stateChanging: false,
    params,
    response: visitScorecardResponseSchema,
  });

export const visitScorecardsApi = {
  scorecard: scorecardLoad('GET'),
  /** spec 001 §7 documents the load as a POST ("fetch"); it changes nothing, so it needs no CSRF token either. */
  fetchScorecard: scorecardLoad('POST'),
  submitObserverScorecard: defineContract({
    method: 'POST',
    path: '/api/visit/:id/scorecard/submit',
    tag,
    summary: `Submit the caller's observer scorecard; completes the visit's scorecard once every observer is done. ${SUBMIT_REFUSALS}`,
    access: signedIn,
    scope: 'object',
    params,
    body: submitScorecardRequestSchema,
    response: submitScorecardResponseSchema,
  }),
  submitFeedbackForm: defineContract({
    method: 'POST',
    path: '/api/visit/:id/feedback-form/submit',
    tag,
    summary: `Submit the SP scorecard (the feedback form) as the SP; completes the visit. ${SUBMIT_REFUSALS}`,
    access: signedIn,
    scope: 'object',
    params,
    body: submitScorecardRequestSchema,
    response: submitScorecardResponseSchema,
  }),
  submitParticipantFeedback: defineContract({
    method: 'POST',
    path: '/api/visit/:id/participant-feedback/submit',
    tag,
    summary: `Submit participant feedback as the learner of a complete visit. ${SUBMIT_REFUSALS}`,
    access: signedIn,
    scope: 'object',
    params,
    body: submitScorecardRequestSchema,
    response: submitScorecardResponseSchema,
  }),
};

/** The submit call of each scorecard kind. */
export const scorecardSubmitCalls = {
  scorecard: visitScorecardsApi.submitObserverScorecard,
  'feedback-form': visitScorecardsApi.submitFeedbackForm,
  'participant-feedback': visitScorecardsApi.submitParticipantFeedback,
} satisfies Record<ScorecardKind, unknown>;
