import { z } from 'zod/mini';
import { numeric } from './ids';
import {
  giftcardCampaignSchema,
  patientImageSchema,
  scenarioCardSchema,
  scenarioDetailResponseSchema,
  scenarioDetailSchema,
  scenarioPartnerSchema,
  scenarioUserSchema,
  userOptionSchema,
} from './scenario-views';

/*
 * The requests and answers of the scenario calls (spec 001 §7) that are not entities of their own: what
 * packages/schema/src/api/scenario-*.ts declares and both the server and the PWA hold to. Field values are
 * strings on the server ('' when never written: the column is NOT NULL DEFAULT ''), so no answer here makes
 * them nullable.
 */

// ---- requests ----

/** POST api/scenario: the spec sends a body but no field of it is read; the new draft starts empty. */
export const createScenarioRequestSchema = z.looseObject({});
/** PUT api/scenario/{id}: core fields by key; the service keeps the known keys and checks each value. */
export const updateScenarioRequestSchema = z.record(z.string(), z.unknown());
/** POST api/scenario/{id}/remove-user/{userId}?role_id=2|3: without role_id both roles are detached. */
export const removeScenarioUserQuerySchema = z.object({
  role_id: z.optional(numeric(z.number().check(z.int()).check(z.gte(2)).check(z.lte(3)))),
});

// ---- answers ----

export const scenarioCreatedResponseSchema = z.object({ id: z.number(), message: z.string() });

/** PUT api/scenario/{id}/update-field/{field}: the scenario again; removing the trainer also says so. */
export const scenarioChangedResponseSchema = z.extend(scenarioDetailResponseSchema, { message: z.optional(z.string()) });

const partnerOptionSchema = z.object({ id: z.number(), long_name: z.string(), short_name: z.string() });
export const distributionPartnersResponseSchema = z.object({ partners: z.array(partnerOptionSchema) });
export const partnerScenariosResponseSchema = z.object({ scenarios: z.array(scenarioCardSchema) });

export const patientImagesResponseSchema = z.object({ images: z.array(patientImageSchema) });
export const patientImageResponseSchema = z.object({ image: patientImageSchema });
export const giftcardCampaignsResponseSchema = z.object({ giftcard_options: z.array(giftcardCampaignSchema) });

/** One grouped field with its label and value, as the print, share and learner pages read it. */
export const scenarioFieldValueSchema = z.object({ id: z.number(), label: z.string(), value: z.string() });
export type ScenarioFieldValue = z.infer<typeof scenarioFieldValueSchema>;
/** GET api/scenario/{id}/fields-by-type/{1|2}. */
export const scenarioFieldsByTypeResponseSchema = z.object({ fields: z.array(scenarioFieldValueSchema) });

const storedFieldValueSchema = scenarioDetailSchema.shape.fields._zod.def.element;
/** GET api/scenario/{id}/fields: the field groups (ids, labels, 1 SP / 2 learner) and the stored values. */
export const scenarioFieldsResponseSchema = z.object({
  field_groups: z.array(
    z.object({
      label: z.string(),
      fields: z.array(z.object({ id: z.number(), label: z.string(), type: z.union([z.literal(1), z.literal(2)]) })),
    }),
  ),
  fields: z.array(storedFieldValueSchema),
});
/** POST api/scenario/{id}/fields/{fieldId}: the value as saved. */
export const scenarioFieldSavedResponseSchema = z.object({ field: storedFieldValueSchema });

/** POST api/scenario/{id}/comment: the comment as the detail lists it (its id is the replicated document's uuid). */
export const scenarioCommentSavedResponseSchema = z.object({
  comment: scenarioDetailSchema.shape.comments._zod.def.innerType._zod.def.element,
});

/** GET api/scenario/{id}/share: the learner brief's value ('' when it was never written) and the patient's name. */
export const scenarioShareResponseSchema = z.object({ learner_brief: z.string(), patient_name: z.nullable(z.string()) });

/** GET api/scenario/{id}/print and api/scenario/{id}/verbal-feedback: the scenario and the fields to print. */
export const scenarioPrintResponseSchema = z.object({ scenario: scenarioDetailSchema, fields: z.array(scenarioFieldValueSchema) });

/**
 * GET api/scenario/{id}/overview: the learner's scheduling page. `scheduled` is the caller's pending request
 * (type 2) or open visit (type 1) of the scenario, which the page redirects to.
 */
export const scenarioOverviewResponseSchema = z.object({
  scenario: scenarioDetailSchema,
  scheduled: z.nullable(z.object({ type: z.number(), id: z.number() })),
  partner_dates: z.object({ start_date: z.nullable(z.string()), end_date: z.nullable(z.string()) }),
  partner_disabled_dates: z.array(z.object({ start_date: z.string(), end_date: z.string() })),
  payment_credit: z.nullable(z.object({ amount: z.number() })),
});
export type ScenarioOverview = z.infer<typeof scenarioOverviewResponseSchema>;

export const hasVerbalFeedbackResponseSchema = z.object({ has_verbal_feedback: z.boolean() });
export const scenarioTagsResponseSchema = z.object({ tags: z.array(z.string()) });

export const userOptionsResponseSchema = z.object({ users: z.array(userOptionSchema) });
export const scenarioPartnersResponseSchema = z.object({ message: z.string(), scenario_partners: z.array(scenarioPartnerSchema) });
export const scenarioUsersResponseSchema = z.object({ message: z.string(), users: z.array(scenarioUserSchema) });
export const trainerAddedResponseSchema = z.object({ message: z.string(), trainer: userOptionSchema });

/** GET api/scenario/{id}/scorecard-display: the options and the scenario's choice (the column is never null). */
export const scorecardDisplayResponseSchema = z.object({
  display_options: z.array(z.object({ id: z.number(), name: z.string() })),
  scorecard_display_type_id: z.number(),
});
export const scorecardDisplaySavedResponseSchema = z.object({ message: z.string(), scorecard_display_type_id: z.number() });
export const scenarioFeeSavedResponseSchema = z.object({ message: z.string(), fee: z.number() });
