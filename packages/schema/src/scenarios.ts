import { z } from 'zod';
import { idOrZeroSchema, idSchema } from './ids';
import { syncedFieldsSchema } from './sync';

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
    z.ZodLiteral<ScenarioStatus>,
    z.ZodLiteral<ScenarioStatus>,
    ...z.ZodLiteral<ScenarioStatus>[],
  ],
);

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
  feeTooLong: `The fee may not be longer than ${SCENARIO_FEE_MAX_LENGTH} characters.`,
  durationInvalid: 'The session duration must be 30 or 60 minutes.',
  yesNoInvalid: 'The value must be 0 or 1.',
  tooLong: 'This value is too long.',
  commentRequired: 'Please write a comment.',
  commentTooLong: `A comment may not be longer than ${COMMENT_MAX} characters.`,
  commentNotAllowed: 'Comments cannot be made on this scenario now.',
  fieldUnknown: 'This field cannot be saved.',
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
const M = SCENARIO_MESSAGES;

/**
 * The scenario's own fields (spec 001 §2) that the author edits: the Overview group. Labels are the product's
 * words; `required` marks the red asterisk.
 */
export const SCENARIO_CORE_FIELDS = [
  { key: 'patient_image', label: 'Patient Image', required: true, kind: 'image' },
  { key: 'title', label: 'Title', required: true, kind: 'line' },
  { key: 'patient_name', label: 'Patient Name', required: true, kind: 'line' },
  { key: 'televisit', label: 'Televisit', required: false, kind: 'yesno' },
  { key: 'objective', label: 'Objective', required: true, kind: 'text' },
  { key: 'target_audience', label: 'Target Audience', required: true, kind: 'text' },
  { key: 'summary', label: 'Summary', required: true, kind: 'text' },
  { key: 'session_duration', label: 'Session Duration', required: true, kind: 'duration' },
  { key: 'funding_text', label: 'Funding Text', required: false, kind: 'text' },
  { key: 'accreditation_Id', label: 'Accreditation Id', required: false, kind: 'line' },
  { key: 'giftcard_amount', label: 'Gift Card Amount', required: false, kind: 'money' },
  { key: 'giftcard_campaign_id', label: 'Gift Card Campaign', required: false, kind: 'campaign' },
  { key: 'enable_giftcard', label: 'Enable Gift Card', required: false, kind: 'yesno' },
  { key: 'tags', label: 'Tags', required: false, kind: 'tags' },
] as const;
export type ScenarioCoreField = (typeof SCENARIO_CORE_FIELDS)[number]['key'];
export const SCENARIO_CORE_FIELD_KEYS = SCENARIO_CORE_FIELDS.map((f) => f.key) as ScenarioCoreField[];
/** Needed to submit for review (spec 001 §4, §5). */
export const SUBMIT_REQUIRED_FIELDS = ['patient_name', 'objective', 'target_audience'] as const;

/** Field types of the scenario's grouped fields: 1 seen by the SP, 2 seen by the learner (spec 001 §7). */
export const SCENARIO_FIELD_TYPE = { sp: 1, learner: 2 } as const;
export interface ScenarioFieldDefinition {
  id: number;
  label: string;
  type: 1 | 2;
}
export interface ScenarioFieldGroup {
  label: string;
  fields: readonly ScenarioFieldDefinition[];
}
/**
 * The grouped fields after Overview. Field ids are part of the API (`fields/{fieldId}`); the learner brief (1)
 * is what the share page shows, verbal feedback (20) is what print-feedback prints.
 */
