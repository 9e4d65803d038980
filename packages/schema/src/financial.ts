import { z } from 'zod';
import { cachedDateTimeFormat } from './format';
import { idOrZeroSchema, numeric } from './ids';

/*
 * What people earned and what partners paid (issue 20; spec 000 §2.8, §2.11, §3 Financial data, §6, §7; spec 002
 * §2.6, §2.7, §3, §9; docs/decisions/0078). The shapes of the financial overview, the financial report and the
 * payment report, and the pure rules both apps share: which category a piece of work falls in, how many hours it
 * counts, and which month it belongs to. Amounts are the API's dollar text (money.ts); hours are numbers with at
 * most two decimals.
 */

export const FINANCIAL_MESSAGES = {
  overviewTitle: 'Financial Overview',
  authorCardTitle: 'Author Financials',
  update: 'Update',
  viewFullReport: 'View Full Report',
  viewPaymentReport: 'View Payment Report',
  overviewError: 'Error retrieving financial data.',
  reportError: 'Error retrieving report.',
  financialReportTitle: 'Financial Report',
  paymentReportTitle: 'Payment Report',
  export: 'Export',
  noRecords: 'No records for this period.',
  monthInvalid: 'Choose a month from the list.',
  yearInvalid: 'Choose a year from the list.',
  platformInvalid: 'Choose a platform from the list.',
  jobNumberInvalid: 'Job numbers are at most 255 characters.',
  cursorInvalid: 'The page position is too long.',
  pageSizeInvalid: 'A page lists 1 to 200 people.',
  nextPage: 'Next page',
  previousPage: 'Previous page',
} as const;
const M = FINANCIAL_MESSAGES;

/** Spec 000 §9: the overview and the financial report start in 2021; spec 002 §9: the payment report in 2024. */
export const FINANCIAL_FIRST_YEAR = 2021;
export const PAYMENT_REPORT_FIRST_YEAR = 2024;
/** A far bound for the year field; the service answers an empty month for a year still to come. */
export const FINANCIAL_LAST_YEAR = 2100;
/** Spec 002 §9: job number -1 means work not associated to a job number. */
export const JOB_NUMBER_NONE = '-1';
/** A cancellation by anyone but the SP less than this many hours before the start is late (paid in full). */
export const LATE_CANCELLATION_HOURS = 24;
/** …and from LATE_CANCELLATION_HOURS up to this many hours before the start it is early (paid in full too); earlier is not paid. */
export const EARLY_CANCELLATION_HOURS = 48;
/** How many people a page of the financial report lists unless asked (the export writes every page), and at most. */
export const FINANCIAL_REPORT_PAGE_SIZE = 50;
export const FINANCIAL_REPORT_MAX_PAGE_SIZE = 200;
/** The longest page position a client may send back (a name key of 255 characters, encoded). */
export const FINANCIAL_CURSOR_MAX = 1200;
/** How many months the charts look back, ending at the chosen month. */
export const FINANCIAL_CHART_MONTHS = 12;

/**
 * The categories of the financial report (spec 002 §3), in the order of its columns. `scorecard` is shown as
 * Observer. Each is paid at one role's rate: sp, no_show, learner_tech, late_canc, early_canc and training at the
 * SP rate (role 2), scorecard at the observer rate (3), trainer at the trainer rate (4), interview at the head
 * trainer rate (6), author per completed visit of an authored scenario at the simulation-brand author rate (8 at 28).
 */
export const FINANCIAL_CATEGORIES = [
  'sp',
  'no_show',
  'learner_tech',
  'late_canc',
  'early_canc',
  'scorecard',
  'trainer',
  'training',
  'interview',
  'author',
] as const;
export type FinancialCategory = (typeof FINANCIAL_CATEGORIES)[number];

export const FINANCIAL_CATEGORY_LABELS: Record<FinancialCategory, string> = {
  sp: 'SP',
  no_show: 'No Show',
  learner_tech: 'Learner Tech',
  late_canc: 'Late Canc',
  early_canc: 'Early Canc',
  scorecard: 'Observer',
  trainer: 'Trainer',
  training: 'Training',
  interview: 'Interview',
  author: 'Author',
};

