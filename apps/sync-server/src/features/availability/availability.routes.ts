import {
  addAvailabilityRequestSchema,
  availabilitiesResponseSchema,
  deleteAvailabilityRequestSchema,
  updateAvailabilityRequestSchema,
} from '@simvisit/schema';
import { actorOf } from '../../http/actor';
import { type AnyRoute, defineRoute } from '../../http/route';

const access = { type: 'permission', permission: 'user.availability' } as const;

export const availabilityRoutes: AnyRoute[] = [
  defineRoute({
    method: 'POST',
    path: '/api/user/add-availability',
    tag: 'Availability',
    summary: 'Add an availability window',
    access,
    scope: 'self',
    body: addAvailabilityRequestSchema,
    response: availabilitiesResponseSchema,
    handler: async ({ c, body }) => ({
      message: 'Availability added!',
      availabilities: await c.var.services.availability.add(await actorOf(c), body),
    }),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/user/update-availability',
    tag: 'Availability',
    summary: 'Change one of the caller’s availability windows',
    access,
    scope: 'object',
    body: updateAvailabilityRequestSchema,
    response: availabilitiesResponseSchema,
    handler: async ({ c, body }) => ({
      message: 'Availability updated!',
      availabilities: await c.var.services.availability.update(await actorOf(c), body.ua_id, body),
    }),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/user/delete-availability',
    tag: 'Availability',
    summary: 'Delete one availability window, or all of a day',
    access,
    scope: 'object',
    body: deleteAvailabilityRequestSchema,
    response: availabilitiesResponseSchema,
    handler: async ({ c, body }) => ({
      message: 'Availability deleted.',
      availabilities: await c.var.services.availability.remove(await actorOf(c), body),
    }),
  }),
];
