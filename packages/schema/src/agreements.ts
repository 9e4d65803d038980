import { z } from 'zod';
import { idSchema } from './ids';
import { NAME_ON_CARD_MAX, PAYMENT_MESSAGES } from './payments';
import { normalizePhone } from './phone';

/**
 * Agreements, their card payment and invoices (issue 19; spec 002 §2.19, §2.20, §3 'Agreement' and 'Invoice', §4,
 * §5, §7, §8). An agreement is an approved quote (agreement_id = the quote's id); it is signed, then paid by card or
 * by an invoice that a super admin marks as paid, and paying it finalizes it: the organisation becomes a partner.
 * Every amount is integer cents on the server; the answers carry them as cents and as 'd.dd' strings (money.ts).
 */

export const AGREEMENT_MESSAGES = {
  firstNameRequired: 'Please enter your first name',
  lastNameRequired: 'Please enter your last name',
  billingNameRequired: 'Please enter billing contact name',
  billingEmailRequired: 'Please enter a billing email',
  billingPhoneInvalid: 'Please enter a valid billing phone number',
  billingAddressRequired: 'Please enter a billing address',
  billingCityRequired: 'Please enter a billing city',
  billingStateRequired: 'Please select a billing state',
  billingZipRequired: 'Please enter a billing zip code',
  signed: 'Agreement signed',
  signError: 'Error signing agreement',
  paymentSubmitted: 'Payment Submitted',
  paymentError: 'Error submitting payment',
  paymentFallback: 'Please contact support for assistance',
  invoiceRequested: 'Invoice Requested',
  invoiceRequestError: 'Error requesting invoice',
  nameOnCardRequired: PAYMENT_MESSAGES.nameOnCardRequired,
  agreementNotFound: 'Agreement not found.',
  rejected: 'This agreement was rejected.',
  notSigned: 'Please sign the agreement first.',
  alreadySigned: 'This agreement is already signed.',
  alreadyPaid: 'This agreement is already paid.',
  invoiceAlreadyRequested: 'An invoice was already requested for this agreement.',
} as const;

export const INVOICE_MESSAGES = {
  empty: 'No Invoice Requests Available',
  loadError: 'Error loading invoice request',
  markedPaid: 'Invoice marked as paid.',
  markError: 'Error marking invoice as paid',
  invoiceNotFound: 'Invoice not found.',
} as const;

/** Required text with the spec's message when empty, and the house's words when too long. */
const requiredText = (message: string, max = 255) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: `This field must not be greater than ${max} characters.` });

/** The separate billing contact of spec 002 §5 (all required but address 2). */
export const billingContactSchema = z.object({
  name: requiredText(AGREEMENT_MESSAGES.billingNameRequired),
  email: requiredText(AGREEMENT_MESSAGES.billingEmailRequired).pipe(z.email({ error: AGREEMENT_MESSAGES.billingEmailRequired })),
  phone: z
    .string({ error: AGREEMENT_MESSAGES.billingPhoneInvalid })
    .max(40, { error: AGREEMENT_MESSAGES.billingPhoneInvalid })
    .refine((value) => normalizePhone(value) !== null, { error: AGREEMENT_MESSAGES.billingPhoneInvalid }),
  address_1: requiredText(AGREEMENT_MESSAGES.billingAddressRequired),
  address_2: z.string().trim().max(255).nullish(),
  city: requiredText(AGREEMENT_MESSAGES.billingCityRequired),
  state: idSchema(AGREEMENT_MESSAGES.billingStateRequired),
  zip: requiredText(AGREEMENT_MESSAGES.billingZipRequired, 20),
});
export type BillingContact = z.infer<typeof billingContactSchema>;

export const agreementIdSchema = idSchema(AGREEMENT_MESSAGES.agreementNotFound);
export const agreementIdQuerySchema = z.object({ agreement_id: agreementIdSchema });
export const agreementIdBodySchema = z.object({ agreement_id: agreementIdSchema });

/** Agree to terms (spec 002 §7): the signer's name and, optionally, a separate billing contact. */
export const signAgreementRequestSchema = z.object({
  agreement_id: agreementIdSchema,
  first_name: requiredText(AGREEMENT_MESSAGES.firstNameRequired),
  last_name: requiredText(AGREEMENT_MESSAGES.lastNameRequired),
  billing_address: billingContactSchema.nullish(),
});
export type SignAgreementRequest = z.infer<typeof signAgreementRequestSchema>;