/** What the category rule reads of a visit. */
export interface VisitPayFacts {
  start_at: Date | string;
  is_complete: boolean;
  is_canceled: boolean;
  canceled_at: Date | string | null;
  is_sp_cancellation: boolean;
  no_show: boolean;
  learner_technical_issue: boolean;
}

const time = (v: Date | string) => (v instanceof Date ? v : new Date(v)).getTime();

/**
 * The category an SP's visit is paid under, or null when it is not paid (still open, cancelled by the SP, or
 * cancelled more than EARLY_CANCELLATION_HOURS ahead). A technical issue and a no-show win over the flags they set.
 */
export function visitPayCategory(v: VisitPayFacts): FinancialCategory | null {
  if (v.learner_technical_issue) return 'learner_tech';
  if (v.no_show) return 'no_show';
  if (v.is_canceled) {
    if (v.is_sp_cancellation || v.canceled_at === null) return null;
    const hoursAhead = (time(v.start_at) - time(v.canceled_at)) / 3_600_000;
    if (hoursAhead < LATE_CANCELLATION_HOURS) return 'late_canc';
    if (hoursAhead < EARLY_CANCELLATION_HOURS) return 'early_canc';
    return null;
  }
  return v.is_complete ? 'sp' : null;
}

/** The hours a piece of work counts: its length, rounded to two decimals (a 30-minute visit is 0.5). */
export function workHours(startAt: Date | string, endAt: Date | string): number {
  return Math.round(Math.max(0, time(endAt) - time(startAt)) / 36_000) / 100;
}

const MONTH_OF: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'numeric' };

/** The month (1..12) and year a moment falls in, in the time zone that bounds the report's months. */
export function monthOf(at: Date | string, timeZone: string): { year: number; month: number } {
  const parts = cachedDateTimeFormat(MONTH_OF, timeZone).formatToParts(at instanceof Date ? at : new Date(at));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: part('year'), month: part('month') };
}

/** The chart's months: FINANCIAL_CHART_MONTHS months ending at (and including) the chosen one, oldest first. */
export function chartMonths(year: number, month: number): { year: number; month: number }[] {
  const out: { year: number; month: number }[] = [];
  for (let back = FINANCIAL_CHART_MONTHS - 1; back >= 0; back--) {
    const index = year * 12 + (month - 1) - back;
    out.push({ year: Math.floor(index / 12), month: (index % 12) + 1 });
  }
  return out;
}

const monthSchema = numeric(
  z.number({ error: M.monthInvalid }).int({ error: M.monthInvalid }).min(1, { error: M.monthInvalid }).max(12, { error: M.monthInvalid }),
);
const yearSchema = (first: number) =>
  numeric(
    z
      .number({ error: M.yearInvalid })
      .int({ error: M.yearInvalid })
      .min(first, { error: M.yearInvalid })
      .max(FINANCIAL_LAST_YEAR, { error: M.yearInvalid }),
  );
const flag = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.literal('0'), z.literal('1'), z.literal('true'), z.literal('false')])
  .optional()
  .nullable()
  .transform((v) => v === true || v === 1 || v === '1' || v === 'true');
const jobNumberSchema = z.string().trim().max(255, { error: M.jobNumberInvalid });
const amount = z.string();
const hours = z.number();
const optionalZero = z
  .optional(idOrZeroSchema())
  .nullable()
  .transform((v) => v ?? 0);

/* ---------------------------------------------------------------- the overview card (spec 000 §7) */

/**
 * `POST api/financial/overview`. user_id is honoured only for admins (and then only inside their partners); anyone
 * else always gets their own figures whatever it says (AUTHZ-09). partner_id other than 1 and 28 is replaced by the
 * caller's current partner (spec 000 §6); 0 or absent means the current partner.
 */
export const financialOverviewRequestSchema = z.object({
  month: monthSchema,
  year: yearSchema(FINANCIAL_FIRST_YEAR),
  partner_id: optionalZero,
  scenario_id: optionalZero,
  is_author: flag,
  user_id: z.optional(idOrZeroSchema()).nullable(),
});
export type FinancialOverviewRequest = z.input<typeof financialOverviewRequestSchema>;

