import { z } from 'zod/mini';
import { zonedDateTimeParts } from './format';
import { idOrZeroSchema, MAX_ID, numeric } from './ids';
import { PARTNER_MAIN, PARTNER_SIM, ROLE } from './roles';
import { scenarioCardSchema } from './scenario-views';
import { trainingSessionCardSchema } from './training-session-card';
import { VISIT_RULES } from './visits';

/**
 * The visit lists of the role dashboards and the visit reports (spec 000 §2.8, §2.12, §3, §7 'Dashboard and
 * visit lists'; docs/decisions/0031-visit-dashboards.md): the calls' shapes and the pure rules both apps use.
 */

export const VISIT_DASHBOARD_PAGE_SIZE = VISIT_RULES.pageSize;

/** The perspectives a caller may ask for by role id: learner, SP, observer, admin, client admin, trainer, head trainer. */
export const VISIT_LIST_ROLES = [
  ROLE.learner,
  ROLE.standardized_patient,
  ROLE.observer,
  ROLE.admin,
  ROLE.client_admin,
  ROLE.trainer,
  ROLE.head_trainer,
] as const;
export type VisitListRole = (typeof VISIT_LIST_ROLES)[number];

/**
 * Which sections a call returns (spec 000 §7). 'canceled' pages the canceled visits on their own (the spec shows
 * them with the completed ones but gives them no type of their own).
 */
export const VISIT_LIST_TYPES = [
  'all',
  'requests',
  'scheduled',
  'completed',
  'canceled',
  'scheduled_training_sessions',
  'completed_training_sessions',
  'canceled_training_sessions',
] as const;
export type VisitListType = (typeof VISIT_LIST_TYPES)[number];
export const TRAINING_LIST_TYPES = ['scheduled_training_sessions', 'completed_training_sessions', 'canceled_training_sessions'] as const;
export type TrainingListType = (typeof TRAINING_LIST_TYPES)[number];
export type VisitListSection = Exclude<VisitListType, 'all' | TrainingListType>;
/** The training group of a training list type. */
export const TRAINING_LIST_GROUP = {
  scheduled_training_sessions: 'scheduled',
  completed_training_sessions: 'completed',
  canceled_training_sessions: 'canceled',
} as const satisfies Record<TrainingListType, 'scheduled' | 'completed' | 'canceled'>;

export const VISIT_DASHBOARD_MESSAGES = {
  unknownRole: 'Unknown dashboard role.',
  roleNotHeld: 'You do not hold this role here.',
  partnerOutOfScope: 'You do not administer this partner.',
  unknownType: 'Unknown list type.',
  unknownStatus: 'Unknown status.',
  /** spec 000 §8 */
  reportError: 'Error retrieving report data.',
  participantsError: 'Error retrieving participant list.',
} as const;

const M = VISIT_DASHBOARD_MESSAGES;

/** The cursor naming the end of a list: the pager's last page (decision 0092). */
export const PAGE_CURSOR_END = 'end';
const PAGE_CURSOR_MAX = 300;

/** The first and last rows of an answered page, as cursors for the pages before and after it. */
export const pageCursorsSchema = z.object({ first: z.string(), last: z.string() });
export type PageCursors = z.infer<typeof pageCursorsSchema>;
const id0 = idOrZeroSchema();

export const getUserVisitsRequestSchema = z.object({
  /** Accepted for the spec's shape and ignored: the lists are always the session user's (AUTHZ-09). */
  user_id: z.nullable(z.optional(numeric(z.number().check(z.int()).check(z.gte(0)).check(z.lte(MAX_ID))))),
  role_id: numeric(
    z
      .number({ error: M.unknownRole })
      .check(z.int())
      .check(z.gte(0, { error: M.unknownRole }))
      .check(z.lte(MAX_ID, { error: M.unknownRole }))
      .check(z.refine((v): v is VisitListRole => (VISIT_LIST_ROLES as readonly number[]).includes(v), { error: M.unknownRole })),
  ),
  page_start: z._default(numeric(z.number().check(z.int()).check(z.gte(0)).check(z.lte(1_000_000))), 0),
  /**
   * Optional: a cursor of an earlier answer's `*_cursors` (or 'end', the end of the list) that anchors page_start,
   * so the page is read by key (decision 0092). Without one the page is counted from the top.
   */
  cursor: z.nullable(z.optional(z.string().check(z.maxLength(PAGE_CURSOR_MAX)))),
  type: z._default(z.enum(VISIT_LIST_TYPES, { error: M.unknownType }), 'all'),
  /** 0: every partner the perspective reaches */
  partner_id: z.pipe(
    z.nullable(z.optional(id0)),
    z.transform((v) => v ?? 0),
  ),
  /** 0: every scenario */
  scenario_id: z.pipe(
    z.nullable(z.optional(id0)),
    z.transform((v) => v ?? 0),
  ),
});
export type GetUserVisitsRequest = z.input<typeof getUserVisitsRequestSchema>;

