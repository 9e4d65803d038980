import { z } from 'zod';

export const lookupItemSchema = z.object({ id: z.number().int(), title: z.string(), short_name: z.string().nullable() });
export type LookupItem = z.infer<typeof lookupItemSchema>;
export const lookupListSchema = z.array(lookupItemSchema);

export const LOOKUPS = ['countries', 'professions', 'specialties', 'states', 'timezones'] as const;
export type LookupName = (typeof LOOKUPS)[number];