export const authoringScenarioSchema = z.object({
  scenario_id: z.number(),
  title: z.string(),
  /** completed visits of the scenario in the month */
  count: z.number().int(),
  rate: amount,
  total: amount,
});
export type AuthoringScenario = z.infer<typeof authoringScenarioSchema>;

export const chartMonthSchema = z.object({ year: z.number().int(), month: z.number().int(), hours, total: amount });
export type ChartMonth = z.infer<typeof chartMonthSchema>;

/** Spec 000 §3 Financial data, plus the hours behind each row, the SP/observer split and the chart's months. */
export const financialOverviewResponseSchema = z.object({
  completed_total: amount,
  scorecards_total: amount,
  training_sessions_total: amount,
  late_cancellations_total: amount,
  early_cancellations_total: amount,
  no_shows_total: amount,
  learner_technical_issues_total: amount,
  interviews_total: amount,
  authoring_total: amount,
  authoring_scenarios: z.array(authoringScenarioSchema),
  total: amount,
  /** hours behind each category (authoring counts visits, not hours: 0) */
  hours: z.record(z.enum(FINANCIAL_CATEGORIES), hours),
  /** the spec's SP and observer sub-rows: shown to super admins, admins and people who are both (spec 000 §6) */
  show_sub_rows: z.boolean(),
  /** authors see no visit, training or cancellation rows (spec 000 §6) */
  is_author: z.boolean(),
  /** whose figures these are: null for everyone in the caller's scope (admins) */
  user_id: z.number().nullable(),
  partner_id: z.number(),
  /** the time zone whose calendar bounds the months */
  time_zone: z.string(),
  months: z.array(chartMonthSchema),
});
export type FinancialOverviewResponse = z.infer<typeof financialOverviewResponseSchema>;

/* ---------------------------------------------------------------- the financial report (spec 002 §2.6, §7) */

export const financialReportQuerySchema = z.object({
  month: monthSchema,
  year: yearSchema(FINANCIAL_FIRST_YEAR),
  /** 0 or absent: every partner the caller reaches */
  partner: optionalZero,
  /** 0 {product}, 1 Simclusive; absent: both */
  is_sim: z
    .union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1'), z.literal(''), z.null()], { error: M.platformInvalid })
    .optional()
    .transform((v) => (v === undefined || v === null || v === '' ? null : (Number(v) as 0 | 1))),
  scenario: optionalZero,
  /** absent or '': every job number; '-1': work with none */
  job_number: jobNumberSchema
    .optional()
    .nullable()
    .transform((v) => v || null),
  get_menu_items: flag,
  /** the page of people to read: a `next_cursor` or `previous_cursor` of an answer; absent (or garbled): the first */
  cursor: z.string().max(FINANCIAL_CURSOR_MAX, { error: M.cursorInvalid }).optional().nullable(),
  /** people per page: FINANCIAL_REPORT_PAGE_SIZE when absent */
  page_size: z
    .optional(
      numeric(
        z
          .number({ error: M.pageSizeInvalid })
          .int({ error: M.pageSizeInvalid })
          .min(1, { error: M.pageSizeInvalid })
          .max(FINANCIAL_REPORT_MAX_PAGE_SIZE, { error: M.pageSizeInvalid }),
      ),
    )
    .nullable()
    .transform((v) => v ?? FINANCIAL_REPORT_PAGE_SIZE),
});
export type FinancialReportQuery = z.input<typeof financialReportQuerySchema>;

/** A position in the report's people: their name key and id, and which way the page reads from it. */
export interface FinancialCursor {
  sort_key: string;
  user_id: number;
  before: boolean;
}

/** The cursor's text: opaque to clients (base64url of its JSON). */
export function encodeFinancialCursor(c: FinancialCursor): string {
  const json = JSON.stringify([c.before ? 'b' : 'a', c.sort_key, c.user_id]);
  return btoa(String.fromCharCode(...new TextEncoder().encode(json)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** The cursor a text stands for, or null when it is none or garbled (then the first page is read, as without one). */
export function decodeFinancialCursor(text: string | null | undefined): FinancialCursor | null {
  if (!text) return null;
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    const parsed: unknown = JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (ch) => ch.charCodeAt(0))));
    if (!Array.isArray(parsed) || parsed.length !== 3) return null;
    const [way, sort_key, user_id] = parsed as unknown[];
    if ((way !== 'a' && way !== 'b') || typeof sort_key !== 'string' || !Number.isSafeInteger(user_id)) return null;
    return { sort_key, user_id: user_id as number, before: way === 'b' };
  } catch {
    return null;
  }
}

