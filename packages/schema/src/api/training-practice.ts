import { defineContract } from '../api-contract';
import { trainingPracticeResponseSchema, trainingSessionIdParamsSchema } from '../training-practice';

/** The SP scorecard practice of a training session (spec 001 §7 'GET {id}/practice/feedback'; spec 002 §7). */
export const trainingPracticeApi = {
  practiceFeedback: defineContract({
    method: 'GET',
    path: '/api/training-session/:id/practice/feedback',
    tag: 'Training sessions',
    summary:
      "The SP scorecard practice of a training session: practice_visit (the scenario and its SP scorecard form). 422 when the session has no scenario or the scenario's SP scorecard is not enabled",
    access: { type: 'authenticated' },
    scope: 'object',
    params: trainingSessionIdParamsSchema,
    response: trainingPracticeResponseSchema,
  }),
};
