import { z } from 'zod/mini';
import { MAX_ID } from './ids';
import { scorecardFormSnapshotSchema } from './visit-scorecard-doc';

/**
 * The SP scorecard practice page (spec 002 §2.1, §2.3, §7 'get feedback practice by training_session_id:
 * response practice_visit'; decision 0030): an SP practices the scenario's SP scorecard of a training session in
 * its own window. Nothing is sent: submitting closes the window once every question is answered.
 */

// The kinds and words live apart from the practice schemas: the dashboards' training session lists use them
// without the scorecard snapshot's schemas (decision 0085).
export { TRAINING_PRACTICE_MESSAGES, TRAINING_SESSION_TYPE } from './training-session-kinds';

export const practiceVisitSchema = z.object({
  training_session_id: z.number().check(z.int()).check(z.positive()).check(z.lte(MAX_ID)),
  scenario: z.object({
    id: z.string().check(z.maxLength(20)),
    title: z.string().check(z.maxLength(500)),
    patient_name: z.string().check(z.maxLength(500)),
    patient_image: z.nullable(z.string().check(z.maxLength(2000))),
  }),
  feedback_form: scorecardFormSnapshotSchema,
});
export type PracticeVisit = z.infer<typeof practiceVisitSchema>;

export const trainingPracticeResponseSchema = z.object({ practice_visit: practiceVisitSchema });
export type TrainingPracticeResponse = z.infer<typeof trainingPracticeResponseSchema>;

/** A training session id of the address as written: the service answers 404 for anything that is not one. */
export const trainingSessionIdParamsSchema = z.object({ id: z.string().check(z.maxLength(20)) });