/** Submit payment: a PaymentMethod id made in the browser (Stripe.js or the demo form), never a card number (PAY-09). */
export const agreementPaymentRequestSchema = z.object({
  agreement_id: agreementIdSchema,
  name_on_card: z
    .string({ error: PAYMENT_MESSAGES.nameOnCardRequired })
    .trim()
    .min(1, { error: PAYMENT_MESSAGES.nameOnCardRequired })
    .max(NAME_ON_CARD_MAX, { error: PAYMENT_MESSAGES.nameOnCardTooLong }),
  stripe_token: z
    .string({ error: PAYMENT_MESSAGES.paymentMethodRequired })
    .regex(/^(pm|tok)_[A-Za-z0-9_]{1,200}$/, { error: PAYMENT_MESSAGES.paymentMethodRequired }),
  idempotency_key: z.string().regex(/^[A-Za-z0-9_-]{16,100}$/, { error: 'A valid idempotency key is required.' }),
});
export type AgreementPaymentRequest = z.infer<typeof agreementPaymentRequestSchema>;

/** Where an agreement stands (spec 002 §4): rejected, unsigned, signed and unpaid, finalized. */
export const agreementStateSchema = z.enum(['rejected', 'unsigned', 'signed', 'finalized']);
export type AgreementState = z.infer<typeof agreementStateSchema>;

export const agreementSchema = z.object({
  id: z.number(),
  title: z.string(),
  slug: z.string(),
  state: agreementStateSchema,
  /** the signed copy's address (the PDF call), once signed */
  agreement_path: z.string().nullable(),
  is_agreement_signed: z.boolean(),
  agreement_signed_at: z.string().nullable(),
  signer_name: z.string().nullable(),
  is_payment_made: z.boolean(),
  payment_made_at: z.string().nullable(),
  is_rejected: z.boolean(),
  invoice_requested: z.boolean(),
  /** the invoice made when one was requested (its PDF: GET api/invoice/pdf) */
  invoice_id: z.number().nullable(),
  number_of_sessions: z.number(),
  session_rate: z.string(),
  agreement_duration: z.number(),
  payment_amount: z.string(),
  processing_fee: z.string(),
  total_amount: z.string(),
  total_amount_cents: z.number(),
  partner_id: z.number().nullable(),
  company_name: z.string().nullable(),
  settings: z.object({ start_date: z.string().nullable() }),
});
export type Agreement = z.infer<typeof agreementSchema>;

export const agreementScenarioSchema = z.object({ id: z.string(), title: z.string(), sessions: z.number() });
export const stateOptionSchema = z.object({ id: z.number(), short_name: z.string() });

export const agreementListResponseSchema = z.object({
  agreements: z.array(z.object({ id: z.number(), title: z.string(), state: agreementStateSchema })),
});
export const agreementResponseSchema = z.object({
  agreement: agreementSchema,
  /** the new partner's brand passcode: only once finalized, and only to the requester or a super admin */
  password: z.string().nullable(),
  scenarios: z.array(agreementScenarioSchema),
  states: z.array(stateOptionSchema),
  /** card payment: which provider the browser talks to (null when card payments are not configured) */
  payment: z.object({ provider: z.enum(['stripe', 'demo']).nullable(), publishable_key: z.string().nullable() }),
});
export type AgreementResponse = z.infer<typeof agreementResponseSchema>;

export const agreementPaymentResponseSchema = z.object({
  message: z.string(),
  status: z.enum(['pending', 'requires_action', 'processing', 'succeeded', 'failed', 'canceled']),
  payment_id: z.number(),
  client_secret: z.string().optional(),
  next_action: z.string().optional(),
  /** the partner once finalized (spec 002 §7: pending_partner, password) */
  pending_partner: z.object({ id: z.number(), partner_id: z.number().nullable(), slug: z.string() }),
  password: z.string().nullable(),
});

export const invoiceIdSchema = idSchema(INVOICE_MESSAGES.invoiceNotFound);
export const invoiceIdQuerySchema = z.object({ invoice_id: invoiceIdSchema });
export const invoiceIdBodySchema = z.object({ invoice_id: invoiceIdSchema });

export const invoiceSchema = z.object({
  id: z.number(),
  number: z.string(),
  agreement_id: z.number(),
  title: z.string(),
  invoice_requested_at: z.string(),
  is_payment_made: z.boolean(),
  payment_made_at: z.string().nullable(),
  payment_amount: z.string(),
  payment_amount_cents: z.number(),
  user: z.object({
    first_name: z.string(),
    last_name: z.string(),
    job_title: z.string().nullable(),
    company_name: z.string().nullable(),
    email: z.string(),
    address_1: z.string().nullable(),
    address_2: z.string().nullable(),
    city: z.string().nullable(),
    state: z.object({ short_name: z.string() }).nullable(),
    zip: z.string().nullable(),
  }),
});
export type Invoice = z.infer<typeof invoiceSchema>;
export const invoiceListResponseSchema = z.object({ invoices: z.array(invoiceSchema) });
export const invoiceResponseSchema = z.object({ invoice: invoiceSchema });
export const invoiceActionResponseSchema = z.object({ message: z.string(), invoice: invoiceSchema });
