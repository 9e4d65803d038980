import { ACCESS } from '../api-access';
import { defineContract } from '../api-contract';
import {
  clientRequestApproveSchema,
  clientRequestDetailResponseSchema,
  clientRequestIdSchema,
  clientRequestListResponseSchema,
  clientRequestListSchema,
  myClientRequestResponseSchema,
} from '../client-admin-requests';
import { messageSchema } from '../errors';

/*
 * Client admin requests of spec 002 §7: the list, the detail and approval are super admins' (AUTHZ-14); asking
 * is any signed-in user's own (docs/decisions/0058). The list is a POST with its filter in the body, like the
 * user list and the spec's other request calls.
 */
const tag = 'Client admin requests';
const superAdmin = ACCESS.superAdmin;

export const clientAdminRequestsApi = {
  list: defineContract({
    method: 'POST',
    path: '/api/request/clients',
    tag,
    summary: 'Pending client admin requests, filtered by email, 20 a page',
    access: superAdmin,
    scope: 'none',
    stateChanging: false,
    body: clientRequestListSchema,
    response: clientRequestListResponseSchema,
  }),
  detail: defineContract({
    method: 'POST',
    path: '/api/request/client',
    tag,
    summary: 'One request with the partners of its brand to choose from',
    access: superAdmin,
    scope: 'none',
    stateChanging: false,
    body: clientRequestIdSchema,
    response: clientRequestDetailResponseSchema,
  }),
  approve: defineContract({
    method: 'POST',
    path: '/api/request/approve',
    tag,
    summary: 'Approve a pending request: client admin of the selected partners (at least one, of its brand)',
    access: superAdmin,
    scope: 'none',
    body: clientRequestApproveSchema,
    response: messageSchema,
  }),
  mine: defineContract({
    method: 'GET',
    path: '/api/request/client-admin/mine',
    tag,
    summary: "The caller's own client admin request, and whether they may ask",
    access: { type: 'authenticated' },
    scope: 'self',
    response: myClientRequestResponseSchema,
  }),
  ask: defineContract({
    method: 'POST',
    path: '/api/request/client-admin',
    tag,
    summary: 'Ask for client admin access at the current partner (once)',
    access: { type: 'authenticated' },
    scope: 'self',
    response: myClientRequestResponseSchema,
  }),
};