export const SCENARIO_FIELD_GROUPS: readonly ScenarioFieldGroup[] = [
  {
    label: 'Learner Brief',
    fields: [
      { id: 1, label: 'Learner Brief', type: 2 },
      { id: 2, label: 'Learner Tasks', type: 2 },
    ],
  },
  {
    label: 'Patient Background',
    fields: [
      { id: 3, label: 'Chief Complaint', type: 1 },
      { id: 4, label: 'History of Present Illness', type: 1 },
      { id: 5, label: 'Past Medical History', type: 1 },
      { id: 6, label: 'Medications and Allergies', type: 1 },
      { id: 7, label: 'Family and Social History', type: 1 },
    ],
  },
  {
    label: 'SP Portrayal',
    fields: [
      { id: 8, label: 'Opening Statement', type: 1 },
      { id: 9, label: 'Affect and Behavior', type: 1 },
      { id: 10, label: 'Physical Findings', type: 1 },
      { id: 11, label: 'Questions for the Learner', type: 1 },
      { id: 12, label: 'Wardrobe and Setting', type: 1 },
    ],
  },
  { label: 'Verbal Feedback', fields: [{ id: 20, label: 'Verbal Feedback', type: 1 }] },
];
export const SCENARIO_FIELD_IDS: readonly number[] = SCENARIO_FIELD_GROUPS.flatMap((g) => g.fields.map((f) => f.id));
export const LEARNER_BRIEF_FIELD_ID = 1;
export const VERBAL_FEEDBACK_FIELD_ID = 20;

/** Comment keys: a core field key or `field_{id}` of a grouped field. */
export const COMMENT_FIELD_KEYS: readonly string[] = [...SCENARIO_CORE_FIELD_KEYS, ...SCENARIO_FIELD_IDS.map((id) => `field_${id}`)];
export function commentFieldLabel(key: string): string {
  const core = SCENARIO_CORE_FIELDS.find((f) => f.key === key);
  if (core) return core.label;
  const id = Number(key.replace('field_', ''));
  for (const g of SCENARIO_FIELD_GROUPS) for (const f of g.fields) if (f.id === id) return f.label;
  return key;
}

const line = (max = SCENARIO_LINE_MAX) => z.string().max(max, { error: M.tooLong });
const text = () => z.string().max(SCENARIO_TEXT_MAX, { error: M.tooLong });
const yesNo = z.union([z.literal(0), z.literal(1)], { error: M.yesNoInvalid });
/** Money fields: a number of at least 1 (spec 001 §5). */
export const moneySchema = z.coerce.number({ error: M.moneyMin }).finite({ error: M.moneyMin }).min(1, { error: M.moneyMin });
const duration = z.union([z.literal(30), z.literal(60)], { error: M.durationInvalid });
const tags = z.array(z.string().trim().min(1).max(TAG_MAX, { error: M.tooLong })).max(TAGS_MAX, { error: M.tooLong });

/** The editable core fields with their rules; a value may be empty (null) until the scenario is submitted. */
export const scenarioCoreFieldSchemas = {
  patient_image: line(500).nullable(),
  title: line().nullable(),
  patient_name: line().nullable(),
  televisit: yesNo,
  objective: text().nullable(),
  target_audience: text().nullable(),
  summary: text().nullable(),
  session_duration: duration.nullable(),
  funding_text: text().nullable(),
  accreditation_Id: line().nullable(),
  giftcard_amount: moneySchema.nullable(),
  giftcard_campaign_id: line().nullable(),
  enable_giftcard: yesNo,
  tags,
} satisfies Record<ScenarioCoreField, z.ZodType>;

/**
 * A scenario as it replicates to its author's and reviewer's devices (DESIGN.md §5): the editable core fields
 * plus the server-owned status and people. The server refuses a pushed change to a server-owned key.
 */
export const scenarioDocSchema = syncedFieldsSchema.extend({
  ...scenarioCoreFieldSchemas,
  status: scenarioStatusSchema,
  author_user_id: z.number().int().positive(),
  reviewer_user_id: z.number().int().positive().nullable(),
  live_edit: z.boolean(),
  updated_at: z.string().max(40),
});
export type ScenarioDoc = z.infer<typeof scenarioDocSchema>;
/** Keys only the server changes (status actions, take, live edit). */
export const SCENARIO_SERVER_KEYS = ['status', 'author_user_id', 'reviewer_user_id', 'live_edit'] as const;

/** One grouped field's value of one scenario; id `{scenario_id}-{field_id}`. */
export const scenarioFieldValueDocSchema = syncedFieldsSchema.extend({
  scenario_id: z.string().regex(/^\d{1,12}$/),
  field_id: z
    .number()
    .int()
    .refine((n) => SCENARIO_FIELD_IDS.includes(n), { error: M.fieldUnknown }),
  value: text(),
  updated_at: z.string().max(40),
});
export type ScenarioFieldValueDoc = z.infer<typeof scenarioFieldValueDocSchema>;
export const fieldValueDocId = (scenarioId: number | string, fieldId: number) => `${scenarioId}-${fieldId}`;

