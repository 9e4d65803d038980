import { MSG } from '@simvisit/schema';

const HOUR_MS = 60 * 60 * 1000;
/** A confirmation link lives a week: long enough for a mailbox checked now and then, short enough to go stale. */
const WEEK_MS = 7 * 24 * HOUR_MS;

interface Limit {
  /** the rate-limit key's prefix; the address (spend) or the subject (resend) follows it */
  key: string;
  max: number;
  windowSeconds: number;
}

/** What one purpose of link is allowed: its life, its limits and its words. */
export interface LinkPurposeRules {
  ttlMs: number;
  /** how often one address may try a link of this purpose, counted before the link is looked at */
  spendLimit: Limit;
  /** how many new links one subject may ask for; null where a link cannot be asked for again */
  resendLimit: Limit | null;
  /** the 429's words */
  throttled: (retryAfterSeconds: number) => string;
  /** the audit action of a resend */
  resentAction: string | null;
}

/**
 * Every purpose of an emailed link, in this one place (docs/decisions/0064). The subject of each of today's
 * purposes is a user. Quotes and agreements add theirs here. The limits and keys are those the features had
 * before the links were one module, so nothing a caller sees changed.
 */
export const LINK_PURPOSES = {
  /** Applying for a role: confirms the applicant's email and submits the application (decision 0047). */
  application_confirmation: {
    ttlMs: WEEK_MS,
    spendLimit: { key: 'apply-confirm', max: 10, windowSeconds: 60 },
    resendLimit: { key: 'apply-resend', max: 3, windowSeconds: 600 },
    throttled: () => MSG.tooManyRequests,
    resentAction: 'applying.confirmation_resent',
  },
  /** A learner's registration: confirms the email and approves the learner role (decision 0051). */
  registration_confirmation: {
    ttlMs: WEEK_MS,
    spendLimit: { key: 'register-confirm', max: 10, windowSeconds: 60 },
    resendLimit: { key: 'register-resend', max: 3, windowSeconds: 600 },
    throttled: () => MSG.tooManyRequests,
    resentAction: 'registration.confirmation_resent',
  },
  /** Forgot password: sets a new one (spec 000 §2.4, PWD-03/04); asked for again from the form, not resent. */
  password_reset: {
    ttlMs: HOUR_MS,
    spendLimit: { key: 'reset-ip', max: 10, windowSeconds: 60 },
    resendLimit: null,
    throttled: MSG.resetThrottled,
    resentAction: null,
  },
} as const satisfies Record<string, LinkPurposeRules>;

export type LinkPurpose = keyof typeof LINK_PURPOSES;
/** The purposes a link can be asked for again with `resend`. */
export type ResendablePurpose = {
  [P in LinkPurpose]: (typeof LINK_PURPOSES)[P]['resendLimit'] extends null ? never : P;
}[LinkPurpose];
/** The purposes whose subject is a user: their links go when the user's account does. */
export const USER_LINK_PURPOSES: readonly LinkPurpose[] = ['application_confirmation', 'registration_confirmation', 'password_reset'];
