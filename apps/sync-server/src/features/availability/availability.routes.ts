import { availabilityApi as api } from '@simvisit/schema';
import { actorOf } from '../../http/actor';
import { type AnyRoute, implement } from '../../http/route';

/** Availability windows (contracts in packages/schema/src/api/availability.ts). */
export const availabilityRoutes: AnyRoute[] = [
  implement(api.add, async ({ c, body }) => ({
    message: 'Availability added!',
    availabilities: await c.var.services.availability.add(await actorOf(c), body),
  })),
  implement(api.update, async ({ c, body }) => ({
    message: 'Availability updated!',
    availabilities: await c.var.services.availability.update(await actorOf(c), body.ua_id, body),
  })),
  implement(api.remove, async ({ c, body }) => ({
    message: 'Availability deleted.',
    availabilities: await c.var.services.availability.remove(await actorOf(c), body),
  })),
];
