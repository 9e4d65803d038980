import { z } from 'zod';
import { ACCOUNT_MESSAGES, personFieldsSchema } from './account-fields';
import { optionalString, requiredString } from './fields';
import { idSchema, numeric } from './ids';
import { MONEY_MAX, processingFeeCents, toCents } from './money';
import { newPasswordSchema } from './passwords';
import { MOBILE_INVALID, normalizePhone } from './phone';
import { plainText } from './plain-text';
import { isDateText } from './zoned-time';

/**
 * Quotes (issue 19 items 2 and 3; spec 002 §2.18, §3 'Pending partner / quote', §4, §5, §7, §8). A super admin
 * builds a quote for a quote request, saves it, then approves or rejects it. The amounts are never trusted from
 * the client: `quoteAmounts` computes them here so the PWA shows them live and the server recomputes the same
 * figures and refuses a body whose amounts differ (PAY-01, VAL-10).
 */

export const QUOTE_PAGE_SIZE = 20;
export const QUOTE_TITLE_MAX = 255;
export const QUOTE_SUBDOMAIN_MAX = 50;
export const QUOTE_DURATION_MIN = 1;
export const QUOTE_DURATION_MAX = 60;
export const QUOTE_SESSION_RATE_MAX_CENTS = 99_999;
/** Sessions one quote may sell in all: keeps every amount far inside the money bounds (no 5xx on a huge count). */
export const QUOTE_SESSIONS_MAX = 10_000;
/** The page reloads this long after 'Quote saved' (spec 002 §9). */
export const QUOTE_RELOAD_MS = 3_000;

export const QUOTE_MESSAGES = {
  saved: 'Quote saved',
  saveError: 'Error saving quote',
  approved: 'Partner approval email sent',
  approveError: 'Error approving partner',
  rejected: 'Partner rejected',
  rejectError: 'Error rejecting partner',
  empty: 'No quotes found.',
  notFound: 'Quote request not found.',
  unknownPartner: 'Partner not found.',
  decided: 'This quote has already been decided and can no longer be changed.',
  titleRequired: 'Please enter a brand title.',
  titleMax: `The brand title may not be greater than ${QUOTE_TITLE_MAX} characters.`,
  subdomainRequired: 'Please enter a brand subdomain.',
  subdomainMax: `The brand subdomain may not be greater than ${QUOTE_SUBDOMAIN_MAX} characters.`,
  subdomainFormat: 'The brand subdomain may contain only lower-case letters, digits and hyphens, and may not start or end with a hyphen.',
  subdomainReserved: 'This subdomain is reserved. Please choose another.',
  subdomainTaken: 'This subdomain is already taken. Please choose another.',
  durationRange: `The agreement duration must be between ${QUOTE_DURATION_MIN} and ${QUOTE_DURATION_MAX} months.`,
  rateRange: 'The session rate must be between 0 and 999.99.',
  countMin: 'The number of sessions must be at least 0.',
  sessionsMax: `The number of sessions sold may not be greater than ${QUOTE_SESSIONS_MAX}.`,
  startDateRequired: 'Please enter a target start date.',
  startDatePast: 'The target start date may not be in the past.',
  amountsDiffer: 'The amounts do not match the quote. Please reload the page and try again.',
  scenarioUnknown: 'A scenario is not part of this quote request.',
} as const;
const M = QUOTE_MESSAGES;

/**
 * Subdomains no organisation may take: the ones the product and its mail already use, and the usual
 * infrastructure names a visitor could mistake for ours (decision 0070).
 */
export const RESERVED_SUBDOMAINS: readonly string[] = [
  'www',
  'api',
  'admin',
  'mail',
  'app',
  'sp',
  'smtp',
  'imap',
  'pop',
  'ftp',
  'ns1',
  'ns2',
  'dns',
  'mx',
  'webmail',
  'static',
  'assets',
  'cdn',
  'docs',
  'help',
  'support',
  'status',
  'blog',
  'dev',
  'test',
  'staging',
  'demo',
  'auth',
  'login',
  'account',
  'accounts',
  'billing',
  'management',
  'simclusive',
  'simvisit',
  'root',
];

/** A DNS label (RFC 1123): lower-case letters, digits and inner hyphens. */
const DNS_LABEL = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

/** Why a subdomain may not be used, from its shape alone (the server adds 'taken'); null when it may. */
export function subdomainProblem(subdomain: string): string | null {
  if (subdomain === '') return M.subdomainRequired;
  if (subdomain.length > QUOTE_SUBDOMAIN_MAX) return M.subdomainMax;
  if (!DNS_LABEL.test(subdomain)) return M.subdomainFormat;
  if (RESERVED_SUBDOMAINS.includes(subdomain)) return M.subdomainReserved;
  return null;
}

export interface QuoteAmounts {
  payment_amount_cents: number;
  processing_fee_cents: number;
  total_amount_cents: number;
  number_of_sessions: number;
}

