import { ACCESS } from '../api-access';
import { defineContract } from '../api-contract';
import { brandPasswordsResponseSchema, saveBrandPasswordRequestSchema, saveBrandPasswordResponseSchema } from '../brand-passwords';

/**
 * Manage Passwords (spec 002 §2.14, §7 Passwords; issue 13 item 6): super admins only (AUTHZ-14), who administer
 * every partner, so nothing is checked beyond the gate but that the partner exists. Paths as in decision 0059.
 */
const tag = 'Partner administration';
const superAdmin = ACCESS.superAdmin;

export const brandPasswordsApi = {
  list: defineContract({
    method: 'GET',
    path: '/api/partner/passwords',
    tag,
    summary: 'Every partner’s passcode settings: enabled, the passcode, rotation frequency and end date',
    access: superAdmin,
    scope: 'none',
    response: brandPasswordsResponseSchema,
  }),
  save: defineContract({
    method: 'POST',
    path: '/api/partner/save-password',
    tag,
    summary: 'Set a partner’s passcode: enable, the passcode (at most 25 characters), rotation every 1–7 days until an end date',
    access: superAdmin,
    scope: 'none',
    body: saveBrandPasswordRequestSchema,
    response: saveBrandPasswordResponseSchema,
  }),
};
