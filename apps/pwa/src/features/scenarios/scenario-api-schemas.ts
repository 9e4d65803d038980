import { scenarioDetailSchema } from '@simvisit/schema';
import { z } from 'zod';

/**
 * Answers of the scenario calls the shared schema package does not name: the fields of one type, the share
 * page and the two print pages. They are built from the shared detail schema, so no shape is written twice.
 */

const fieldValueSchema = z.object({ id: z.number(), label: z.string(), value: z.string().nullable() });
export type ScenarioFieldValue = z.infer<typeof fieldValueSchema>;

/** GET api/scenario/{id}/fields-by-type/{1|2}. */
export const fieldsByTypeResponseSchema = z.object({ fields: z.array(fieldValueSchema) });

/** GET api/scenario/{id}/share: what a learner is told before the visit. */
export const shareResponseSchema = z.object({
  learner_brief: z.string().nullable(),
  patient_name: z.string().nullable(),
});

/** The scenario's own fields a print page shows (the answer carries the whole detail; paper needs these). */
const printScenarioSchema = scenarioDetailSchema.pick({
  id: true,
  title: true,
  patient_name: true,
  patient_image: true,
  objective: true,
  target_audience: true,
  summary: true,
  session_duration: true,
  televisit: true,
});
export type PrintScenario = z.infer<typeof printScenarioSchema>;

/** GET api/scenario/{id}/print and api/scenario/{id}/verbal-feedback. */
export const printResponseSchema = z.object({ scenario: printScenarioSchema, fields: z.array(fieldValueSchema) });
