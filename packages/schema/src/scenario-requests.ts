import { z } from 'zod/mini';
import { idOrZeroSchema, idSchema, numeric } from './ids';
import { MONEY_MAX, toCents } from './money';
import { scenarioCommentDocSchema } from './scenario-docs';
import { JOB_NUMBER_MAX, SCENARIO_MESSAGES as M, SCENARIO_FEE_MAX_LENGTH, SCENARIO_TEXT_MAX } from './scenarios';

/** The bodies and parameters of the scenario calls (spec 001 §5, §7), with the spec's messages. */
const idParam = idSchema();
export const scenarioIdParamsSchema = z.object({ id: idParam });
export const scenarioFieldParamsSchema = z.object({ id: idParam, field: z.string().check(z.maxLength(64)) });
export const scenarioFieldIdParamsSchema = z.object({ id: idParam, fieldId: idParam });
export const scenarioPartnerParamsSchema = z.object({ id: idParam, partnerId: idOrZeroSchema() });
export const scenarioUserParamsSchema = z.object({ id: idParam, userId: idParam });
export const scenarioTypeParamsSchema = z.object({ id: idParam, type: numeric(z.number().check(z.int()).check(z.gte(1)).check(z.lte(2))) });

export const scenarioUpdateFieldRequestSchema = z.object({ value: z.unknown() });
export const fieldValueRequestSchema = z.object({
  value: z.nullish(z.string().check(z.maxLength(SCENARIO_TEXT_MAX, { error: M.tooLong }))),
});
export const commentRequestSchema = z.object({
  content: scenarioCommentDocSchema.shape.content,
  field: scenarioCommentDocSchema.shape.field,
});
const jobNumber = (required: string) =>
  z.pipe(
    z
      .string({ error: required })
      .check(z.trim())
      .check(z.minLength(1, { error: required }))
      .check(z.maxLength(JOB_NUMBER_MAX, { error: M.jobNumberTooLong })),
    z.transform((s) => s.toUpperCase()),
  );
const featured = numeric(
  z
    .number({ error: M.featuredInvalid })
    .check(z.gte(0, { error: M.featuredInvalid }))
    .check(z.lte(1, { error: M.featuredInvalid }))
    .check(z.refine((n) => n === 0 || n === 1, { error: M.featuredInvalid })),
);
export const addPartnerRequestSchema = z.object({
  featured: z._default(featured, 0),
  job_number: jobNumber(M.jobNumberRequired),
});
export const updatePartnerRequestSchema = z.object({
  partner_id: idParam,
  job_number: z.optional(jobNumber(M.jobNumberEditRequired)),
  featured: z.optional(featured),
});
export const addUserRequestSchema = z.object({
  user_id: idSchema(M.selectUser),
  role_id: numeric(
    z
      .number({ error: M.roleInvalid })
      .check(z.gte(2, { error: M.roleInvalid }))
      .check(z.lte(3, { error: M.roleInvalid }))
      .check(z.refine((n) => n === 2 || n === 3, { error: M.roleInvalid })),
  ),
});
export const addTrainerRequestSchema = z.object({
  user_id: idSchema(M.selectUser),
});
export const scorecardDisplayRequestSchema = z.object({
  scorecard_display_type_id: numeric(
    z
      .number({ error: M.displayTypeInvalid })
      .check(z.int())
      .check(z.gte(1, { error: M.displayTypeInvalid }))
      .check(z.lte(8, { error: M.displayTypeInvalid })),
  ),
});
export const scenarioFeeRequestSchema = z.object({
  scenario_fee: z.pipe(
    z.pipe(
      z.pipe(
        z.union([z.string().check(z.maxLength(SCENARIO_FEE_MAX_LENGTH, { error: M.feeTooLong })), z.number()], { error: M.moneyMin }),
        z.transform((v) => (typeof v === 'string' && v.trim() === '' ? Number.NaN : Number(v))),
      ),
      z
        .number({ error: M.moneyMin })
        .check(z.gte(1, { error: M.moneyMin }))
        .check(z.lte(MONEY_MAX, { error: M.moneyMax })),
    ),
    z.transform((n) => toCents(n) / 100),
  ),
});
export const cloneScenarioRequestSchema = z.object({ scenario_id: idParam });
