import { z } from 'zod/mini';

/** A session on a dashboard list (spec 000 §2.8: a date and a time, linking to its page). */
export const trainingSessionCardSchema = z.object({
  id: z.number(),
  local_time: z.string(),
  type: z.object({ id: z.number(), name: z.string(), hours: z.number() }),
  scenario: z.nullable(z.object({ id: z.number(), title: z.nullable(z.string()), patient_name: z.nullable(z.string()) })),
  trainer: z.object({ name: z.string(), email: z.string() }),
  partner: z.object({ id: z.number(), slug: z.string() }),
  job_number: z.nullable(z.string()),
  participants: z.number(),
  is_complete: z.boolean(),
  is_canceled: z.boolean(),
});
export type TrainingSessionCard = z.infer<typeof trainingSessionCardSchema>;
