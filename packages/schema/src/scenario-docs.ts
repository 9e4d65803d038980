import { z } from 'zod/mini';
import { COMMENT_FIELD_KEYS, SCENARIO_FIELD_IDS, scenarioCoreFieldSchemas } from './scenario-fields';
import { COMMENT_MAX, SCENARIO_MESSAGES as M, SCENARIO_TEXT_MAX, scenarioStatusSchema } from './scenarios';
import { docTimestampSchema, syncedFieldsSchema } from './sync';

/**
 * A scenario as it replicates to its author's and reviewer's devices (DESIGN.md §5): the editable core fields
 * plus the server-owned status and people. The server refuses a pushed change to a server-owned key.
 */
export const scenarioDocSchema = z.object({
  ...syncedFieldsSchema.shape,
  ...scenarioCoreFieldSchemas,
  status: scenarioStatusSchema,
  author_user_id: z.number().check(z.int()).check(z.positive()),
  reviewer_user_id: z.nullable(z.number().check(z.int()).check(z.positive())),
  live_edit: z.boolean(),
  updated_at: docTimestampSchema('updated_at'),
});
export type ScenarioDoc = z.infer<typeof scenarioDocSchema>;
/** Keys only the server changes (status actions, take, live edit). */
export const SCENARIO_SERVER_KEYS = ['status', 'author_user_id', 'reviewer_user_id', 'live_edit'] as const;

/** One grouped field's value of one scenario; id `{scenario_id}-{field_id}`. */
export const scenarioFieldValueDocSchema = z.object({
  ...syncedFieldsSchema.shape,
  scenario_id: z.string().check(z.regex(/^\d{1,12}$/)),
  field_id: z
    .number()
    .check(z.int())
    .check(z.refine((n) => SCENARIO_FIELD_IDS.includes(n), { error: M.fieldUnknown })),
  value: z.string().check(z.maxLength(SCENARIO_TEXT_MAX, { error: M.tooLong })),
  updated_at: docTimestampSchema('updated_at'),
});
export type ScenarioFieldValueDoc = z.infer<typeof scenarioFieldValueDocSchema>;
export const fieldValueDocId = (scenarioId: number | string, fieldId: number) => `${scenarioId}-${fieldId}`;

/** A comment on one field (spec 001 §3); written once, never edited. */
export const scenarioCommentDocSchema = z.object({
  ...syncedFieldsSchema.shape,
  scenario_id: z.string().check(z.regex(/^\d{1,12}$/)),
  field: z.string().check(z.refine((k) => COMMENT_FIELD_KEYS.includes(k), { error: M.fieldUnknown })),
  content: z
    .string({ error: M.commentRequired })
    .check(z.maxLength(COMMENT_MAX, { error: M.commentTooLong }))
    .check(z.refine((s) => s.trim() !== '', { error: M.commentRequired })),
  user_id: z.number().check(z.int()).check(z.positive()),
  user_name: z.string().check(z.maxLength(255)),
  user_image: z.nullable(z.string().check(z.maxLength(500))),
  created_at: docTimestampSchema('created_at'),
});
export type ScenarioCommentDoc = z.infer<typeof scenarioCommentDocSchema>;
