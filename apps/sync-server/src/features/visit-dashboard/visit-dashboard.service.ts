import {
  canceledReason,
  type DashboardResponse,
  effectivePartnerFilter,
  FEATURED_SCENARIOS_LIMIT,
  fullName,
  holdsListRole,
  VISIT_DASHBOARD_MESSAGES as M,
  PARTICIPANT_GROUP_TITLES,
  PARTICIPANT_REPORT_LIMIT,
  type ParticipantRow,
  type ParticipantStatus,
  type ParticipantsReport,
  type ReportOverview,
  ROLE,
  type ScenarioCard,
  SECTION_KEYS,
  showsDashboardFilters,
  TRAINING_LIST_GROUP,
  TRAINING_LIST_TYPES,
  type TrainingListType,
  VISIT_DASHBOARD_PAGE_SIZE,
  type VisitCard,
  type VisitListSection,
  type VisitListType,
  type VisitRequestCard,
  visitGroup,
} from '@simvisit/schema';
import { forbidden } from '../../http/errors';
import type { Actor } from '../../platform/actor';
import { clock } from '../../platform/clock';
import { scenarioCardOf, seesFeeOnCards } from '../scenarios';
import type { SessionListScope, TrainingSessionLists } from '../training-sessions';
import type { UsersService } from '../users';
import { anchorOf, cursorsOf, planPage } from './page-keys';
import {
  keyOf,
  type ListScope,
  type Perspective,
  type RequestListRow,
  type VisitDashboardRepository,
  type VisitListRow,
} from './visit-dashboard.repository';

export type Caller = Actor;

interface Deps {
  repo: VisitDashboardRepository;
  users: UsersService;
  trainingLists: TrainingSessionLists;
}

const PERSPECTIVE_OF_ROLE: Record<number, Perspective> = {
  [ROLE.learner]: 'learner',
  [ROLE.standardized_patient]: 'sp',
  [ROLE.observer]: 'observer',
  [ROLE.admin]: 'admin',
  [ROLE.client_admin]: 'client_admin',
  [ROLE.trainer]: 'trainer',
  [ROLE.head_trainer]: 'trainer',
};

/** Whose training sessions a perspective lists (decision 0049): admins their partners', trainers their own. */
function trainingScopeOf(scope: ListScope): SessionListScope {
  if (scope.perspective === 'admin') return { kind: 'partners', partnerIds: scope.partnerIds };
  if (scope.perspective === 'trainer') return { kind: 'trainer', userId: scope.userId };
  return { kind: 'participant', userId: scope.userId };
}

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

function scenarioSummary(r: { scenario_id: string; title: string | null; patient_name: string | null; patient_image: string | null }) {
  return {
    id: Number(r.scenario_id),
    title: r.title,
    patient_name: r.patient_name,
    patient_image: r.patient_image ? { location: r.patient_image } : null,
  };
}

function reasonOf(r: VisitListRow): string | null {
  const flags = {
    is_canceled: r.is_canceled,
    is_complete: r.is_complete,
    is_confirmed: r.is_confirmed,
    no_show: r.no_show,
    learner_technical_issue: r.learner_technical_issue,
    canceled_by_user_id: r.canceled_by_user_id,
    is_sp_cancellation: r.is_sp_cancellation,
    learner_user_id: r.learner_user_id,
  };
  return visitGroup(flags) === 'canceled' ? canceledReason(flags) : null;
}

/**
 * The dashboards' visit lists and the visit reports (spec 000 §2.8, §2.12, §7; docs/decisions/0031). The lists
 * are always the session user's: the body's user_id is ignored (AUTHZ-09); role_id chooses a perspective the
 * caller holds at the current partner; admins reach the current partner (super admins every partner) and client
 * admins the partners they administer (AUTHZ-12). Partners other than 1 and 28 are forced to the current one.
 */
