import { trainingPracticeResponseSchema } from '@simvisit/schema';
import { z } from 'zod';
import { actorOf } from '../../http/actor';
import { type AnyRoute, defineRoute } from '../../http/route';

/* The SP scorecard practice of a training session (spec 001 §7 'GET {id}/practice/feedback'; spec 002 §7). */
export const trainingPracticeRoutes: AnyRoute[] = [
  defineRoute({
    method: 'GET',
    path: '/api/training-session/:id/practice/feedback',
    tag: 'Training sessions',
    summary:
      "The SP scorecard practice of a training session: practice_visit (the scenario and its SP scorecard form). 422 when the session has no scenario or the scenario's SP scorecard is not enabled",
    access: { type: 'authenticated' },
    scope: 'object',
    params: z.object({ id: z.string().max(20) }),
    response: trainingPracticeResponseSchema,
    handler: async ({ c, params: p }) => c.var.services.trainingPractice.practice(await actorOf(c), p.id),
  }),
];