export const categoryFigureSchema = z.object({
  hours,
  /** the distinct rates applied (two when the rate changed inside the month), lowest first */
  rates: z.array(amount),
  total: amount,
});
export type CategoryFigure = z.infer<typeof categoryFigureSchema>;

export const jobBreakdownSchema = z.object({
  /** null: work with no job number (shown as 'None') */
  job_number: z.string().nullable(),
  categories: z.record(z.enum(FINANCIAL_CATEGORIES), z.object({ hours, total: amount })),
  hours,
  total: amount,
});

export const financialUserRecordSchema = z.object({
  user_id: z.number(),
  name: z.string(),
  email: z.string(),
  categories: z.record(z.enum(FINANCIAL_CATEGORIES), categoryFigureSchema),
  jobs: z.array(jobBreakdownSchema),
  hours,
  total: amount,
});
export type FinancialUserRecord = z.infer<typeof financialUserRecordSchema>;

const grandShape = Object.fromEntries(
  FINANCIAL_CATEGORIES.flatMap((c) => [
    [`grand_hours_${c}`, hours],
    [`grand_total_${c}`, amount],
  ]),
) as Record<`grand_hours_${FinancialCategory}`, typeof hours> & Record<`grand_total_${FinancialCategory}`, typeof amount>;

export const financialReportResponseSchema = z.object({
  /** the menus, filled when get_menu_items is set (else empty) */
  partners: z.array(z.object({ id: z.number(), short_name: z.string(), is_sim: z.boolean() })),
  scenarios: z.array(z.object({ id: z.number(), title: z.string() })),
  job_numbers: z.array(z.string()),
  /** the job numbers the people of this page hold (null shown as 'None') */
  report_job_numbers: z.array(z.string().nullable()),
  /** one page of people (FINANCIAL_REPORT_PAGE_SIZE, by name); the grand figures below are over all of them */
  user_records: z.array(financialUserRecordSchema),
  /** the cursors of the next and the previous page (null: none) */
  next_cursor: z.string().nullable(),
  previous_cursor: z.string().nullable(),
  ...grandShape,
  grand_hours: hours,
  grand_total: amount,
  time_zone: z.string(),
  months: z.array(chartMonthSchema),
});
export type FinancialReportResponse = z.infer<typeof financialReportResponseSchema>;

/** The export's file name (spec 002 §2.6). */
export function financialReportFileName(month: number, year: number): string {
  return `financial_report_${month}_${year}.xlsx`;
}

/* ---------------------------------------------------------------- the payment report (spec 002 §2.7, §7) */

export const paymentReportQuerySchema = z.object({
  month: monthSchema,
  year: yearSchema(PAYMENT_REPORT_FIRST_YEAR),
  job_number: jobNumberSchema
    .optional()
    .nullable()
    .transform((v) => v || null),
});
export type PaymentReportQuery = z.input<typeof paymentReportQuerySchema>;

export const paymentReportRowSchema = z.object({
  /** null: payments of scenarios with no job number at the learner's partner */
  job_number: z.string().nullable(),
  payments: z.number().int(),
  visit_fees: amount,
  processing_fees: amount,
  refunds: amount,
  /** visit fees plus processing fees less refunds */
  amount,
});
export const agreementPaymentRowSchema = z.object({
  quote_id: z.number(),
  title: z.string(),
  company_name: z.string().nullable(),
  paid_at: z.string(),
  amount,
  processing_fee: amount,
});
export const paymentReportResponseSchema = z.object({
  job_numbers: z.array(z.string()),
  results: z.array(paymentReportRowSchema),
  agreement_payments: z.array(agreementPaymentRowSchema),
  total_visit_payments: amount,
  total_agreement_payments: amount,
  total: amount,
  time_zone: z.string(),
});
export type PaymentReportResponse = z.infer<typeof paymentReportResponseSchema>;

export function paymentReportFileName(month: number, year: number): string {
  return `payment_report_${month}_${year}.xlsx`;
}
