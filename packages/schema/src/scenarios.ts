import { z } from 'zod/mini';
import { MONEY_MAX } from './money';

/** Scenario statuses (spec 001 §3). The numbers are part of the API. */
export const SCENARIO_STATUS = { zero: 0, draft: 1, review: 2, editing: 3, approved: 4, published: 5, archived: 6 } as const;
export type ScenarioStatus = (typeof SCENARIO_STATUS)[keyof typeof SCENARIO_STATUS];
export const SCENARIO_STATUS_LABELS: Record<ScenarioStatus, string> = {
  0: 'Zero',
  1: 'Draft',
  2: 'In Review',
  3: 'Editing',
  4: 'Approved',
  5: 'Published',
  6: 'Archived',
};
export const scenarioStatusSchema = z.union(
  [0, 1, 2, 3, 4, 5, 6].map((n) => z.literal(n)) as unknown as [
    z.ZodMiniLiteral<ScenarioStatus>,
    z.ZodMiniLiteral<ScenarioStatus>,
    ...z.ZodMiniLiteral<ScenarioStatus>[],
  ],
);

/** The three forms of a scenario (spec 001 §3): observer scorecard, SP scorecard, participant feedback. */
export const SCENARIO_FORM_KINDS = ['scorecard', 'feedback-form', 'participant-feedback'] as const;
export type ScenarioFormKind = (typeof SCENARIO_FORM_KINDS)[number];

/** Who a caller is to one scenario, which decides what its calls return (scenario-projection.ts, decision 0045). */
export const SCENARIO_AUDIENCES = ['admin', 'head_trainer', 'author', 'reviewer', 'trainer', 'sp', 'observer', 'learner'] as const;
export type ScenarioAudience = (typeof SCENARIO_AUDIENCES)[number];

/** Statuses in which the author may change field values (spec 001 §4: "while the form is enabled"). */
export const AUTHOR_EDITABLE_STATUSES: readonly ScenarioStatus[] = [SCENARIO_STATUS.draft, SCENARIO_STATUS.editing];
export const SCENARIO_PAGE_SIZE = 10;
export const SESSION_DURATIONS = [30, 60] as const;
export const JOB_NUMBER_MAX = 255;
export const SCENARIO_FEE_MAX_LENGTH = 255;
export const SCENARIO_TEXT_MAX = 20_000;
export const SCENARIO_LINE_MAX = 255;
export const COMMENT_MAX = 5_000;
export const TAG_MAX = 50;
export const TAGS_MAX = 30;

/** The spec's words (001 §2, §5, §8). */
export const SCENARIO_MESSAGES = {
  noAccess: 'You do not have permission to access this scenario (No Access)',
  loadError: 'Error Loading Scenario',
  requiredEmpty: 'Required fields are empty.',
  noPartners: 'No Partners have been selected!',
  missingDataTitle: 'Missing Data Warning',
  selectPartner: 'You must select a partner',
  jobNumberRequired: 'You must provide a job number',
  jobNumberEditRequired: 'You must provied a job number.',
  jobNumberTooLong: `The job number may not be longer than ${JOB_NUMBER_MAX} characters.`,
  selectUser: 'Please select a user to attach.',
  featuredInvalid: 'Featured must be 0 or 1.',
  moneyMin: 'The amount must be a number of at least 1.',
  moneyMax: `The amount may not be greater than ${MONEY_MAX}.`,
  feeTooLong: `The fee may not be longer than ${SCENARIO_FEE_MAX_LENGTH} characters.`,
  durationInvalid: 'The session duration must be 30 or 60 minutes.',
  yesNoInvalid: 'The value must be 0 or 1.',
  tooLong: 'This value is too long.',
  commentRequired: 'Please write a comment.',
  commentTooLong: `A comment may not be longer than ${COMMENT_MAX} characters.`,
  commentNotAllowed: 'Comments cannot be made on this scenario now.',
  fieldUnknown: 'This field cannot be saved.',
  fieldTypeHidden: 'These fields of the scenario are not shown to you.',
  lockedInReview: 'No changes can be made while the scenario is in review.',
  notEditable: 'This scenario cannot be edited in its current status.',
  statusOnline: 'Status changes are made online with the scenario actions.',
  transitionRefused: 'This status change is not allowed.',
  alreadyTaken: 'This scenario is already under review.',
  reviewerIsAuthor: 'You cannot review your own scenario.',
  partnerExists: 'This partner is already attached to the scenario.',
  userExists: 'This user is already attached to the scenario.',
  roleInvalid: 'Please choose the SP or Observer role.',
  userRoleMissing: 'This user does not hold that role.',
  deleteRefused: 'Only draft scenarios can be deleted.',
  displayTypeInvalid: 'Please select a scorecard display type.',
  submitConfirm: 'Once submitted for review no changes can be made while the scenario is in review.',
  // success notices
  cloned: 'Scenario cloned successfully',
  trainerAdded: 'Trainer added',
  trainerRemoved: 'Trainer removed',
  userAdded: 'User added',
  userRemoved: 'User Removed',
  partnerAdded: 'Partner added',
  partnerRemoved: 'Partner Removed',
  featuredUpdated: 'Featured Updated',
  deleted: 'Scenario deleted',
  statusUpdated: 'Scenario updated',
  feeUpdated: 'Scenario fee updated',
  displayUpdated: 'Scorecard display settings updated',
} as const;
