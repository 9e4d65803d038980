import { z } from 'zod/mini';

/** The error body of every refused call: `message`, plus `errors` by field for 422 (spec 000 §8). */
export const errorBodySchema = z.object({
  message: z.string(),
  errors: z.optional(z.record(z.string(), z.array(z.string()))),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Turns zod issues into Laravel-style `{field: [messages]}` (first path segment is the field). */
export function fieldErrors(issues: readonly z.core.$ZodIssue[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : '_';
    const list = errors[key] ?? [];
    if (!list.includes(issue.message)) list.push(issue.message);
    errors[key] = list;
  }
  return errors;
}

/** The first message of the first field, used as the 422 `message` like Laravel does. */
export function firstMessage(errors: Record<string, string[]>): string {
  for (const list of Object.values(errors)) if (list[0]) return list[0];
  return 'The given data was invalid.';
}

export const messageSchema = z.object({ message: z.string() });
