import { visitRequestsApi as api } from '@simvisit/schema';
import type { Context } from 'hono';
import { actorOf } from '../../http/actor';
import type { AppEnv } from '../../http/app-env';
import { type AnyRoute, implement } from '../../http/route';
import { ExistingBooking } from './request-status';

/*
 * Visit request calls (contracts in packages/schema/src/api/visit-requests.ts). Identity and partner come from
 * the session; the service checks the scenario, the request and the caller's relation to it.
 */

/** A second booking answers 409 with where the existing request or visit is, so the page can redirect. */
async function orExisting<T>(c: Context<AppEnv>, run: () => Promise<T>): Promise<T | Response> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof ExistingBooking)) throw error;
    const key = error.scheduled.type === 2 ? 'request_id' : 'visit_id';
    return c.json({ message: error.message, scheduled: error.scheduled, [key]: error.scheduled.id }, 409);
  }
}

export const visitRequestsRoutes: AnyRoute[] = [
  implement(api.availableTimes, async ({ c, body }) => c.var.services.visitRequests.availableTimes(await actorOf(c), body)),
  implement(api.freeDays, async ({ c, body }) => c.var.services.visitRequests.freeDays(await actorOf(c), body)),
  implement(api.create, async ({ c, body }) => orExisting(c, async () => c.var.services.visitRequests.create(await actorOf(c), body))),
  implement(api.lookup, async ({ c, params }) => c.var.services.visitRequests.lookup(await actorOf(c), params.request_id)),
  implement(api.approve, async ({ c, body }) => c.var.services.visitRequests.approve(await actorOf(c), body)),
  implement(api.cancel, async ({ c, body }) => c.var.services.visitRequests.cancel(await actorOf(c), body.request_id)),
  implement(api.reschedule, async ({ c, body }) => c.var.services.visitRequests.reschedule(await actorOf(c), body)),
];
