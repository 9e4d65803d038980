import { defineContract } from '../api-contract';
import { sessionCounterRequestSchema, sessionCounterResponseSchema } from '../session-counter';

/*
 * The session counter of spec 000 §7 (docs/decisions/0076). Any signed-in caller may ask; the service answers
 * super admins and admins at partner 28 with every partner, client admins at partner 28 with the partners they
 * administer whatever the body says (AUTHZ-12), and everyone else 403. A read with a JSON body: no CSRF token.
 */
const tag = 'Session counter';

export const sessionCounterApi = {
  show: defineContract({
    method: 'POST',
    path: '/api/reports/session-counter',
    tag,
    summary: 'Seat usage per partner: every partner for admins at partner 28, the administered partners for client admins',
    access: { type: 'authenticated' },
    scope: 'partner',
    stateChanging: false,
    body: sessionCounterRequestSchema,
    response: sessionCounterResponseSchema,
  }),
};