export const updateDashboardRequestSchema = z.extend(z.omit(getUserVisitsRequestSchema, { type: true, page_start: true, cursor: true }), {
  page_start: z.optional(z.literal(0)),
  type: z.optional(z.literal('all')),
});

const personSchema = z.object({ name: z.string(), email: z.string() });
const scenarioSummarySchema = z.object({
  id: z.number(),
  title: z.nullable(z.string()),
  patient_name: z.nullable(z.string()),
  patient_image: z.nullable(z.object({ location: z.string() })),
});

/** A visit on a dashboard card (spec 000 §3 Visit). The people are shown to admins only (spec 000 §2.8). */
export const visitCardSchema = z.object({
  id: z.number(),
  /** the start, an ISO instant; shown in the viewer's zone */
  local_time: z.string(),
  scenario: scenarioSummarySchema,
  partner: z.object({ id: z.number(), slug: z.string() }),
  /** admins only */
  standardized_patient: z.nullable(personSchema),
  /** admins and client admins only */
  learner: z.nullable(personSchema),
  is_confirmed: z.boolean(),
  is_complete: z.boolean(),
  is_canceled: z.boolean(),
  canceled_by: z.nullable(z.number()),
  is_sp_cancellation: z.boolean(),
  no_show: z.boolean(),
  learner_technical_issue: z.boolean(),
  /** the label of spec 000 §4 for a canceled visit, else null */
  canceled_reason: z.nullable(z.string()),
  /** observer lists: whether the caller's scorecard is complete */
  observer_complete: z.optional(z.boolean()),
});
export type VisitCard = z.infer<typeof visitCardSchema>;

/** A pending visit request on a card (spec 000 §3 Visit request). */
export const visitRequestCardSchema = z.object({
  id: z.number(),
  scenario: scenarioSummarySchema,
  dates: z.array(z.object({ id: z.number(), local_time: z.string() })),
  /** admins and client admins only */
  user: z.nullable(personSchema),
  partner: z.object({ id: z.number(), slug: z.string() }),
});
export type VisitRequestCard = z.infer<typeof visitRequestCardSchema>;

/**
 * The dashboard response (spec 000 §3): each section with its _total, present when the type asks for it
 * ('all' returns every section), and the filter as applied (the partner may have been forced).
 */
export const dashboardResponseSchema = z.object({
  visit_requests: z.optional(z.array(visitRequestCardSchema)),
  visit_requests_total: z.optional(z.number()),
  visit_requests_cursors: z.optional(z.nullable(pageCursorsSchema)),
  scheduled_visits: z.optional(z.array(visitCardSchema)),
  scheduled_visits_total: z.optional(z.number()),
  scheduled_visits_cursors: z.optional(z.nullable(pageCursorsSchema)),
  completed_visits: z.optional(z.array(visitCardSchema)),
  completed_visits_total: z.optional(z.number()),
  completed_visits_cursors: z.optional(z.nullable(pageCursorsSchema)),
  canceled_visits: z.optional(z.array(visitCardSchema)),
  canceled_visits_total: z.optional(z.number()),
  canceled_visits_cursors: z.optional(z.nullable(pageCursorsSchema)),
  scheduled_training_sessions: z.optional(z.array(trainingSessionCardSchema)),
  scheduled_training_sessions_total: z.optional(z.number()),
  completed_training_sessions: z.optional(z.array(trainingSessionCardSchema)),
  completed_training_sessions_total: z.optional(z.number()),
  canceled_training_sessions: z.optional(z.array(trainingSessionCardSchema)),
  canceled_training_sessions_total: z.optional(z.number()),
  partner_id: z.number(),
  scenario_id: z.number(),
});
export type DashboardResponse = z.infer<typeof dashboardResponseSchema>;

