import { z } from 'zod/mini';
import { idSchema } from './ids';

export const lookupItemSchema = z.object({ id: z.number().check(z.int()), title: z.string(), short_name: z.nullable(z.string()) });
export type LookupItem = z.infer<typeof lookupItemSchema>;
export const lookupListSchema = z.array(lookupItemSchema);

export const LOOKUPS = ['countries', 'professions', 'specialties', 'states', 'timezones'] as const;
export type LookupName = (typeof LOOKUPS)[number];

export const lookupIdParamsSchema = z.object({ id: idSchema('The id must be a number.') });
export const registrationFieldParamsSchema = z.object({ field: idSchema('The id must be a number.') });