/** A comment on one field (spec 001 §3); written once, never edited. */
export const scenarioCommentDocSchema = syncedFieldsSchema.extend({
  scenario_id: z.string().regex(/^\d{1,12}$/),
  field: z.string().refine((k) => COMMENT_FIELD_KEYS.includes(k), { error: M.fieldUnknown }),
  content: z
    .string({ error: M.commentRequired })
    .max(COMMENT_MAX, { error: M.commentTooLong })
    .refine((s) => s.trim() !== '', { error: M.commentRequired }),
  user_id: z.number().int().positive(),
  user_name: z.string().max(255),
  user_image: z.string().max(500).nullable(),
  created_at: z.string().max(40),
});
export type ScenarioCommentDoc = z.infer<typeof scenarioCommentDocSchema>;

/** Who the caller is to a scenario, and what the page may offer (decided by the server, shown by the PWA). */
export const scenarioAbilitiesSchema = z.object({
  is_author: z.boolean(),
  is_reviewer: z.boolean(),
  can_edit: z.boolean(),
  can_comment: z.boolean(),
  can_submit: z.boolean(),
  can_take: z.boolean(),
  can_send_back: z.boolean(),
  can_approve: z.boolean(),
  can_publish: z.boolean(),
  can_live_edit: z.boolean(),
  can_end_live_edit: z.boolean(),
  can_clone: z.boolean(),
  can_delete: z.boolean(),
  can_configure: z.boolean(),
  /** side panel tabs the caller may see (spec 001 §2, §6) */
  tabs: z.array(z.enum(['Details', 'Comments', 'Distribution', 'SP', 'Observers', 'Scorecard Display', 'Fee'])),
});
export type ScenarioAbilities = z.infer<typeof scenarioAbilitiesSchema>;

const personSchema = z.object({ id: z.number(), name: z.string(), email: z.string().optional(), image: z.string().nullable() });
export const scenarioPartnerSchema = z.object({
  id: z.number(),
  partner_id: z.number(),
  featured: z.union([z.literal(0), z.literal(1)]),
  job_number: z.string(),
  partner: z.object({ id: z.number(), long_name: z.string(), short_name: z.string() }),
});
export type ScenarioPartner = z.infer<typeof scenarioPartnerSchema>;
export const scenarioUserSchema = z.object({
  id: z.number(),
  user_id: z.number(),
  role_id: z.number(),
  user: personSchema,
});
export type ScenarioUser = z.infer<typeof scenarioUserSchema>;

/** GET api/scenario/{id}: the scenario as the caller may see it; fee, partners and comments only when allowed. */
export const scenarioDetailSchema = z.object({
  id: z.number(),
  title: z.string().nullable(),
  patient_name: z.string().nullable(),
  patient_image: z.string().nullable(),
  status: scenarioStatusSchema,
  objective: z.string().nullable(),
  target_audience: z.string().nullable(),
  summary: z.string().nullable(),
  televisit: z.number(),
  session_duration: z.number().nullable(),
  funding_text: z.string().nullable(),
  accreditation_Id: z.string().nullable(),
  giftcard_amount: z.number().nullable(),
  giftcard_campaign_id: z.string().nullable(),
  enable_giftcard: z.number(),
  tags: z.array(z.object({ name: z.string() })),
  fee: z.number().nullable().optional(),
  credit_text: z.string().nullable(),
  author_user_id: z.number(),
  reviewer_user_id: z.number().nullable(),
  trainer_user_id: z.number().nullable(),
  author: personSchema.nullable(),
  reviewer: personSchema.nullable(),
  trainer: personSchema.nullable(),
  is_sim: z.number(),
  live_edit: z.boolean(),
  is_scorecard_enabled: z.number(),
  is_feedback_form_enabled: z.number(),
  is_participant_feedback_enabled: z.number(),
  scorecard_display_type_id: z.number(),
  partners: z.array(scenarioPartnerSchema).optional(),
  scenario_partners: z.array(scenarioPartnerSchema).optional(),
  users: z.array(scenarioUserSchema),
  fields: z.array(z.object({ scenario_field_id: z.number(), value: z.string() })),
  comments: z
    .array(
      z.object({
        id: z.string(),
        user: z.object({ id: z.number(), name: z.string(), image: z.string().nullable() }),
        content: z.string(),
        field: z.string(),
        created_at: z.string(),
      }),
    )
    .optional(),
  created_at: z.string(),
  updated_at: z.string(),
  abilities: scenarioAbilitiesSchema,
});
export type ScenarioDetail = z.infer<typeof scenarioDetailSchema>;
export const scenarioDetailResponseSchema = z.object({ scenario: scenarioDetailSchema });