/** The response keys of each section. */
export const SECTION_KEYS = {
  requests: { list: 'visit_requests', total: 'visit_requests_total', cursors: 'visit_requests_cursors' },
  scheduled: { list: 'scheduled_visits', total: 'scheduled_visits_total', cursors: 'scheduled_visits_cursors' },
  completed: { list: 'completed_visits', total: 'completed_visits_total', cursors: 'completed_visits_cursors' },
  canceled: { list: 'canceled_visits', total: 'canceled_visits_total', cursors: 'canceled_visits_cursors' },
} as const satisfies Record<
  VisitListSection,
  { list: keyof DashboardResponse; total: keyof DashboardResponse; cursors: keyof DashboardResponse }
>;

export const reportOverviewRequestSchema = z.object({
  partner_id: z.pipe(
    z.nullable(z.optional(id0)),
    z.transform((v) => v ?? 0),
  ),
  scenario_id: z.pipe(
    z.nullable(z.optional(id0)),
    z.transform((v) => v ?? 0),
  ),
  is_client_admin: z.pipe(
    z.optional(z.union([z.boolean(), z.literal(0), z.literal(1)])),
    z.transform((v) => v === true || v === 1),
  ),
});

export const filterPartnerSchema = z.object({ id: z.number(), slug: z.string(), short_name: z.string(), long_name: z.string() });
export const filterScenarioSchema = z.object({ id: z.number(), title: z.nullable(z.string()), patient_name: z.nullable(z.string()) });
export type FilterPartner = z.infer<typeof filterPartnerSchema>;
export type FilterScenario = z.infer<typeof filterScenarioSchema>;

/** Report data (spec 000 §3): the visit stats and the filter's options. */
export const reportOverviewResponseSchema = z.object({
  pending_count: z.number(),
  scheduled_count: z.number(),
  completed_count: z.number(),
  partners: z.array(filterPartnerSchema),
  scenarios: z.array(filterScenarioSchema),
  partner_id: z.number(),
  scenario_id: z.number(),
});
export type ReportOverview = z.infer<typeof reportOverviewResponseSchema>;

export const PARTICIPANT_STATUSES = ['all', 'pending', 'scheduled', 'completed', 'canceled'] as const;
export type ParticipantStatus = (typeof PARTICIPANT_STATUSES)[number];

export const participantsRequestSchema = z.object({
  partner_id: z.pipe(
    z.nullable(z.optional(id0)),
    z.transform((v) => v ?? 0),
  ),
  scenario_id: z.pipe(
    z.nullable(z.optional(id0)),
    z.transform((v) => v ?? 0),
  ),
  status: z._default(z.enum(PARTICIPANT_STATUSES, { error: M.unknownStatus }), 'all'),
});

/** Most rows one report call returns; `truncated` says more exist (narrow the filter). */
export const PARTICIPANT_REPORT_LIMIT = 500;

export const participantRowSchema = z.object({
  /** a pending participant opens the request, the others the visit */
  kind: z.enum(['request', 'visit']),
  id: z.number(),
  name: z.string(),
  email: z.string(),
  /** the visit's start, or the request's first proposed date */
  local_time: z.nullable(z.string()),
  partner_slug: z.string(),
  /** Pending, Scheduled, Completed, or the canceled reason of spec 000 §4 */
  status: z.string(),
});
export type ParticipantRow = z.infer<typeof participantRowSchema>;

/** Participants grouped by scenario title, then by visit title (the visit group: 'Pending Visits', ...). */
export const participantsResponseSchema = z.object({
  participants: z.array(
    z.object({
      scenario_id: z.number(),
      scenario_title: z.string(),
      visits: z.array(z.object({ visit_title: z.string(), participants: z.array(participantRowSchema) })),
    }),
  ),
  truncated: z.boolean(),
  scenarios: z.array(filterScenarioSchema),
  partners: z.array(filterPartnerSchema),
});
export type ParticipantsReport = z.infer<typeof participantsResponseSchema>;

/** The learner dashboard's featured scenarios (spec 000 §2.12). */
export const featuredScenariosResponseSchema = z.object({ scenarios: z.array(scenarioCardSchema) });
export const FEATURED_SCENARIOS_LIMIT = 6;

