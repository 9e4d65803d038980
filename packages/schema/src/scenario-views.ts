import { z } from 'zod/mini';
import { numeric } from './ids';
import { formatMoney, toCents } from './money';
import { SCENARIO_AUDIENCES, SCENARIO_FORM_KINDS, scenarioStatusSchema } from './scenarios';

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
  /** who the caller is to the scenario, which decides what the answer carries (decision 0045) */
  audience: z.enum(SCENARIO_AUDIENCES),
  /** the grouped fields' types the answer carries: 1 the SP's script, 2 the learner's fields */
  field_types: z.array(z.union([z.literal(1), z.literal(2)])),
  /** the forms the caller may read (GET api/{form}/find/{id}): learners only the participant feedback */
  form_kinds: z.array(z.enum(SCENARIO_FORM_KINDS)),
  /** side panel tabs the caller may see (spec 001 §2, §6) */
  tabs: z.array(z.enum(['Details', 'Comments', 'Distribution', 'SP', 'Observers', 'Scorecard Display', 'Fee'])),
});
export type ScenarioAbilities = z.infer<typeof scenarioAbilitiesSchema>;

const personSchema = z.object({ id: z.number(), name: z.string(), email: z.optional(z.string()), image: z.nullable(z.string()) });
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

/**
 * GET api/scenario/{id}: the scenario as the caller may see it (scenarioViewFor, decision 0045). Absent unless
 * the caller's view has them: fee, the gift card campaign id, partners, the attached users, comments, the
 * people's emails; `fields` holds only the field types of `abilities.field_types`.
 */
export const scenarioDetailSchema = z.object({
  id: z.number(),
  title: z.nullable(z.string()),
  patient_name: z.nullable(z.string()),
  patient_image: z.nullable(z.string()),
  status: scenarioStatusSchema,
  objective: z.nullable(z.string()),
  target_audience: z.nullable(z.string()),
  summary: z.nullable(z.string()),
  televisit: z.number(),
  session_duration: z.nullable(z.number()),
  funding_text: z.nullable(z.string()),
  accreditation_Id: z.nullable(z.string()),
  giftcard_amount: z.nullable(z.number()),
  giftcard_campaign_id: z.optional(z.nullable(z.string())),
  enable_giftcard: z.number(),
  tags: z.array(z.object({ name: z.string() })),
  fee: z.optional(z.nullable(z.number())),
  credit_text: z.nullable(z.string()),
  author_user_id: z.number(),
  reviewer_user_id: z.nullable(z.number()),
  trainer_user_id: z.nullable(z.number()),
  author: z.nullable(personSchema),
  reviewer: z.nullable(personSchema),
  trainer: z.nullable(personSchema),
  is_sim: z.number(),
  live_edit: z.boolean(),
  is_scorecard_enabled: z.number(),
  is_feedback_form_enabled: z.number(),
  is_participant_feedback_enabled: z.number(),
  scorecard_display_type_id: z.number(),
  partners: z.optional(z.array(scenarioPartnerSchema)),
  scenario_partners: z.optional(z.array(scenarioPartnerSchema)),
  users: z.optional(z.array(scenarioUserSchema)),
  fields: z.array(z.object({ scenario_field_id: z.number(), value: z.string() })),
  comments: z.optional(
    z.array(
      z.object({
        id: z.string(),
        user: z.object({ id: z.number(), name: z.string(), image: z.nullable(z.string()) }),
        content: z.string(),
        field: z.string(),
        created_at: z.string(),
      }),
    ),
  ),
  created_at: z.string(),
  updated_at: z.string(),
  abilities: scenarioAbilitiesSchema,
});
export type ScenarioDetail = z.infer<typeof scenarioDetailSchema>;
export const scenarioDetailResponseSchema = z.object({ scenario: scenarioDetailSchema });

/** A scenario card in any list (spec 001 §2). */
export const scenarioCardSchema = z.object({
  id: z.number(),
  title: z.nullable(z.string()),
  patient_name: z.nullable(z.string()),
  patient_image: z.nullable(z.string()),
  status: scenarioStatusSchema,
  credit_text: z.nullable(z.string()),
  updated_at: z.string(),
  /** The fee in dollars (null: free); absent when the caller's view has no fee (trainers, decision 0045). */
  fee: z.optional(z.nullable(z.number())),
  /** Minutes a visit lasts (30 or 60); optional so a list saved on the device before it existed still reads. */
  session_duration: z.optional(z.nullable(z.number())),
});
export type ScenarioCard = z.infer<typeof scenarioCardSchema>;
export const scenarioPageSchema = z.object({
  scenarios: z.array(scenarioCardSchema),
  total: z.number(),
  page: z.number(),
  per_page: z.number(),
});
export type ScenarioPage = z.infer<typeof scenarioPageSchema>;
export const scenarioPageQuerySchema = z.object({
  page: z._default(numeric(z.number().check(z.int()).check(z.gte(1)).check(z.lte(100_000))), 1),
});

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

export const scenarioIdResponseSchema = z.object({ scenario_id: z.number(), message: z.string() });
export const patientImageSchema = z.object({ id: z.number(), name: z.string(), location: z.string() });
export const userOptionSchema = z.object({ id: z.number(), name: z.string(), email: z.string(), image: z.nullable(z.string()) });
export const giftcardCampaignSchema = z.object({ campaign_name: z.string(), campaign_id: z.string() });

/** What a card says when the scenario costs nothing (issue 22 item 3: 'Free', never a blank). */
export const SCENARIO_FREE = 'Free';

/** The price a card shows: the fee in dollars ('$45.00'), or 'Free' when there is none (null or 0). */
export function scenarioPriceLabel(fee: number | null): string {
  const cents = toCents(fee);
  return cents > 0 ? formatMoney(cents) : SCENARIO_FREE;
}

/** The length a card shows ('30 min'), or null when the scenario does not say. */
export function sessionLengthLabel(minutes: number | null | undefined): string | null {
  return minutes && minutes > 0 ? `${minutes} min` : null;
}