/** A scenario card in any list (spec 001 §2). */
export const scenarioCardSchema = z.object({
  id: z.number(),
  title: z.string().nullable(),
  patient_name: z.string().nullable(),
  patient_image: z.string().nullable(),
  status: scenarioStatusSchema,
  credit_text: z.string().nullable(),
  updated_at: z.string(),
});
export type ScenarioCard = z.infer<typeof scenarioCardSchema>;
export const scenarioPageSchema = z.object({
  scenarios: z.array(scenarioCardSchema),
  total: z.number(),
  page: z.number(),
  per_page: z.number(),
});
export type ScenarioPage = z.infer<typeof scenarioPageSchema>;
export const scenarioPageQuerySchema = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) });

export const authoringListsSchema = z.object({
  scenario_drafts: z.array(scenarioCardSchema),
  scenario_reviews: z.array(scenarioCardSchema),
  scenario_edits: z.array(scenarioCardSchema),
  scenario_approved: z.array(scenarioCardSchema),
});
export const reviewingListsSchema = z.object({
  scenario_approved: z.array(scenarioCardSchema),
  scenarios_in_edit: z.array(scenarioCardSchema),
  scenarios_in_review: z.array(scenarioCardSchema),
  scenarios_needing_review: z.array(scenarioCardSchema),
});

/** Scenario dashboard tabs (spec 001 §2, §6) and which permission set sees which. */
export const SCENARIO_TABS = [
  { key: 'published', label: 'Published Scenarios' },
  { key: 'my-scenarios', label: 'My Scenarios' },
  { key: 'need-review', label: 'Needs Review' },
  { key: 'in-review', label: 'In Review' },
  { key: 'approved', label: 'Approved' },
  { key: 'archived', label: 'Archived' },
] as const;
export type ScenarioTabKey = (typeof SCENARIO_TABS)[number]['key'];
export type ScenarioDashboardKind = 'admin' | 'author' | 'reviewer' | 'trainer' | 'learner';

/** Which dashboard a set of permissions gets (spec 001 §6): admin wins, then author, reviewer, trainer. */
export function scenarioDashboardKind(permissions: readonly string[]): ScenarioDashboardKind {
  if (permissions.includes('scenario.admin')) return 'admin';
  if (permissions.includes('scenario.create')) return 'author';
  if (permissions.includes('scenario.review')) return 'reviewer';
  if (permissions.includes('training_session.schedule')) return 'trainer';
  return 'learner';
}
export function scenarioTabsFor(kind: ScenarioDashboardKind): ScenarioTabKey[] {
  if (kind === 'learner') return [];
  if (kind === 'trainer') return ['published', 'approved', 'archived'];
  return SCENARIO_TABS.map((t) => t.key);
}
export const canCreateScenario = (kind: ScenarioDashboardKind) => kind === 'admin' || kind === 'author';

// ---- request bodies ----
const idParam = idSchema();
export const scenarioIdParamsSchema = z.object({ id: idParam });
export const scenarioFieldParamsSchema = z.object({ id: idParam, field: z.string().max(64) });
export const scenarioFieldIdParamsSchema = z.object({ id: idParam, fieldId: idParam });
export const scenarioPartnerParamsSchema = z.object({ id: idParam, partnerId: idOrZeroSchema() });
export const scenarioUserParamsSchema = z.object({ id: idParam, userId: idParam });
export const scenarioTypeParamsSchema = z.object({ id: idParam, type: z.coerce.number().int().min(1).max(2) });

