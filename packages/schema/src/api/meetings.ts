import { defineContract } from '../api-contract';
import { completeResponseSchema, joinResponseSchema, visitMessageResponseSchema } from '../visit-detail';
import { eventIdRequestSchema, meetingTypeParamsSchema, visitIdRequestSchema } from '../visit-detail-requests';

/*
 * Joining sessions (spec 001 §4 'Join sessions', §7): join links from the meeting provider inside the join window,
 * and the SP's close actions. Only visits exist as sessions so far: 'interview' and 'training' answer 404 until
 * those features exist (docs/decisions/0028), and api/{type}/complete is mounted for 'visit' only.
 */
const tag = 'Meetings';
const signedIn = { type: 'authenticated' } as const;

export const meetingsApi = {
  join: defineContract({
    method: 'POST',
    path: '/api/meeting/join/:type',
    tag,
    summary: 'The join link of a session (type visit) for its learner, SP and assigned observers inside the join window',
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
