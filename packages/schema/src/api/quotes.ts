import { ACCESS } from '../api-access';
import { defineContract } from '../api-contract';
import { messageSchema } from '../errors';
import {
  quoteDetailResponseSchema,
  quoteFormQuerySchema,
  quoteFormResponseSchema,
  quoteListResponseSchema,
  quoteListSchema,
  quoteRequestBodySchema,
  quoteRequestIdSchema,
  quoteRequestResponseSchema,
  quoteSaveSchema,
} from '../quotes';

/*
 * Quote management of spec 002 §7 'Quotes, agreements, invoices': every management call is a super admin's (spec 000 §2.2
 * shows Quote Management to the sim partner's super admin only). The request itself (quote-form,
 * quote-request) is public: a signed-in caller requests with their account, anyone else gets an applicant account.
 */
const tag = 'Quotes';
const superAdmin = ACCESS.superAdmin;

export const quotesApi = {
  form: defineContract({
    method: 'GET',
    path: '/api/request/quote-form',
    tag,
    summary: 'The quote request form: the scenarios published at the partner (partner_slug or host), and the US states',
    access: { type: 'public' },
    scope: 'none',
    query: quoteFormQuerySchema,
    response: quoteFormResponseSchema,
  }),
  request: defineContract({
    method: 'POST',
    path: '/api/request/quote-request',
    tag,
    summary:
      'Request a quote at a sim partner: the requester, the published scenarios wanted and their session counts; without a session an applicant account is made and its email confirmed by a link',
    access: { type: 'public' },
    scope: 'none',
    body: quoteRequestBodySchema,
    response: quoteRequestResponseSchema,
  }),
  list: defineContract({
    method: 'GET',
    path: '/api/request/quotes',
    tag,
    summary: 'Quote requests of one tab (todo, pending, completed, rejected or all) with the tab counts, 20 a page',
    access: superAdmin,
    scope: 'none',
    query: quoteListSchema,
    response: quoteListResponseSchema,
  }),
  detail: defineContract({
    method: 'GET',
    path: '/api/request/quote',
    tag,
    summary: 'One quote request, its scenarios and its quote (pending_partner) if one was saved',
    access: superAdmin,
    scope: 'none',
    query: quoteRequestIdSchema,
    response: quoteDetailResponseSchema,
  }),
  save: defineContract({
    method: 'POST',
    path: '/api/request/save-quote',
    tag,
    summary: 'Save the quote of a request; the amounts must equal the ones the server computes',
    access: superAdmin,
    scope: 'none',
    body: quoteSaveSchema,
    response: messageSchema,
  }),
  approve: defineContract({
    method: 'POST',
    path: '/api/request/approve-partner',
    tag,
    summary: 'Save and approve the quote; the requester is mailed a link to the agreement',
    access: superAdmin,
    scope: 'none',
    body: quoteSaveSchema,
    response: messageSchema,
  }),
  reject: defineContract({
    method: 'POST',
    path: '/api/request/reject-partner',
    tag,
    summary: 'Reject the quote request; the requester is told',
    access: superAdmin,
    scope: 'none',
    body: quoteRequestIdSchema,
    response: messageSchema,
  }),
};
