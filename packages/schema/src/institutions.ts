import { z } from 'zod';
import { idSchema, numeric } from './ids';
import { hasMarkup, plainTextMessage } from './plain-text';
import { hasForbiddenText } from './text-rules';

/**
 * Institutions (spec 002 §2.13, §3 Institution, §5, §9): a name and a royalty rate in dollars with 2 decimals,
 * edited by super admins. Deletable unless something refers to it (docs/decisions/0057).
 */
export const INSTITUTION_NAME_MAX = 255;
export const ROYALTY_RATE_MAX = 999;

export const INSTITUTION_MESSAGES = {
  nameRequired: 'Please provide an institution name.',
  nameTooLong: 'Institution name can be no longer than 255 characters.',
  rateRange: 'The royalty rate must be an amount from 0 to 999 USD.',
  rateDecimals: 'The royalty rate may have at most 2 decimals.',
  created: 'Institution created',
  updated: 'Institution updated',
  deleted: 'Institution deleted',
  notDeletable: 'This institution is in use and cannot be deleted.',
  notFound: 'Institution not found.',
  empty: 'No institutions in system.',
  loadError: 'Error Loading Institutions',
} as const;
const M = INSTITUTION_MESSAGES;

/** Whether an amount has at most 2 decimals (checked on cents, so 0.1 + 0.2 style floats do not fail). */
export const hasAtMostTwoDecimals = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;

export const institutionRequestSchema = z.object({
  name: z
    .string({ error: M.nameRequired })
    .max(INSTITUTION_NAME_MAX, { error: M.nameTooLong })
    .refine((s) => s.trim() !== '', { error: M.nameRequired })
    .refine((s) => !hasForbiddenText(s), { error: 'The name field must not contain control characters.' })
    .refine((s) => !hasMarkup(s), { error: plainTextMessage('name') }),
  royalty_rate: numeric(
    z
      .number({ error: M.rateRange })
      .min(0, { error: M.rateRange })
      .max(ROYALTY_RATE_MAX, { error: M.rateRange })
      .refine((n) => n < 0 || n > ROYALTY_RATE_MAX || hasAtMostTwoDecimals(n), { error: M.rateDecimals }),
  ),
});
export type InstitutionRequest = z.input<typeof institutionRequestSchema>;
/** POST api/institutions/{id} carries the id in the body too (spec 002 §7); the address decides. */
export const institutionUpdateSchema = institutionRequestSchema.extend({ id: z.optional(idSchema()) });
export const institutionParamsSchema = z.object({ id: idSchema(M.notFound) });

export const institutionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** dollars with 2 decimals, as text ('12.50') so no float rounding reaches the screen */
  royalty_rate: z.string(),
  deletable: z.boolean(),
});
export type Institution = z.infer<typeof institutionSchema>;
export const institutionsResponseSchema = z.object({ institutions: z.array(institutionSchema) });
export const institutionResponseSchema = z.object({ institution: institutionSchema });
export const institutionChangeResponseSchema = z.object({ message: z.string(), institutions: z.array(institutionSchema) });