/** payment = rate × sessions sold, the visit payments' processing fee on it, total = payment + fee (cents). */
export function quoteAmounts(sessionRateCents: number, soldCounts: readonly number[]): QuoteAmounts {
  const sessions = soldCounts.reduce((sum, n) => sum + n, 0);
  const payment = sessionRateCents * sessions;
  const fee = processingFeeCents(payment);
  return { payment_amount_cents: payment, processing_fee_cents: fee, total_amount_cents: payment + fee, number_of_sessions: sessions };
}

const count = numeric(z.number({ message: M.countMin }).int(M.countMin).min(0, M.countMin).max(QUOTE_SESSIONS_MAX, M.sessionsMax));
/** A dollar amount as cents; anything that is not an amount is refused with `message`. */
const cents = (message: string) =>
  z
    .union([z.number().min(0, { error: message }).max(MONEY_MAX, { error: message }), z.string().max(32, { error: message })])
    .transform((v, ctx) => {
      try {
        return toCents(v);
      } catch {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
    });

export const quoteListSchema = z.object({
  type: z.enum(['all', 'todo', 'pending', 'completed', 'rejected']).default('todo'),
  email_string: z.string().trim().max(255).default(''),
  page: z._default(numeric(z.number().int().min(1).max(100_000)), 1),
});
export type QuoteListQuery = z.input<typeof quoteListSchema>;
export type QuoteTab = z.infer<typeof quoteListSchema>['type'];

export const quoteRequestIdSchema = z.object({ request_id: idSchema(M.notFound) });

/** The body of save-quote, approve-partner and reject-partner (spec 002 §7). */
export const quoteSaveSchema = z.object({
  request_id: idSchema(M.notFound),
  id: z.nullish(idSchema(M.notFound)),
  user_id: z.nullish(idSchema(M.notFound)),
  // the title becomes the partner's name, shown on its public landing page (issue 21 item 6)
  title: plainText(z.string({ message: M.titleRequired }).trim().min(1, M.titleRequired).max(QUOTE_TITLE_MAX, M.titleMax), 'title'),
  subdomain: z
    .string({ message: M.subdomainRequired })
    .trim()
    .toLowerCase()
    .superRefine((v, ctx) => {
      const problem = subdomainProblem(v);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  session_rate: cents(M.rateRange).refine((c) => c >= 0 && c <= QUOTE_SESSION_RATE_MAX_CENTS, M.rateRange),
  agreement_duration: numeric(
    z
      .number({ message: M.durationRange })
      .int(M.durationRange)
      .min(QUOTE_DURATION_MIN, M.durationRange)
      .max(QUOTE_DURATION_MAX, M.durationRange),
  ),
  target_start_date: z
    .string({ message: M.startDateRequired })
    .regex(/^\d{4}-\d{2}-\d{2}$/, M.startDateRequired)
    .refine(isDateText, M.startDateRequired),
  number_of_sessions: count,
  payment_amount: cents(M.amountsDiffer),
  processing_fee: cents(M.amountsDiffer),
  total_amount: cents(M.amountsDiffer),
  scenarios: z.array(z.object({ scenario_id: z.string().min(1).max(64), scenario_count_invoice: count })).max(500),
});
export type QuoteSave = z.input<typeof quoteSaveSchema>;
export type QuoteSaveParsed = z.infer<typeof quoteSaveSchema>;

export const quoteListItemSchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  name: z.string(),
  email: z.string(),
  company_name: z.string().nullable(),
  status: z.string(),
});
export const quoteListResponseSchema = z.object({
  todo: z.number().int(),
  pending: z.number().int(),
  completed: z.number().int(),
  rejected: z.number().int(),
  quotes: z.object({ data: z.array(quoteListItemSchema), total: z.number().int(), page: z.number().int(), per_page: z.number().int() }),
});
export type QuoteListResponse = z.infer<typeof quoteListResponseSchema>;

export const pendingPartnerSchema = z.object({
  id: z.number().int(),
  title: z.string().nullable(),
  slug: z.string().nullable(),
  session_rate: z.string(),
  number_of_sessions: z.number().int(),
  agreement_duration: z.number().int().nullable(),
  target_start_date: z.string().nullable(),
  payment_amount: z.string(),
  processing_fee: z.string(),
  total_amount: z.string(),
  is_approved: z.boolean(),
  is_rejected: z.boolean(),
  approved_at: z.string().nullable(),
  rejected_at: z.string().nullable(),
});
export const quoteDetailResponseSchema = z.object({
  quote: z.object({
    id: z.number().int(),
    created_at: z.string(),
    user: z.object({
      user_id: z.number().int(),
      name: z.string(),
      email: z.string(),
      mobile_number: z.string().nullable(),
      job_title: z.string().nullable(),
      company_name: z.string().nullable(),
      address_1: z.string().nullable(),
      address_2: z.string().nullable(),
      city: z.string().nullable(),
      state: z.object({ short_name: z.string() }).nullable(),
      zip: z.string().nullable(),
    }),
  }),
  selected_scenarios: z.array(
    z.object({ scenario_id: z.string(), title: z.string(), scenario_count: z.number().int(), scenario_count_invoice: z.number().int() }),
  ),
  scenarios: z.array(z.object({ id: z.string(), title: z.string() })),
  pending_partner: pendingPartnerSchema.nullable(),
  settings: z.object({ today: z.string(), reload_ms: z.number().int(), reserved_subdomains: z.array(z.string()) }),
});
export type QuoteDetail = z.infer<typeof quoteDetailResponseSchema>;

export const quoteFormQuerySchema = z.object({ partner_slug: z.string().max(100).optional() });
/** The request form's choices: the scenarios published at the partner, and the US states (spec 002 §7). */
export const quoteFormResponseSchema = z.object({
  partner: z.object({ id: z.number().int(), slug: z.string(), long_name: z.string() }),
  scenarios: z.array(z.object({ id: z.string(), title: z.string() })),
  states: z.array(z.object({ id: z.number().int(), title: z.string(), short_name: z.string().nullable() })),
});
export type QuoteForm = z.infer<typeof quoteFormResponseSchema>;

/*
 * The quote request (issue 19 item 1, decision 0073): the requester's details, the published scenarios wanted with
 * a session count each, and a password only when nobody is signed in (an applicant account is made for them).
 */
/** The simulation brand, where a quote is requested when no sim partner is named (decision 0073). */
export const SIM_PARTNER_SLUG = 'simclusive';
export const QUOTE_REQUEST_SCENARIOS_MAX = 100;
export const QUOTE_REQUEST_COUNT_MAX = 999;
export const QUOTE_REQUEST_MESSAGES = {
  scenariosRequired: 'Please choose at least one scenario.',
  scenarioDuplicate: 'Each scenario may be chosen only once.',
  scenarioUnavailable: 'A chosen scenario is not available for a quote.',
  countRange: `The number of sessions must be between 1 and ${QUOTE_REQUEST_COUNT_MAX}.`,
  stateRequired: 'Please choose a state.',
  zipFormat: 'Please enter a valid ZIP code.',
  passwordRequired: 'The password field is required.',
  emailTaken: 'An account with this email address already exists. Please sign in to request a quote.',
  sent: 'Thank you! Your quote request has been received. We will email you when your quote is ready.',
  sentConfirm: (email: string) =>
    `Thank you! Your quote request has been received. We sent a link to ${email}. Please confirm your email address.`,
} as const;
const QR = QUOTE_REQUEST_MESSAGES;

export const quoteRequestScenarioSchema = z.object({
  scenario_id: z
    .string({ error: QR.scenariosRequired })
    .trim()
    .min(1, { error: QR.scenariosRequired })
    .max(64, { error: QR.scenarioUnavailable }),
  scenario_count: numeric(
    z
      .number({ error: QR.countRange })
      .int({ error: QR.countRange })
      .min(1, { error: QR.countRange })
      .max(QUOTE_REQUEST_COUNT_MAX, { error: QR.countRange }),
  ),
});

export const quoteRequestBodySchema = z
  .object({
    ...personFieldsSchema.shape,
    password: z.optional(newPasswordSchema),
    password_confirmation: z.string().max(256).optional(),
    mobile_number: requiredString('mobile number', 30).check(z.refine((v) => normalizePhone(v) !== null, { error: MOBILE_INVALID })),
    job_title: plainText(requiredString('job title', 255), 'job title'),
    company_name: plainText(requiredString('company name', 255), 'company name'),
    address_1: requiredString('address 1', 255),
    address_2: optionalString('address 2', 255),
    city: requiredString('city', 255),
    state_id: idSchema(QR.stateRequired),
    zip: requiredString('zip', 20).check(z.regex(/^\d{5}(-\d{4})?$/, { error: QR.zipFormat })),
    partner_slug: z.string().max(100).nullish(),
    scenarios: z
      .array(quoteRequestScenarioSchema, { error: QR.scenariosRequired })
      .min(1, { error: QR.scenariosRequired })
      .max(QUOTE_REQUEST_SCENARIOS_MAX, { error: QR.scenarioUnavailable })
      .refine((list) => new Set(list.map((s) => s.scenario_id)).size === list.length, { error: QR.scenarioDuplicate }),
  })
  .refine((v) => v.password === undefined || v.password === v.password_confirmation, {
    path: ['password_confirmation'],
    error: ACCOUNT_MESSAGES.passwordConfirmation,
  });
export type QuoteRequestBody = z.infer<typeof quoteRequestBodySchema>;
export type QuoteRequestValues = z.input<typeof quoteRequestBodySchema>;

export const quoteRequestResponseSchema = z.object({
  message: z.string(),
  quote_request_id: z.number().int(),
  /** an applicant account was made: its email waits for confirmation */
  account_created: z.boolean(),
});
export type QuoteRequestResponse = z.infer<typeof quoteRequestResponseSchema>;
