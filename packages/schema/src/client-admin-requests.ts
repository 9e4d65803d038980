import { z } from 'zod';
import { idSchema, numeric } from './ids';

/**
 * Client admin requests (spec 002 §2.8, §3, §4): a signed-in user asks once for client admin access at the
 * partner they work at; a super admin approves it for chosen partners of that brand, which grants the client
 * admin role (docs/decisions/0058).
 */
export const CLIENT_REQUEST_PAGE_SIZE = 20;

export const CLIENT_REQUEST_MESSAGES = {
  approved: 'Client Admin Approved.',
  requested: 'Your request for client admin access has been sent.',
  alreadyPending: 'You have already requested client admin access.',
  alreadyClientAdmin: 'You are already a client admin here.',
  alreadyApproved: 'This request has already been approved.',
  partnersRequired: 'Please select at least one partner.',
  partnersInvalid: 'Choose partners from the list.',
  notFound: 'Request not found.',
  noRequests: 'No requests match search',
  loadError: 'Error Loading Requests',
  applicationError: 'Error Loading Application',
  back: 'Return to Client Requests',
  ask: 'Request Client Admin Access',
  pending: 'Your request for client admin access is pending approval.',
} as const;
const M = CLIENT_REQUEST_MESSAGES;

/** The brand tag of a request: Simclusive for a sim partner, otherwise the product's name. */
export const clientRequestBrand = (isSim: boolean, productName: string) => (isSim ? 'Simclusive' : productName);

export const clientRequestListSchema = z.object({
  email_string: z.string().max(255).optional().default(''),
  page_start: z._default(numeric(z.number().int().min(0).max(1_000_000)), 0),
});
export const clientRequestIdSchema = z.object({ request_id: idSchema(M.notFound) });
export const clientRequestApproveSchema = z.object({
  request_id: idSchema(M.notFound),
  selected_partners: z
    .array(idSchema(M.partnersInvalid), { error: M.partnersRequired })
    .min(1, { error: M.partnersRequired })
    .max(500, { error: M.partnersInvalid }),
});
export type ClientRequestApprove = z.input<typeof clientRequestApproveSchema>;

export const clientRequestSchema = z.object({
  id: z.number().int(),
  user: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  created_at: z.string(),
  is_sim: z.boolean(),
  approved_at: z.string().nullable(),
});
export type ClientRequest = z.infer<typeof clientRequestSchema>;
export const clientRequestListResponseSchema = z.object({ requests: z.array(clientRequestSchema), total: z.number().int() });
export const clientRequestPartnerSchema = z.object({ id: z.number().int(), long_name: z.string(), slug: z.string() });
export const clientRequestDetailResponseSchema = z.object({
  request: clientRequestSchema,
  partners: z.array(clientRequestPartnerSchema),
});
/** The caller's own state: whether they may ask, and their request if any. */
export const myClientRequestResponseSchema = z.object({
  can_request: z.boolean(),
  request: clientRequestSchema.nullable(),
});
