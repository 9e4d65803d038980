import { z } from 'zod/mini';

/*
 * The session counter (spec 000 §2.9, §3 Partner, §7, §9): seat usage per partner on the admin dashboard and the
 * client admin dashboard at partner 28, with the rules the server and the card share (docs/decisions/0076).
 */

export const SESSION_COUNTER_MESSAGES = {
  title: 'Session Counter',
  noPartners: 'No partners with session data available.',
  noClientAdmins: (partner: string) => `No client administrators associated to ${partner}.`,
  copyEmails: 'Copy Email Addresses',
  copied: 'Email addresses copied.',
  copyUnavailable: 'Copying is not available in this browser: select the addresses below and copy them.',
  atWarning: 'Near capacity',
  notSessionCounterPartner: 'The session counter is shown at Simclusive only.',
} as const;

/** Spec 000 §9: five partners a page, a pager above five. */
export const SESSION_COUNTER_PAGE_SIZE = 5;
/** Spec 000 §9: usage of 80% or more is a warning (red bar, mail button). */
export const SESSION_COUNTER_WARNING = 80;
/** Spec 000 §6: the session counter belongs to the inclusive-simulation brand. */
export const SESSION_COUNTER_PARTNER_ID = 28;

/**
 * `is_client_admin` as the spec's client sends it (true/false or 1/0, or left out). It only chooses between the
 * views a caller holds: the server never widens a client admin's partners because of it (AUTHZ-12).
 */
export const sessionCounterRequestSchema = z.object({
  is_client_admin: z.pipe(
    z.nullable(z.optional(z.union([z.boolean(), z.literal(0), z.literal(1)]))),
    z.transform((v) => v === true || v === 1),
  ),
});
export type SessionCounterRequest = z.input<typeof sessionCounterRequestSchema>;

export const sessionCounterClientAdminSchema = z.object({ first_name: z.string(), last_name: z.string(), email: z.string() });
export type SessionCounterClientAdmin = z.infer<typeof sessionCounterClientAdminSchema>;

/** How far back the usage over time goes (issue 20 item 6): the last 90 days, today included. */
export const SESSION_COUNTER_HISTORY_DAYS = 90;

/** A partner's seats as read on one day (the day's last reading): the points of the usage-over-time chart. */
export const seatUsageDaySchema = z.object({
  /** the UTC day, YYYY-MM-DD */
  day: z.string(),
  usage: z.number().check(z.int()),
  used_seats: z.number().check(z.int()),
  held_seats: z.number().check(z.int()),
  seats: z.number().check(z.int()),
});
export type SeatUsageDay = z.infer<typeof seatUsageDaySchema>;

/** The first UTC day (YYYY-MM-DD) of the usage over time that ends on `now`'s day. */
export function historyStartDay(now: Date): string {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (SESSION_COUNTER_HISTORY_DAYS - 1)));
  return start.toISOString().slice(0, 10);
}

/** One row (spec 000 §3 Partner): usage is a whole percent (usagePercent). */
export const sessionCounterPartnerSchema = z.object({
  id: z.number().check(z.int()),
  long_name: z.string(),
  short_name: z.string(),
  slug: z.string(),
  usage: z.number().check(z.int()),
  used_seats: z.number().check(z.int()),
  /** seats held by registrations waiting for their emailed link: not used yet, not free either (decision 0080) */
  held_seats: z.number().check(z.int()),
  seats: z.number().check(z.int()),
  /** only on rows at the warning and only in the admin view: the mail modal's list (minimal disclosure) */
  client_admins: z.array(sessionCounterClientAdminSchema),
  /** the usage over time, oldest day first: days the timed jobs read (none before the partner had seats) */
  history: z.array(seatUsageDaySchema),
});
export type SessionCounterPartner = z.infer<typeof sessionCounterPartnerSchema>;
export const sessionCounterResponseSchema = z.object({ partners: z.array(sessionCounterPartnerSchema) });
export type SessionCounterResponse = z.infer<typeof sessionCounterResponseSchema>;

/**
 * Usage as a whole percent, rounded down: the figure shown and the bar's colour always agree (79.9% reads 79 and
 * is not red; 100 only when every seat is used). No seats means no usage.
 */
export function usagePercent(usedSeats: number, seats: number): number {
  if (!(seats > 0) || !(usedSeats > 0)) return 0;
  return Math.floor((usedSeats * 100) / seats);
}

/** Spec 000 §2.9/§9: red bar and mail button at 80% or more. */
export function isAtWarning(usage: number): boolean {
  return usage >= SESSION_COUNTER_WARNING;
}

/** The bar's width: the usage kept within 0..100 (a partner over its seats still draws a full bar). */
export function barPercent(usage: number): number {
  return Math.min(100, Math.max(0, usage));
}

/** What Copy Email Addresses copies: the addresses separated by semicolons, each once, in the listed order. */
export function emailList(admins: readonly { email: string }[]): string {
  return [...new Set(admins.map((a) => a.email.trim()).filter(Boolean))].join(';');
}

/** The rows' order: highest usage first (the ones to act on lead), then by long name. */
export function bySessionUsage(a: SessionCounterPartner, b: SessionCounterPartner): number {
  return b.usage - a.usage || a.long_name.localeCompare(b.long_name) || a.id - b.id;
}

/** One page (0-based) of the rows, and the page count; the card shows a pager only above one page. */
export function sessionCounterPage<T>(rows: readonly T[], page: number): { rows: T[]; pages: number; page: number } {
  const pages = Math.max(1, Math.ceil(rows.length / SESSION_COUNTER_PAGE_SIZE));
  const at = Math.min(Math.max(0, Math.trunc(page)), pages - 1);
  return { rows: rows.slice(at * SESSION_COUNTER_PAGE_SIZE, (at + 1) * SESSION_COUNTER_PAGE_SIZE), pages, page: at };
}

/** Spec 000 §2.8, §2.12, §6: the admin and client admin dashboards show the card at partner 28 only. */
export function showsSessionCounter(partnerId: number | null): boolean {
  return partnerId === SESSION_COUNTER_PARTNER_ID;
}
