import {
  approveVisitRequestResponseSchema,
  approveVisitRequestSchema,
  availableTimesRequestSchema,
  availableTimesResponseSchema,
  cancelVisitRequestResponseSchema,
  cancelVisitRequestSchema,
  createVisitRequestResponseSchema,
  createVisitRequestSchema,
  requestLookupResponseSchema,
  rescheduleVisitRequestResponseSchema,
  rescheduleVisitRequestSchema,
} from '@simvisit/schema';
import type { Context } from 'hono';
import { z } from 'zod';
import { actorOf } from '../../http/actor';
import type { AppEnv } from '../../http/app-env';
import { type AnyRoute, defineRoute } from '../../http/route';
import { ExistingBooking } from './visit-requests.service';

/*
 * Visit request calls of spec 001 §7 (paths not shown there; chosen in /tmp/brief visit-api and
 * docs/decisions/0027-visit-requests.md). Identity and partner come from the session; the service checks the
 * scenario, the request and the caller's relation to it.
 */
const tag = 'Visit requests';
const signedIn = { type: 'authenticated' } as const;

/** A second booking answers 409 with where the existing request or visit is, so the page can redirect. */
async function orExisting(c: Context<AppEnv>, run: () => Promise<unknown>) {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof ExistingBooking)) throw error;
    const key = error.scheduled.type === 2 ? 'request_id' : 'visit_id';
    return c.json({ message: error.message, scheduled: error.scheduled, [key]: error.scheduled.id }, 409);
  }
}

export const visitRequestsRoutes: AnyRoute[] = [
  defineRoute({
    method: 'POST',
    path: '/api/visit-request/available-times',
    tag,
    summary: "getAvailableTimes: the 30-minute slots of a date, in the learner's zone, that an SP of the scenario can take",
    access: signedIn,
    scope: 'object',
    body: availableTimesRequestSchema,
    response: availableTimesResponseSchema,
    handler: async ({ c, body }) => c.var.services.visitRequests.availableTimes(await actorOf(c), body),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/visit-request',
    tag,
    summary: 'create: the visit request with its two dates, paid by the succeeded payment_id or the credit (409 when one is open)',
    access: signedIn,
    scope: 'object',
    body: createVisitRequestSchema,
    response: createVisitRequestResponseSchema,
    handler: async ({ c, body }) => orExisting(c, async () => c.var.services.visitRequests.create(await actorOf(c), body)),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/request/:request_id',
    tag,
    summary: 'Request lookup: the request trimmed by role, learner_type, partner_dates, partner_disabled_dates',
    access: signedIn,
    scope: 'object',
    params: z.object({ request_id: z.coerce.number().int().positive().max(2_147_483_647) }),
    response: requestLookupResponseSchema,
    handler: async ({ c, params }) => c.var.services.visitRequests.lookup(await actorOf(c), params.request_id),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/visit-request/approve',
    tag,
    summary: 'An SP of the scenario accepts one date (creates the visit; 409 when another SP was first or the SP is booked) or declines',
    access: signedIn,
    scope: 'object',
    body: approveVisitRequestSchema,
    response: approveVisitRequestResponseSchema,
    handler: async ({ c, body }) => c.var.services.visitRequests.approve(await actorOf(c), body),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/visit-request/cancel',
    tag,
    summary: 'The learner cancels a pending request; what was paid becomes a credit for the same scenario',
    access: signedIn,
    scope: 'object',
    body: cancelVisitRequestSchema,
    response: cancelVisitRequestResponseSchema,
    handler: async ({ c, body }) => c.var.services.visitRequests.cancel(await actorOf(c), body.request_id),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/visit-request/reschedule',
    tag,
    summary: 'The learner proposes two new dates for a pending request',
    access: signedIn,
    scope: 'object',
    body: rescheduleVisitRequestSchema,
    response: rescheduleVisitRequestResponseSchema,
    handler: async ({ c, body }) => c.var.services.visitRequests.reschedule(await actorOf(c), body),
  }),
];
