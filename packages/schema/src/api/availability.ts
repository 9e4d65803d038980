import { defineContract } from '../api-contract';
import {
  addAvailabilityRequestSchema,
  availabilitiesResponseSchema,
  deleteAvailabilityRequestSchema,
  updateAvailabilityRequestSchema,
} from '../availability';

/*
 * The caller's weekly availability windows (spec 000 §3, §7); each call answers the whole list. The PWA changes
 * windows through replication instead (offline first, same rules); these calls are the spec's REST side.
 */
const tag = 'Availability';
const access = { type: 'permission', permission: 'user.availability' } as const;

export const availabilityApi = {
  add: defineContract({
    method: 'POST',
    path: '/api/user/add-availability',
    tag,
    summary: 'Add an availability window',
    access,
    scope: 'self',
    body: addAvailabilityRequestSchema,
    response: availabilitiesResponseSchema,
  }),
  update: defineContract({
    method: 'POST',
    path: '/api/user/update-availability',
    tag,
    summary: 'Change one of the caller’s availability windows',
    access,
    scope: 'object',
    body: updateAvailabilityRequestSchema,
    response: availabilitiesResponseSchema,
  }),
  remove: defineContract({
    method: 'POST',
    path: '/api/user/delete-availability',
    tag,
    summary: 'Delete one availability window, or all of a day',
    access,
    scope: 'object',
    body: deleteAvailabilityRequestSchema,
    response: availabilitiesResponseSchema,
  }),
};
