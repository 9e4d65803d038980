import { trainingPracticeApi as api } from '@simvisit/schema';
import { actorOf } from '../../http/actor';
import { type AnyRoute, implement } from '../../http/route';

/** The SP scorecard practice of a training session (contract in packages/schema/src/api/training-practice.ts). */
export const trainingPracticeRoutes: AnyRoute[] = [
  implement(api.practiceFeedback, async ({ c, params: p }) => c.var.services.trainingPractice.practice(await actorOf(c), p.id)),
];
