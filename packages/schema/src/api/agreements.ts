import {
  agreementIdBodySchema,
  agreementIdQuerySchema,
  agreementListResponseSchema,
  agreementPaymentRequestSchema,
  agreementPaymentResponseSchema,
  agreementResponseSchema,
  invoiceActionResponseSchema,
  invoiceIdBodySchema,
  invoiceIdQuerySchema,
  invoiceListResponseSchema,
  invoiceResponseSchema,
  signAgreementRequestSchema,
} from '../agreements';
import { ACCESS } from '../api-access';
import { defineContract } from '../api-contract';

/*
 * Agreements and invoices of spec 002 §7 ('Quotes, agreements, invoices'; paths not shown there, chosen in
 * issue 19). An agreement is reached by its requester and by super admins only (AUTHZ-11, PAY-08); the invoice
 * administration is the super admin's.
 */
const tag = 'Agreements and invoices';
const signedIn = ACCESS.signedIn;
const superAdmin = ACCESS.superAdmin;

export const agreementsApi = {
  list: defineContract({
    method: 'GET',
    path: '/api/agreements',
    tag,
    summary: "The caller's agreements (all of them for a super admin)",
    access: signedIn,
    scope: 'self',
    response: agreementListResponseSchema,
  }),
  show: defineContract({
    method: 'GET',
    path: '/api/agreement',
    tag,
    summary:
      'One agreement by state, its scenarios and the states list; the passcode only once finalized, to its requester or a super admin',
    access: signedIn,
    scope: 'object',
    query: agreementIdQuerySchema,
    response: agreementResponseSchema,
  }),
  pdf: defineContract({
    method: 'GET',
    path: '/api/agreement/pdf',
    tag,
    summary: 'The agreement as a PDF made on the server (the signed copy once signed)',
    access: signedIn,
    scope: 'object',
    query: agreementIdQuerySchema,
  }),
  sign: defineContract({
    method: 'POST',
    path: '/api/agreement/sign',
    tag,
    summary: "Agree to terms: the signer's name, an optional billing contact; records time, address, browser and the PDF's SHA-256",
    access: signedIn,
    scope: 'object',
    body: signAgreementRequestSchema,
    response: agreementResponseSchema,
  }),
  payment: defineContract({
    method: 'POST',
    path: '/api/agreement/payment',
    tag,
    summary: 'Pay a signed agreement by card (PaymentIntent for the server-computed total); finalizes it once paid',
    access: signedIn,
    scope: 'object',
    body: agreementPaymentRequestSchema,
    response: agreementPaymentResponseSchema,
  }),
  requestInvoice: defineContract({
    method: 'POST',
    path: '/api/agreement/request-invoice',
    tag,
    summary: 'Ask for an invoice instead of paying by card: a numbered invoice is made and mailed to the billing contact',
    access: signedIn,
    scope: 'object',
    body: agreementIdBodySchema,
    response: agreementResponseSchema,
  }),
};

export const invoicesApi = {
  list: defineContract({
    method: 'GET',
    path: '/api/invoices',
    tag,
    summary: 'Invoice requests, newest first',
    access: superAdmin,
    scope: 'none',
    response: invoiceListResponseSchema,
  }),
  show: defineContract({
    method: 'GET',
    path: '/api/invoice',
    tag,
    summary: 'One invoice request with the requester and the amount',
    access: superAdmin,
    scope: 'object',
    query: invoiceIdQuerySchema,
    response: invoiceResponseSchema,
  }),
  pdf: defineContract({
    method: 'GET',
    path: '/api/invoice/pdf',
    tag,
    summary: 'The numbered invoice as a PDF (also the requester may read their own)',
    access: signedIn,
    scope: 'object',
    query: invoiceIdQuerySchema,
  }),
  markAsPaid: defineContract({
    method: 'POST',
    path: '/api/invoice/mark-as-paid',
    tag,
    summary: 'Mark an invoice as paid (cannot be undone; a second call changes nothing); finalizes the agreement',
    access: superAdmin,
    scope: 'object',
    body: invoiceIdBodySchema,
    response: invoiceActionResponseSchema,
  }),
};
