import { defineContract } from '../api-contract';
import { freeDaysRequestSchema, freeDaysResponseSchema } from '../free-days';
import {
  approveVisitRequestResponseSchema,
  approveVisitRequestSchema,
  availableTimesRequestSchema,
  availableTimesResponseSchema,
  cancelVisitRequestResponseSchema,
  cancelVisitRequestSchema,
  createVisitRequestResponseSchema,
  createVisitRequestSchema,
  requestIdParamsSchema,
  requestLookupResponseSchema,
  rescheduleVisitRequestResponseSchema,
  rescheduleVisitRequestSchema,
} from '../visit-requests';

/*
 * Visit request calls of spec 001 §7 (paths not shown there; chosen in docs/decisions/0027-visit-requests.md).
 * Identity and partner come from the session; the service checks the scenario, the request and the caller's
 * relation to it. A second booking answers 409 with existingBookingSchema (where the open one is).
 */
const tag = 'Visit requests';
const signedIn = { type: 'authenticated' } as const;

export const visitRequestsApi = {
  availableTimes: defineContract({
    method: 'POST',
    path: '/api/visit-request/available-times',
    tag,
    summary: "getAvailableTimes: the 30-minute slots of a date, in the learner's zone, that an SP of the scenario can take",
    access: signedIn,
    scope: 'object',
    body: availableTimesRequestSchema,
    response: availableTimesResponseSchema,
  }),
  freeDays: defineContract({
    method: 'POST',
    path: '/api/visit-request/free-days',
    tag,
    summary: "The dates of a range (at most 92 days) with at least one time an SP of the scenario can take, in the learner's zone",
    access: signedIn,
    scope: 'object',
    body: freeDaysRequestSchema,
    response: freeDaysResponseSchema,
  }),
  create: defineContract({
    method: 'POST',
    path: '/api/visit-request',
    tag,
    summary: 'create: the visit request with its two dates, paid by the succeeded payment_id or the credit (409 when one is open)',
    access: signedIn,
    scope: 'object',
    body: createVisitRequestSchema,
    response: createVisitRequestResponseSchema,
  }),
  lookup: defineContract({
    method: 'GET',
    path: '/api/request/:request_id',
    tag,
    summary: 'Request lookup: the request trimmed by role, learner_type, partner_dates, partner_disabled_dates',
    access: signedIn,
    scope: 'object',
    params: requestIdParamsSchema,
    response: requestLookupResponseSchema,
  }),
  approve: defineContract({
    method: 'POST',
    path: '/api/visit-request/approve',
    tag,
    summary: 'An SP of the scenario accepts one date (creates the visit; 409 when another SP was first or the SP is booked) or declines',
    access: signedIn,
    scope: 'object',
    body: approveVisitRequestSchema,
    response: approveVisitRequestResponseSchema,
  }),
  cancel: defineContract({
    method: 'POST',
    path: '/api/visit-request/cancel',
    tag,
    summary: 'The learner cancels a pending request; what was paid becomes a credit for the same scenario',
    access: signedIn,
    scope: 'object',
    body: cancelVisitRequestSchema,
    response: cancelVisitRequestResponseSchema,
  }),
  reschedule: defineContract({
    method: 'POST',
    path: '/api/visit-request/reschedule',
    tag,
    summary: 'The learner proposes two new dates for a pending request',
    access: signedIn,
    scope: 'object',
    body: rescheduleVisitRequestSchema,
    response: rescheduleVisitRequestResponseSchema,
  }),
};
