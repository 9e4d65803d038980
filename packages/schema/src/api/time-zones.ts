import { defineContract } from '../api-contract';
import { updateFieldResponseSchema } from '../profile-answer';
import { timeZoneRequestSchema } from '../time-zones';

/*
 * The profile's time zone (issue 22 item 2, decision 0086). Its own file: the shell calls it on every page, and the
 * rest of the profile's contracts pull the phone rules (libphonenumber) in with them (decision 0085).
 */
const tag = 'Profile';
const signedIn = { type: 'authenticated' } as const;

export const timeZoneApi = {
  set: defineContract({
    method: 'PUT',
    path: '/api/auth/user/time-zone',
    tag,
    summary: 'Set the caller’s time zone by its IANA name (from the device at first sign-in, or on switching)',
    access: signedIn,
    scope: 'self',
    body: timeZoneRequestSchema,
    response: updateFieldResponseSchema,
  }),
};