export const scenarioUpdateFieldRequestSchema = z.object({ value: z.unknown() });
export const fieldValueRequestSchema = z.object({ value: z.string().max(SCENARIO_TEXT_MAX, { error: M.tooLong }).nullish() });
export const commentRequestSchema = z.object({
  content: scenarioCommentDocSchema.shape.content,
  field: scenarioCommentDocSchema.shape.field,
});
const jobNumber = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(JOB_NUMBER_MAX, { error: M.jobNumberTooLong })
    .transform((s) => s.toUpperCase());
const featured = z.coerce.number({ error: M.featuredInvalid }).refine((n) => n === 0 || n === 1, { error: M.featuredInvalid });
export const addPartnerRequestSchema = z.object({
  featured: featured.default(0),
  job_number: jobNumber(M.jobNumberRequired),
});
export const updatePartnerRequestSchema = z.object({
  partner_id: idParam,
  job_number: jobNumber(M.jobNumberEditRequired).optional(),
  featured: featured.optional(),
});
export const addUserRequestSchema = z.object({
  user_id: z.coerce.number({ error: M.selectUser }).int({ error: M.selectUser }).positive({ error: M.selectUser }),
  role_id: z.coerce.number({ error: M.roleInvalid }).refine((n) => n === 2 || n === 3, { error: M.roleInvalid }),
});
export const addTrainerRequestSchema = z.object({
  user_id: z.coerce.number({ error: M.selectUser }).int({ error: M.selectUser }).positive({ error: M.selectUser }),
});
export const scorecardDisplayRequestSchema = z.object({
  scorecard_display_type_id: z.coerce
    .number({ error: M.displayTypeInvalid })
    .int()
    .min(1, { error: M.displayTypeInvalid })
    .max(8, { error: M.displayTypeInvalid }),
});
export const scenarioFeeRequestSchema = z.object({
  scenario_fee: z
    .union([z.string().max(SCENARIO_FEE_MAX_LENGTH, { error: M.feeTooLong }), z.number()], { error: M.moneyMin })
    .transform((v) => (typeof v === 'string' && v.trim() === '' ? Number.NaN : Number(v)))
    .pipe(z.number({ error: M.moneyMin }).finite({ error: M.moneyMin }).min(1, { error: M.moneyMin }))
    .transform((n) => Math.round(n * 100) / 100),
});
export const cloneScenarioRequestSchema = z.object({ scenario_id: idParam });

/**
 * Scorecard display types (spec 002 §3: 0 zero, 1 none, 2 feedback, 3 feedback_individual, 4 feedback_merged,
 * 5 feedback_individual_merged, 6 individual, 7 merged, 8 individual_merged): which scorecards the learner of a
 * visit sees (the SP scorecard = feedback form, each observer's scorecard, the observers' merged scorecard).
 * The option names are the product's (docs/decisions/0030-visit-scorecards.md).
 */
export const SCORECARD_DISPLAY_TYPE = {
  zero: 0,
  none: 1,
  feedback: 2,
  feedback_individual: 3,
  feedback_merged: 4,
  feedback_individual_merged: 5,
  individual: 6,
  merged: 7,
  individual_merged: 8,
} as const;
export type ScorecardDisplayTypeId = (typeof SCORECARD_DISPLAY_TYPE)[keyof typeof SCORECARD_DISPLAY_TYPE];

export const SCORECARD_DISPLAY_OPTIONS = [
  { id: 1, name: 'No scorecards for the learner' },
  { id: 2, name: 'SP Scorecard only' },
  { id: 3, name: 'SP and individual Observer Scorecards' },
  { id: 4, name: 'SP and merged Observer Scorecards' },
  { id: 5, name: 'SP, individual and merged Observer Scorecards' },
  { id: 6, name: 'Individual Observer Scorecards only' },
  { id: 7, name: 'Merged Observer Scorecards only' },
  { id: 8, name: 'Individual and merged Observer Scorecards' },
] as const;

export const scenarioIdResponseSchema = z.object({ scenario_id: z.number(), message: z.string() });
export const patientImageSchema = z.object({ id: z.number(), name: z.string(), location: z.string() });
export const userOptionSchema = z.object({ id: z.number(), name: z.string(), email: z.string(), image: z.string().nullable() });
export const giftcardCampaignSchema = z.object({ campaign_name: z.string(), campaign_id: z.string() });