export function createVisitDashboardService(d: Deps) {
  async function reachOf(caller: Caller, perspective: Perspective | undefined): Promise<number[] | null> {
    if (perspective === 'admin') return caller.user.super_admin ? null : caller.partnerId === null ? [] : [caller.partnerId];
    if (perspective === 'client_admin') return d.repo.clientAdminPartners(caller.user.id);
    // The caller's own visits and requests, wherever they are.
    return null;
  }

  async function scopeFor(
    caller: Caller,
    roleId: number,
    filter: { partner_id: number; scenario_id: number },
    now: Date,
  ): Promise<{ scope: ListScope; partnerId: number; reach: number[] | null }> {
    const perspective = PERSPECTIVE_OF_ROLE[roleId]!;
    // Independent reads together: the grants decide whether the reach is used at all.
    const [grants, reach] = await Promise.all([d.users.grants(caller.user.id), reachOf(caller, perspective)]);
    if (!holdsListRole(roleId, grants, caller.partnerId, caller.user.super_admin)) throw forbidden(M.roleNotHeld);
    const applied = effectivePartnerFilter(caller.partnerId, filter.partner_id);
    let partnerIds: number[] | null;
    if (applied < 0) partnerIds = [];
    else if (applied === 0) partnerIds = reach;
    else {
      if (reach !== null && !reach.includes(applied)) throw forbidden(M.partnerOutOfScope);
      partnerIds = [applied];
    }
    return {
      scope: {
        perspective,
        userId: caller.user.id,
        partnerIds,
        scenarioId: filter.scenario_id > 0 ? String(filter.scenario_id) : null,
        now,
      },
      partnerId: Math.max(applied, 0),
      reach,
    };
  }

  function visitCard(r: VisitListRow, scope: ListScope): VisitCard {
    const admin = scope.perspective === 'admin';
    const seesLearner = admin || scope.perspective === 'client_admin';
    return {
      id: r.id,
      local_time: iso(r.start_at),
      scenario: scenarioSummary(r),
      partner: { id: r.partner_id, slug: r.partner_slug },
      standardized_patient: admin ? { name: fullName(r.sp_first, r.sp_last), email: r.sp_email } : null,
      learner: seesLearner ? { name: fullName(r.learner_first, r.learner_last), email: r.learner_email } : null,
      is_confirmed: r.is_confirmed,
      is_complete: r.is_complete,
      is_canceled: r.is_canceled,
      canceled_by: r.canceled_by_user_id,
      is_sp_cancellation: r.is_sp_cancellation,
      no_show: r.no_show,
      learner_technical_issue: r.learner_technical_issue,
      canceled_reason: reasonOf(r),
      ...(scope.perspective === 'observer' ? { observer_complete: r.observer_complete === true } : {}),
    };
  }

  function requestCard(r: RequestListRow & { dates: { id: number; start_at: string }[] | null }, scope: ListScope): VisitRequestCard {
    const seesUser = scope.perspective === 'admin' || scope.perspective === 'client_admin';
    return {
      id: r.id,
      scenario: scenarioSummary(r),
      dates: (r.dates ?? []).map((x) => ({ id: x.id, local_time: iso(x.start_at) })),
      user: seesUser ? { name: fullName(r.first_name, r.last_name), email: r.email } : null,
      partner: { id: r.partner_id, slug: r.partner_slug },
    };
  }

  /**
   * One section's page and total, read together. The page is read by key from the cursor (decision 0092); only
   * the end of the list needs the total first, to know where its last page starts.
   */
  async function section(
    scope: ListScope,
    which: VisitListSection,
    start: number,
    cursor: string | null,
  ): Promise<Partial<DashboardResponse>> {
    const keys = SECTION_KEYS[which];
    const anchor = anchorOf(cursor, which);
    let first = start;
    const count = () => (which === 'requests' ? d.repo.countRequests(scope) : d.repo.countVisits(scope, which));
    const read = (total: number | null) => {
      const plan = planPage(first, VISIT_DASHBOARD_PAGE_SIZE, anchor, total);
      return which === 'requests' ? d.repo.requests(scope, plan) : d.repo.visits(scope, which, plan);
    };
    let total: number;
    let rows: Awaited<ReturnType<typeof read>>;
    if (anchor?.kind === 'end') {
      total = await count();
      // The list may have shrunk since the pager counted its pages: the last page is then an earlier one.
      if (first >= total) first = Math.max(0, Math.floor((total - 1) / VISIT_DASHBOARD_PAGE_SIZE) * VISIT_DASHBOARD_PAGE_SIZE);
      rows = await read(total);
    } else [rows, total] = await Promise.all([read(null), count()]);
    const list =
      which === 'requests'
        ? (rows as Awaited<ReturnType<VisitDashboardRepository['requests']>>).map((r) => requestCard(r, scope))
        : (rows as Awaited<ReturnType<VisitDashboardRepository['visits']>>).map((r) => visitCard(r, scope));
    return { [keys.list]: list, [keys.total]: total, [keys.cursors]: cursorsOf(which, rows.map(keyOf), first) };
  }

  async function lists(
    caller: Caller,
    q: { role_id: number; page_start: number; cursor?: string | null; type: VisitListType; partner_id: number; scenario_id: number },
    now: Date,
  ): Promise<DashboardResponse> {
    const { scope, partnerId } = await scopeFor(caller, q.role_id, q, now);
    const trainer = scope.perspective === 'trainer';
    const isTraining = (t: VisitListType): t is TrainingListType => (TRAINING_LIST_TYPES as readonly string[]).includes(t);
    const which: VisitListSection[] =
      q.type === 'all' ? (trainer ? [] : ['requests', 'scheduled', 'completed', 'canceled']) : isTraining(q.type) ? [] : [q.type];
    const training: TrainingListType[] = q.type === 'all' ? [...TRAINING_LIST_TYPES] : isTraining(q.type) ? [q.type] : [];
    // Every section at once: on PostgreSQL they run side by side on the pool; PGlite queues them on its connection.
    const parts = await Promise.all([
      ...which.map((w) => section(scope, w, q.page_start, q.cursor ?? null)),
      ...training.map(async (t) => {
        const { list, total } = await d.trainingLists.page(
          trainingScopeOf(scope),
          TRAINING_LIST_GROUP[t],
          q.page_start,
          VISIT_DASHBOARD_PAGE_SIZE,
        );
        return { [t]: list, [`${t}_total`]: total };
      }),
    ]);
    return Object.assign({ partner_id: partnerId, scenario_id: q.scenario_id }, ...parts) as DashboardResponse;
  }

  /** Which perspective the report calls use: the client admin's at a partner they hold it, else the admin's. */
  async function reportRole(caller: Caller, isClientAdmin: boolean | null): Promise<number> {
    const grants = await d.users.grants(caller.user.id);
    const holds = (roleId: number) => holdsListRole(roleId, grants, caller.partnerId, caller.user.super_admin);
    if (isClientAdmin === true) return ROLE.client_admin;
    if (isClientAdmin === false) return ROLE.admin;
    if (!caller.user.super_admin && holds(ROLE.client_admin)) return ROLE.client_admin;
    return ROLE.admin;
  }

  async function filterOptions(caller: Caller, scope: ListScope, reach: number[] | null) {
    const [partners, scenarios] = await Promise.all([
      d.repo.partners(showsDashboardFilters(caller.partnerId) ? reach : scope.partnerIds),
      d.repo.filterScenarios(scope.partnerIds),
    ]);
    return {
      partners,
      scenarios: scenarios.map((s) => ({ id: Number(s.id), title: s.title, patient_name: s.patient_name })),
    };
  }

  return {
    /** POST api/visit/get-user-visits */
    getUserVisits(
      caller: Caller,
      q: { role_id: number; page_start: number; cursor?: string | null; type: VisitListType; partner_id: number; scenario_id: number },
      now = clock.now(),
    ) {
      return lists(caller, q, now);
    },

    /** POST api/visit/update-dashboard: every section from its first page, with the filter. */
    updateDashboard(caller: Caller, q: { role_id: number; partner_id: number; scenario_id: number }, now = clock.now()) {
      return lists(caller, { ...q, page_start: 0, type: 'all' }, now);
    },

    /** POST api/reports/visit/overview: the visit stats and the filter's options (admins and client admins). */
    async overview(
      caller: Caller,
      q: { partner_id: number; scenario_id: number; is_client_admin: boolean },
      now = clock.now(),
    ): Promise<ReportOverview> {
      const role = await reportRole(caller, q.is_client_admin);
      const { scope, partnerId, reach } = await scopeFor(caller, role, q, now);
      const [pending, scheduled, completed, options] = await Promise.all([
        d.repo.countRequests(scope),
        d.repo.countVisits(scope, 'scheduled'),
        d.repo.countVisits(scope, 'completed'),
        filterOptions(caller, scope, reach),
      ]);
      return {
        pending_count: pending,
        scheduled_count: scheduled,
        completed_count: completed,
        ...options,
        partner_id: partnerId,
        scenario_id: q.scenario_id,
      };
    },

    /** POST api/reports/participants: participants grouped by scenario title and visit title (client admin view). */
    async participants(
      caller: Caller,
      q: { partner_id: number; scenario_id: number; status: ParticipantStatus },
      now = clock.now(),
    ): Promise<ParticipantsReport> {
      const role = await reportRole(caller, null);
      const { scope, reach } = await scopeFor(caller, role, q, now);
      const limit = PARTICIPANT_REPORT_LIMIT;
      const wantsRequests = q.status === 'all' || q.status === 'pending';
      const visitSection = q.status === 'all' || q.status === 'pending' ? null : q.status;
      const [requests, visits, options] = await Promise.all([
        wantsRequests ? d.repo.reportRequests(scope, limit + 1) : [],
        q.status === 'pending' ? [] : d.repo.reportVisits(scope, visitSection, limit + 1),
        filterOptions(caller, scope, reach),
      ]);
      const truncated = requests.length > limit || visits.length > limit;

      const scenarios = new Map<string, { title: string; groups: Map<string, ParticipantRow[]> }>();
      const add = (scenarioId: string, title: string | null, group: string, row: ParticipantRow) => {
        let s = scenarios.get(scenarioId);
        if (!s) {
          s = { title: title ?? 'Untitled Scenario', groups: new Map() };
          scenarios.set(scenarioId, s);
        }
        const rows = s.groups.get(group) ?? [];
        rows.push(row);
        s.groups.set(group, rows);
      };
      for (const r of requests.slice(0, limit)) {
        add(r.scenario_id, r.title, PARTICIPANT_GROUP_TITLES.pending, {
          kind: 'request',
          id: r.id,
          name: fullName(r.first_name, r.last_name),
          email: r.email,
          local_time: r.first_date ? iso(r.first_date) : null,
          partner_slug: r.partner_slug,
          status: 'Pending',
        });
      }
      for (const v of visits.slice(0, limit)) {
        const group = visitGroup(v);
        add(v.scenario_id, v.title, PARTICIPANT_GROUP_TITLES[group], {
          kind: 'visit',
          id: v.id,
          name: fullName(v.learner_first, v.learner_last),
          email: v.learner_email,
          local_time: iso(v.start_at),
          partner_slug: v.partner_slug,
          status: group === 'canceled' ? (reasonOf(v) ?? 'Cancellation') : group === 'completed' ? 'Completed' : 'Scheduled',
        });
      }
      const order = Object.values(PARTICIPANT_GROUP_TITLES) as string[];
      const participants = [...scenarios.entries()]
        .map(([id, s]) => ({
          scenario_id: Number(id),
          scenario_title: s.title,
          visits: [...s.groups.entries()]
            .sort((a, b) => order.indexOf(a[0]) - order.indexOf(b[0]))
            .map(([visit_title, rows]) => ({ visit_title, participants: rows })),
        }))
        .sort((a, b) => a.scenario_title.localeCompare(b.scenario_title) || a.scenario_id - b.scenario_id);
      return { participants, truncated, ...options };
    },

    /** GET api/dashboard/featured-scenarios: published scenarios featured at the current partner. */
    async featured(caller: Caller): Promise<{ scenarios: ScenarioCard[] }> {
      if (caller.partnerId === null) return { scenarios: [] };
      const rows = await d.repo.featuredScenarios(caller.partnerId, FEATURED_SCENARIOS_LIMIT);
      const fee = seesFeeOnCards(caller);
      return { scenarios: rows.map((r) => scenarioCardOf(r, { fee })) };
    },
  };
}
export type VisitDashboardService = ReturnType<typeof createVisitDashboardService>;
