import { defineContract } from '../api-contract';
import { completeResponseSchema, joinResponseSchema, visitMessageResponseSchema } from '../visit-detail';
import { eventIdRequestSchema, meetingTypeParamsSchema, visitIdRequestSchema } from '../visit-detail-requests';

/*
 * Joining sessions (spec 001 §4 'Join sessions', §7): join links from the meeting provider inside the join window,
 * and the SP's close actions. Join serves visits here, interviews through features/recruitment and training sessions
 * ('training_session' or 'training') through features/training-sessions (decisions 0028, 0048, 0049); completing an
 * interview or a training session has its own call in those features' contracts.
 */
const tag = 'Meetings';
const signedIn = { type: 'authenticated' } as const;

export const meetingsApi = {
  join: defineContract({
    method: 'POST',
    path: '/api/meeting/join/:type',
    tag,
    summary: 'The join link of a session (visit, interview or training_session) for its people inside the join window',
    access: signedIn,
    scope: 'object',
    params: meetingTypeParamsSchema,
    body: eventIdRequestSchema,
    response: joinResponseSchema,
  }),
  complete: defineContract({
    method: 'POST',
    path: '/api/visit/complete',
    tag,
    summary: "The SP closes the visit after the start: action 'feedback' while the SP feedback form is pending, else complete",
    access: signedIn,
    scope: 'object',
    body: eventIdRequestSchema,
    response: completeResponseSchema,
  }),
  noShow: defineContract({
    method: 'POST',
    path: '/api/visit/noshow',
    tag,
    summary: 'The SP marks the learner as a no-show after the start (the visit is then also complete)',
    access: signedIn,
    scope: 'object',
    body: visitIdRequestSchema,
    response: visitMessageResponseSchema,
  }),
  learnerTech: defineContract({
    method: 'POST',
    path: '/api/visit/learnertech',
    tag,
    summary: 'The SP marks a learner technical issue after the start (counts as cancelled)',
    access: signedIn,
    scope: 'object',
    body: visitIdRequestSchema,
    response: visitMessageResponseSchema,
  }),
};
