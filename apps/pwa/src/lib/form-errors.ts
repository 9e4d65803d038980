import { fieldErrors } from '@simvisit/schema';
// zod/mini's parse functions take a schema of either API (decision 0085, 'Fourth pass').
import { safeParse, type z } from 'zod/mini';
import { errorMessage, isApiError } from './api';

/** Field messages as the server sends them (`errors` of a 422), shown first-message-first under each field. */
export type FieldErrors = Record<string, string[]>;

export function firstError(errors: FieldErrors, field: string): string | null {
  return errors[field]?.[0] ?? null;
}

/** Checks a form with the shared schema, so the browser shows the server's own words before sending. */
export function validate<T>(schema: z.core.$ZodType<T>, values: unknown): { data: T; errors: null } | { data: null; errors: FieldErrors } {
  const result = safeParse(schema, values);
  if (result.success) return { data: result.data, errors: null };
  return { data: null, errors: fieldErrors(result.error.issues) };
}

/** The field errors of a failed call, and its message when no field explains it. */
export function failureOf(error: unknown, fields: readonly string[]): { errors: FieldErrors; message: string | null } {
  const errors = isApiError(error) ? error.errors : {};
  const explained = fields.some((f) => errors[f]?.length);
  return { errors, message: explained ? null : errorMessage(error) };
}