/* ---------- pure rules ---------- */

/** The filters card and the partner filter are for partners 1 and 28 only (spec 000 §2.8, §6). */
export function showsDashboardFilters(partnerId: number | null): boolean {
  return partnerId === PARTNER_MAIN || partnerId === PARTNER_SIM;
}

/**
 * The partner a list is filtered by (spec 000 §6): partners other than 1 and 28 are forced to the current
 * partner; at 1 and 28 the requested one (0 = every partner the caller reaches).
 */
export function effectivePartnerFilter(currentPartnerId: number | null, requested: number): number {
  if (currentPartnerId === null) return -1;
  return showsDashboardFilters(currentPartnerId) ? requested : currentPartnerId;
}

/** page_start of a 1-based page, in steps of 10 (spec 000 §9). */
export function pageStartOf(page: number): number {
  return Math.max(0, page - 1) * VISIT_DASHBOARD_PAGE_SIZE;
}

/**
 * The cursor that reads `target` from the page shown (decision 0092): page 1 from the top, the last page from the
 * end, a later page after the last row shown, an earlier one before the first. Null: count from the top.
 */
export function cursorFor(
  target: number,
  shown: { page: number; cursors: PageCursors | null | undefined },
  pageCount: number,
): string | null {
  if (target <= 1) return null;
  if (target >= pageCount) return PAGE_CURSOR_END;
  if (!shown.cursors) return null;
  return target > shown.page ? shown.cursors.last : shown.cursors.first;
}

/** The pager shows only above 10 (spec 000 §2.8). */
export function showsPager(total: number): boolean {
  return total > VISIT_DASHBOARD_PAGE_SIZE;
}

/** 'Total of N {label}' */
export function totalOfText(total: number, label: string): string {
  return `Total of ${total} ${label}`;
}

/** An ISO instant's day and time in the viewer's profile zone, naming it (format.ts zonedDateTimeParts). */
export function cardDateTime(iso: string, timeZone: string): { date: string; time: string } {
  return zonedDateTimeParts(new Date(iso), timeZone);
}

/** The section titles, for 'Total of N {label}' and the list names. */
export const VISIT_SECTION_LABELS = {
  requests: 'Pending Visits',
  scheduled: 'Scheduled Visits',
  completed: 'Completed Visits',
  canceled: 'Canceled Visits',
  pendingScorecards: 'Pending Scorecards',
  completedScorecards: 'Completed Scorecards',
} as const;

/** The empty texts of spec 000 §2.8; the observer's scorecard lists are worded alike (decision 0031). */
export const VISIT_EMPTY_TEXTS = {
  requests: 'No Pending Visits',
  scheduled: 'No Scheduled Visits',
  completed: 'No Completed Visits',
  canceled: 'No Canceled Visits',
  pendingScorecards: 'No Pending Scorecards',
  completedScorecards: 'No Completed Scorecards',
  participants: 'No participants match this filter.',
  featured: 'No featured scenarios at this time.',
} as const;

/** The visit titles of the participant report, by status group. */
export const PARTICIPANT_GROUP_TITLES = {
  pending: 'Pending Visits',
  scheduled: 'Scheduled Visits',
  completed: 'Completed Visits',
  canceled: 'Canceled Visits',
} as const;

/** Where a card leads: a pending request to /request/{id}, a visit to /visit/{id}. */
export function requestHref(id: number): string {
  return `/request/${id}`;
}
export function visitHref(id: number): string {
  return `/visit/${id}`;
}

/**
 * Whether the caller may ask for a perspective (role_id) at the current partner: an approved grant of that role
 * there, or a super admin (AUTHZ-09: a learner asking for the admin lists is refused).
 */
export function holdsListRole(
  roleId: number,
  grants: readonly { role_id: number; partner_id: number; is_approved: boolean }[],
  partnerId: number | null,
  isSuperAdmin: boolean,
): boolean {
  if (!(VISIT_LIST_ROLES as readonly number[]).includes(roleId)) return false;
  if (isSuperAdmin) return true;
  if (partnerId === null) return false;
  return grants.some((g) => g.is_approved && g.partner_id === partnerId && g.role_id === roleId);
}
