import { z } from 'zod';
import { idOrZeroSchema, idSchema, numeric } from './ids';
import { MONEY_MAX, toCents } from './money';
import { scenarioCommentDocSchema } from './scenario-docs';
import { JOB_NUMBER_MAX, SCENARIO_MESSAGES as M, SCENARIO_FEE_MAX_LENGTH, SCENARIO_TEXT_MAX } from './scenarios';

/** The bodies and parameters of the scenario calls (spec 001 §5, §7), with the spec's messages. */
const idParam = idSchema();
export const scenarioIdParamsSchema = z.object({ id: idParam });
export const scenarioFieldParamsSchema = z.object({ id: idParam, field: z.string().max(64) });
export const scenarioFieldIdParamsSchema = z.object({ id: idParam, fieldId: idParam });
export const scenarioPartnerParamsSchema = z.object({ id: idParam, partnerId: idOrZeroSchema() });
export const scenarioUserParamsSchema = z.object({ id: idParam, userId: idParam });
export const scenarioTypeParamsSchema = z.object({ id: idParam, type: numeric(z.number().int().min(1).max(2)) });

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
const featured = numeric(
  z
    .number({ error: M.featuredInvalid })
    .min(0, { error: M.featuredInvalid })
    .max(1, { error: M.featuredInvalid })
    .refine((n) => n === 0 || n === 1, { error: M.featuredInvalid }),
);
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
  user_id: idSchema(M.selectUser),
  role_id: numeric(
    z
      .number({ error: M.roleInvalid })
      .min(2, { error: M.roleInvalid })
      .max(3, { error: M.roleInvalid })
      .refine((n) => n === 2 || n === 3, { error: M.roleInvalid }),
  ),
});
export const addTrainerRequestSchema = z.object({
  user_id: idSchema(M.selectUser),
});
export const scorecardDisplayRequestSchema = z.object({
  scorecard_display_type_id: numeric(
    z.number({ error: M.displayTypeInvalid }).int().min(1, { error: M.displayTypeInvalid }).max(8, { error: M.displayTypeInvalid }),
  ),
});
export const scenarioFeeRequestSchema = z.object({
  scenario_fee: z
    .union([z.string().max(SCENARIO_FEE_MAX_LENGTH, { error: M.feeTooLong }), z.number()], { error: M.moneyMin })
    .transform((v) => (typeof v === 'string' && v.trim() === '' ? Number.NaN : Number(v)))
    .pipe(z.number({ error: M.moneyMin }).finite({ error: M.moneyMin }).min(1, { error: M.moneyMin }).max(MONEY_MAX, { error: M.moneyMax }))
    .transform((n) => toCents(n) / 100),
});
export const cloneScenarioRequestSchema = z.object({ scenario_id: idParam });
