import { defineContract } from '../api-contract';
import {
  partnerListResponseSchema,
  partnerSingleRequestSchema,
  partnerSingleResponseSchema,
  partnerSwitchRequestSchema,
  partnerSwitchResponseSchema,
} from '../partners';

/** Partner branding before sign-in, and the partners of the signed-in user (spec 000 §7). */
const tag = 'Partners';

export const partnersApi = {
  single: defineContract({
    method: 'POST',
    path: '/api/partner/single',
    tag,
    summary: "A partner's branding by slug ('error' when unknown)",
    access: { type: 'public' },
    scope: 'none',
    body: partnerSingleRequestSchema,
    response: partnerSingleResponseSchema,
  }),
  switch: defineContract({
    method: 'POST',
    path: '/api/partner/switch',
    tag,
    summary: 'Switch the current partner to another partner of the user',
    access: { type: 'authenticated' },
    scope: 'partner',
    beforeAdmission: true,
    body: partnerSwitchRequestSchema,
    response: partnerSwitchResponseSchema,
  }),
  list: defineContract({
    method: 'GET',
    path: '/api/partner',
    tag,
    summary: 'Partners of the user (all partners for super admins) with seats',
    access: { type: 'authenticated' },
    scope: 'self',
    response: partnerListResponseSchema,
  }),
};
