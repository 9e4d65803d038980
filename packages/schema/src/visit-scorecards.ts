import { LIKERT_ANSWER_COUNT } from './rubrics';
import { SCENARIO_FORM_KINDS, type ScenarioFormKind } from './scenarios';
import { VISIT_MESSAGES } from './visits';

/**
 * Visit scorecards (spec 002 §2.3, §3, §4, §5, §8; spec 001 §3, §7 'Visit submissions'; SECURITY VAL-06;
 * docs/decisions/0030-visit-scorecards.md). A visit has up to three kinds of forms, each a scenario form:
 * the SP scorecard (`feedback-form`, filled by the visit's SP), the observer scorecard (`scorecard`, one per
 * assigned observer) and participant feedback (`participant-feedback`, filled by the learner). Each person's
 * answers are one replicated document (`visit_scorecards`), so SPs and observers answer and submit offline;
 * the server validates every submission with the rules of visit-scorecard-answers.ts (the same ones the PWA
 * checks first). This file holds the kinds, the messages and the notices; the answers, the submission rules,
 * the replicated document and the scorecard page have a file each (visit-scorecard-*.ts).
 */

export const VISIT_SCORECARD_COLLECTION = 'visit_scorecards';

/** The three kinds, as the scenario forms name them (the SP scorecard is the scenario's feedback form). */
export const SCORECARD_KINDS = SCENARIO_FORM_KINDS;
export type ScorecardKind = ScenarioFormKind;

/** Longest free-text answer. */
export const RESPONSE_TEXT_MAX = 10_000;
/** More responses than any form has; bounds a request. */
export const RESPONSES_MAX = 500;

export const VISIT_SCORECARD_MESSAGES = {
  responseRequired: 'Response is required',
  invalidType: 'Invalid question type',
  incompleteFeedbackForm: 'All fields must be completed before submitting feedback form.',
  incompleteScorecard: 'All fields must be completed before submitting scorecard.',
  notAnOption: 'Choose one of the answers given.',
  likertRange: `Choose a value from 1 to ${LIKERT_ANSWER_COUNT}.`,
  textTooLong: `Answers may not be longer than ${RESPONSE_TEXT_MAX} characters.`,
  unknownQuestion: 'This question is not part of this form.',
  duplicateQuestion: 'Each question can be answered once.',
  alreadySubmitted: 'This scorecard has already been submitted.',
  alreadySubmittedFeedback: 'This feedback has already been submitted.',
  visitClosed: 'This visit was canceled, so its scorecards can no longer be submitted.',
  notStarted: 'The scorecard can be submitted once the visit has started.',
  notComplete: 'Participant feedback can be given once the visit is complete.',
  notEnabled: 'This form is not enabled for the scenario.',
  notAssigned: 'You are not assigned to this scorecard.',
  noLongerAssigned: 'You are no longer assigned to score this visit.',
  serverOwned: 'Only the answers and the submission of a scorecard can be changed.',
  createdByServer: 'Scorecards are created by the server.',
  onlySp: "Only the visit's SP can submit the SP Scorecard.",
  onlyObserver: "Only the visit's assigned observers can submit a scorecard.",
  onlyLearner: "Only the visit's learner can give participant feedback.",
  notFound: 'Visit not found.',
  noAccess: 'You do not have access to this visit.',
  // spec 002 §8
  spSubmitted: VISIT_MESSAGES.spScorecardSubmitted,
  scorecardSubmitted: VISIT_MESSAGES.scorecardSubmitted,
  participantSubmitted: VISIT_MESSAGES.participantFeedbackSubmitted,
  feedbackSubmitError: VISIT_MESSAGES.feedbackSubmitError,
  scorecardSubmitError: VISIT_MESSAGES.scorecardSubmitError,
  pageError: VISIT_MESSAGES.scorecardPageError,
  savedOffline: 'Saved on this device. It will be sent when you are back online.',
} as const;
const M = VISIT_SCORECARD_MESSAGES;

/** Form titles of spec 002 §2.3. */
export const SCORECARD_TITLES: Record<ScorecardKind, string> = {
  'feedback-form': 'SP Scorecard',
  scorecard: 'Observer Scorecard',
  'participant-feedback': 'Participant Feedback',
};

/** The notice when answers are missing (spec 002 §5): the SP scorecard and participant feedback are feedback forms. */
export function incompleteNotice(kind: ScorecardKind): string {
  return kind === 'scorecard' ? M.incompleteScorecard : M.incompleteFeedbackForm;
}

/** The success notice of a submission (spec 002 §8). */
export function submittedNotice(kind: ScorecardKind): string {
  if (kind === 'feedback-form') return M.spSubmitted;
  if (kind === 'participant-feedback') return M.participantSubmitted;
  return M.scorecardSubmitted;
}

/** The error title of a failed submission (spec 002 §8). */
export function submitErrorTitle(kind: ScorecardKind): string {
  return kind === 'scorecard' ? M.scorecardSubmitError : M.feedbackSubmitError;
}

export function alreadySubmittedMessage(kind: ScorecardKind): string {
  return kind === 'scorecard' ? M.alreadySubmitted : M.alreadySubmittedFeedback;
}
