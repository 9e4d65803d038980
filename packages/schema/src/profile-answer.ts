import { z } from 'zod/mini';
import { authUserSchema } from './auth';

/**
 * What a change of one profile field answers (the field, its new value and the fresh signed-in user). Apart from
 * profile.ts, whose phone rules pull libphonenumber: the shell's time-zone call uses it on every page (decision 0085).
 */
export const updateFieldResponseSchema = z.object({ message: z.string(), field: z.string(), value: z.unknown(), user: authUserSchema });
