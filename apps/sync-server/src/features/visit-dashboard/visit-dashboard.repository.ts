import { REQUEST_ACCEPT_LEAD_HOURS, REQUEST_TYPE, ROLE, type VisitListSection } from '@simvisit/schema';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Database } from '../../db/database';
import type { PageKey, PagePlan } from './page-keys';

/** 'trainer' (trainers and head trainers) has training sessions only: no visit or request of theirs is listed. */
export type Perspective = 'learner' | 'sp' | 'observer' | 'admin' | 'client_admin' | 'trainer';

/** Whose lists, over which partners and scenario; decided by the service from the session (never the body). */
export interface ListScope {
  perspective: Perspective;
  userId: number;
  /** the partners the lists may hold; null: every partner */
  partnerIds: number[] | null;
  /** null: every scenario */
  scenarioId: string | null;
  now: Date;
}

const CANCELED_GROUP = sql<SqlBool>`(v.is_canceled OR v.no_show OR v.learner_technical_issue)`;
const NOT_CANCELED_GROUP = sql<SqlBool>`NOT (v.is_canceled OR v.no_show OR v.learner_technical_issue)`;
const OBSERVER_ROW = (userId: number) =>
  sql`(SELECT vo.is_complete FROM visit_observers vo WHERE vo.visit_id = v.id AND vo.user_id = ${userId})`;

/** The condition of a visit section (spec 000 §4 groups); the observer's lists follow their scorecard. */
function sectionCondition(scope: ListScope, section: Exclude<VisitListSection, 'requests'>) {
  if (scope.perspective === 'observer') {
    if (section === 'scheduled') return sql<SqlBool>`${NOT_CANCELED_GROUP} AND ${OBSERVER_ROW(scope.userId)} = false`;
    if (section === 'completed') return sql<SqlBool>`${OBSERVER_ROW(scope.userId)} = true`;
    return sql<SqlBool>`${CANCELED_GROUP} AND ${OBSERVER_ROW(scope.userId)} = false`;
  }
  if (section === 'scheduled') return sql<SqlBool>`${NOT_CANCELED_GROUP} AND NOT v.is_complete`;
  if (section === 'completed') return sql<SqlBool>`${NOT_CANCELED_GROUP} AND v.is_complete`;
  return CANCELED_GROUP;
}

/** Who the visit belongs to in the perspective, and the scenario filter (the partner filter: `partnerBranches`). */
function visitOwner(scope: ListScope) {
  const parts = [];
  if (scope.perspective === 'learner') parts.push(sql<SqlBool>`v.learner_user_id = ${scope.userId}`);
  else if (scope.perspective === 'sp') parts.push(sql<SqlBool>`v.sp_user_id = ${scope.userId}`);
  else if (scope.perspective === 'observer') {
    parts.push(sql<SqlBool>`EXISTS (SELECT 1 FROM visit_observers vo WHERE vo.visit_id = v.id AND vo.user_id = ${scope.userId})`);
  } else if (scope.perspective === 'trainer') parts.push(sql<SqlBool>`false`);
  if (scope.scenarioId !== null) parts.push(sql<SqlBool>`v.scenario_id = ${scope.scenarioId}`);
  return parts.length ? sql.join(parts, sql` AND `) : sql`true`;
}

/** Who the visit belongs to, the partner and the scenario filter. */
function visitScope(scope: ListScope) {
  return scope.partnerIds === null ? visitOwner(scope) : sql<SqlBool>`${visitOwner(scope)} AND ${inList('v.partner_id', scope.partnerIds)}`;
}

/**
 * The partner condition split per partner when there are a few: each branch then reads its own index range in
 * the list's order and the branches merge, where one `IN` over several partners would read and sort them all.
 */
function partnerBranches(scope: ListScope): RawBuilder<SqlBool>[] {
  if (scope.partnerIds === null) return [sql<SqlBool>`true`];
  if (!scope.partnerIds.length) return [sql<SqlBool>`false`];
  if (scope.partnerIds.length > MAX_PARTNER_BRANCHES) return [inList('v.partner_id', scope.partnerIds)];
  return scope.partnerIds.map((id) => sql<SqlBool>`v.partner_id = ${id}`);
}
const MAX_PARTNER_BRANCHES = 20;

/** A timestamp as a page key prints it (page-keys.ts): UTC to the microsecond, 'infinity' for none. */
const keyAt = (at: RawBuilder<unknown>) =>
  sql<string>`CASE WHEN isfinite(${at}) THEN to_char(${at} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') ELSE 'infinity' END`;

/**
 * The order, key condition, skip and take of a page plan over a list ordered by (at, id) `asc` or not. A reversed
 * read goes against the list's order from the key (or from the end) and the caller turns the rows round.
 */
function pageShape(plan: PagePlan, at: RawBuilder<unknown>, id: RawBuilder<unknown>, asc: boolean) {
  const forward = plan.kind === 'top' || plan.kind === 'after';
  const up = forward === asc;
  const order = up ? sql`${at} ASC, ${id} ASC` : sql`${at} DESC, ${id} DESC`;
  let keyCondition: RawBuilder<SqlBool> = sql<SqlBool>`true`;
  if (plan.kind === 'after' || plan.kind === 'before') {
    const key = sql`(${plan.key.at}::timestamptz, ${plan.key.id}::int)`;
    const op = plan.kind === 'after' ? (asc ? '>=' : '<=') : asc ? '<' : '>';
    keyCondition = sql<SqlBool>`(${at}, ${id}) ${sql.raw(op)} ${key}`;
  }
  const skip = plan.kind === 'top' ? plan.offset : plan.skip;
  return { order, keyCondition, skip, take: plan.take, reversed: !forward };
}

function inList(column: string, ids: readonly number[]) {
  if (!ids.length) return sql<SqlBool>`false`;
  return sql<SqlBool>`${sql.ref(column)} IN (${sql.join(ids.map((id) => sql`${id}`))})`;
}

/** Pending visit requests the perspective reaches: an SP sees those of their scenarios still acceptable. */
function requestScope(scope: ListScope) {
  const parts = [sql<SqlBool>`r.request_type_id = ${REQUEST_TYPE.visit}`, sql<SqlBool>`r.status = 'pending'`];
  if (scope.perspective === 'learner') parts.push(sql<SqlBool>`r.user_id = ${scope.userId}`);
  else if (scope.perspective === 'sp') {
    const acceptableFrom = new Date(scope.now.getTime() + REQUEST_ACCEPT_LEAD_HOURS * 3_600_000);
    parts.push(
      sql<SqlBool>`EXISTS (SELECT 1 FROM scenario_users su WHERE su.scenario_id = r.scenario_id AND su.user_id = ${scope.userId} AND su.role_id = ${ROLE.standardized_patient})`,
      sql<SqlBool>`r.user_id <> ${scope.userId}`,
      // A date the SP could still accept and is free at: not over one of their visits, interviews or training
      // sessions (the commitments, decision 0050), which the database would refuse anyway.
      sql<SqlBool>`EXISTS (SELECT 1 FROM request_dates d WHERE d.request_id = r.id AND d.start_at >= ${acceptableFrom}
        AND NOT EXISTS (SELECT 1 FROM commitments c WHERE c.user_id = ${scope.userId}
          AND c.period && tstzrange(d.start_at, d.start_at + make_interval(mins => COALESCE(r.duration_minutes, 30)))))`,
    );
  } else if (scope.perspective === 'observer' || scope.perspective === 'trainer') parts.push(sql<SqlBool>`false`);
  if (scope.partnerIds !== null) parts.push(inList('r.partner_id', scope.partnerIds));
  if (scope.scenarioId !== null) parts.push(sql<SqlBool>`r.scenario_id = ${scope.scenarioId}`);
  return sql.join(parts, sql` AND `);
}

const VISIT_ORDER: Record<Exclude<VisitListSection, 'requests'>, 'asc' | 'desc'> = {
  scheduled: 'asc',
  completed: 'desc',
  canceled: 'desc',
};

export interface VisitListRow {
  id: number;
  start_at: Date;
  is_confirmed: boolean;
  is_complete: boolean;
  is_canceled: boolean;
  canceled_by_user_id: number | null;
  is_sp_cancellation: boolean;
  no_show: boolean;
  learner_technical_issue: boolean;
  learner_user_id: number;
  scenario_id: string;
  title: string | null;
  patient_name: string | null;
  patient_image: string | null;
  partner_id: number;
  partner_slug: string;
  learner_first: string;
  learner_last: string;
  learner_email: string;
  sp_first: string;
  sp_last: string;
  sp_email: string;
  observer_complete: boolean | null;
}

export interface RequestListRow {
  id: number;
  scenario_id: string;
  title: string | null;
  patient_name: string | null;
  patient_image: string | null;
  partner_id: number;
  partner_slug: string;
  first_name: string;
  last_name: string;
  email: string;
  first_date: Date | null;
}

/** A page's row with its key (page-keys.ts). */
export type Keyed<T> = T & { key_at: string };
export const keyOf = (r: { key_at: string; id: number }): PageKey => ({ at: r.key_at, id: r.id });

/** The SQL of the dashboard lists and the visit reports. */
export function createVisitDashboardRepository(db: Database) {
  const visitColumns = (scope: ListScope) => sql`v.id, v.start_at, v.is_confirmed, v.is_complete, v.is_canceled,
    v.canceled_by_user_id, v.is_sp_cancellation, v.no_show, v.learner_technical_issue, v.learner_user_id,
    s.id AS scenario_id, s.title, s.patient_name, s.patient_image, p.id AS partner_id, p.slug AS partner_slug,
    lu.first_name AS learner_first, lu.last_name AS learner_last, lu.email AS learner_email,
    spu.first_name AS sp_first, spu.last_name AS sp_last, spu.email AS sp_email,
    ${scope.perspective === 'observer' ? OBSERVER_ROW(scope.userId) : sql`NULL::boolean`} AS observer_complete`;
  const visitJoins = sql`JOIN scenarios s ON s.id = v.scenario_id
    JOIN partners p ON p.id = v.partner_id
    JOIN users lu ON lu.id = v.learner_user_id
    JOIN users spu ON spu.id = v.sp_user_id`;
  const requestColumns = sql`r.id, r.scenario_id, s.title, s.patient_name, s.patient_image, p.id AS partner_id,
    p.slug AS partner_slug, u.first_name, u.last_name, u.email`;
  const requestJoins = sql`JOIN scenarios s ON s.id = r.scenario_id
    JOIN partners p ON p.id = r.partner_id
    JOIN users u ON u.id = r.user_id`;
  /** The first proposed date, the requests' order ('infinity' when none, so they come last). */
  const firstDate = sql`COALESCE((SELECT min(d.start_at) FROM request_dates d WHERE d.request_id = r.id), 'infinity'::timestamptz)`;

  /** Whether the section's count is kept in visit_counts: the partner-wide perspectives (not one person's own). */
  const countedByPartner = (scope: ListScope) => scope.perspective === 'admin' || scope.perspective === 'client_admin';

  return {
    /**
     * One page of a visit section read by key: the ids come from the section's index range (a branch per partner,
     * merged), then the page's rows are joined to their scenario, partner and people.
     */
    async visits(scope: ListScope, section: Exclude<VisitListSection, 'requests'>, plan: PagePlan): Promise<Keyed<VisitListRow>[]> {
      const asc = VISIT_ORDER[section] === 'asc';
      const shape = pageShape(plan, sql`v.start_at`, sql`v.id`, asc);
      const page = pageShape(plan, sql`k.start_at`, sql`k.id`, asc);
      const where = sql`${visitOwner(scope)} AND ${sectionCondition(scope, section)} AND ${shape.keyCondition}`;
      const branches = partnerBranches(scope).map(
        (partner) => sql`(SELECT v.id, v.start_at FROM visits v WHERE ${where} AND ${partner}
          ORDER BY ${shape.order} LIMIT ${shape.skip + shape.take})`,
      );
      const natural = asc ? sql`v.start_at ASC, v.id ASC` : sql`v.start_at DESC, v.id DESC`;
      const r = await sql<Keyed<VisitListRow>>`SELECT ${visitColumns(scope)}, ${keyAt(sql`v.start_at`)} AS key_at
        FROM (SELECT k.id FROM (${sql.join(branches, sql` UNION ALL `)}) k
              ORDER BY ${page.order} OFFSET ${shape.skip} LIMIT ${shape.take}) page
        JOIN visits v ON v.id = page.id ${visitJoins}
        ORDER BY ${natural}`.execute(db);
      return r.rows;
    },
    async countVisits(scope: ListScope, section: Exclude<VisitListSection, 'requests'>) {
      if (countedByPartner(scope)) {
        const partner = scope.partnerIds === null ? sql`true` : inList('c.partner_id', scope.partnerIds);
        const scenario = scope.scenarioId === null ? sql`true` : sql`c.scenario_id = ${scope.scenarioId}`;
        const r = await sql<{ n: string | number | null }>`SELECT sum(c.n) AS n FROM visit_counts c
          WHERE c.section = ${section} AND ${partner} AND ${scenario}`.execute(db);
        return Number(r.rows[0]?.n ?? 0);
      }
      const r = await sql<{ n: string | number }>`SELECT count(*) AS n FROM visits v
        WHERE ${visitScope(scope)} AND ${sectionCondition(scope, section)}`.execute(db);
      return Number(r.rows[0]?.n ?? 0);
    },
    /** One page of pending requests by key (first proposed date, id), each with its proposed dates. */
    async requests(scope: ListScope, plan: PagePlan) {
      const shape = pageShape(plan, sql`q.first_at`, sql`q.id`, true);
      const r = await sql<Keyed<RequestListRow> & { dates: { id: number; start_at: string }[] | null }>`
        SELECT ${requestColumns}, page.first_at AS first_date, ${keyAt(sql`page.first_at`)} AS key_at,
          (SELECT json_agg(json_build_object('id', d.id, 'start_at', d.start_at) ORDER BY d.start_at, d.id)
           FROM request_dates d WHERE d.request_id = r.id) AS dates
        FROM (SELECT q.id, q.first_at FROM (SELECT r.id, ${firstDate} AS first_at FROM requests r WHERE ${requestScope(scope)}) q
              WHERE ${shape.keyCondition} ORDER BY ${shape.order} OFFSET ${shape.skip} LIMIT ${shape.take}) page
        JOIN requests r ON r.id = page.id ${requestJoins}
        ORDER BY page.first_at ASC, r.id ASC`.execute(db);
      return r.rows.map((row) => ({
        ...row,
        first_date: Number.isFinite(new Date(row.first_date ?? '').getTime()) ? row.first_date : null,
      }));
    },
    async countRequests(scope: ListScope) {
      const r = await sql<{ n: string | number }>`SELECT count(*) AS n FROM requests r WHERE ${requestScope(scope)}`.execute(db);
      return Number(r.rows[0]?.n ?? 0);
    },
    /**
     * Every visit group of a scope at once (the participant report), up to `limit` rows, by scenario title and
     * newest first. The kept counts say which scenarios, in title order, hold the first `limit` rows; only those
     * are read, each from its own index range, so the report never reads or sorts the rest of the visits in scope.
     */
    async reportVisits(scope: ListScope, section: Exclude<VisitListSection, 'requests'> | null, limit: number) {
      const visitAt = scope.partnerIds === null ? sql`true` : inList('c.partner_id', scope.partnerIds);
      const scenario = scope.scenarioId === null ? sql`true` : sql`s.id = ${scope.scenarioId}`;
      const inSection = section ? sql`c.section = ${section}` : sql`true`;
      const r = await sql<VisitListRow>`WITH counted AS (
          SELECT s.id, s.title, sum(c.n) AS n FROM scenarios s JOIN visit_counts c ON c.scenario_id = s.id
          WHERE ${scenario} AND ${visitAt} AND ${inSection} GROUP BY s.id, s.title HAVING sum(c.n) > 0
        ), needed AS (
          SELECT id, title FROM (
            SELECT id, title, sum(n) OVER (ORDER BY title ASC NULLS LAST, id ROWS UNBOUNDED PRECEDING) - n AS before FROM counted
          ) x WHERE before < ${limit}
        )
        SELECT ${visitColumns(scope)}
        FROM needed sc
        CROSS JOIN LATERAL (
          SELECT v.id FROM visits v
          WHERE v.scenario_id = sc.id AND ${visitScope(scope)} ${section ? sql`AND ${sectionCondition(scope, section)}` : sql``}
          ORDER BY v.start_at DESC, v.id DESC LIMIT ${limit}
        ) page
        JOIN visits v ON v.id = page.id ${visitJoins}
        ORDER BY sc.title ASC NULLS LAST, sc.id, v.start_at DESC, v.id DESC LIMIT ${limit}`.execute(db);
      return r.rows;
    },
    async reportRequests(scope: ListScope, limit: number) {
      const r = await sql<RequestListRow>`SELECT ${requestColumns},
          (SELECT min(d.start_at) FROM request_dates d WHERE d.request_id = r.id) AS first_date
        FROM requests r ${requestJoins}
        WHERE ${requestScope(scope)}
        ORDER BY s.title ASC NULLS LAST, first_date ASC NULLS LAST, r.id ASC LIMIT ${limit}`.execute(db);
      return r.rows;
    },
    /** The scenario options of the filter: scenarios with visits (their kept counts) or requests at the partners. */
    async filterScenarios(partnerIds: number[] | null) {
      const visitAt = partnerIds === null ? sql`true` : inList('c.partner_id', partnerIds);
      const requestAt = partnerIds === null ? sql`true` : inList('r.partner_id', partnerIds);
      const r = await sql<{ id: string; title: string | null; patient_name: string | null }>`
        SELECT s.id, s.title, s.patient_name FROM scenarios s
        WHERE EXISTS (SELECT 1 FROM visit_counts c WHERE c.scenario_id = s.id AND c.n > 0 AND ${visitAt})
          OR EXISTS (SELECT 1 FROM requests r WHERE r.scenario_id = s.id AND r.request_type_id = ${REQUEST_TYPE.visit} AND ${requestAt})
        ORDER BY s.patient_name ASC NULLS LAST, s.title ASC NULLS LAST, s.id`.execute(db);
      return r.rows;
    },
    /** The partner options of the filter. */
    async partners(partnerIds: number[] | null) {
      let q = db.selectFrom('partners').select(['id', 'slug', 'short_name', 'long_name']).orderBy('short_name').orderBy('id');
      if (partnerIds !== null) q = q.where('id', 'in', partnerIds.length ? partnerIds : [-1]);
      return q.execute();
    },
    async partnerExists(partnerId: number) {
      return Boolean(await db.selectFrom('partners').select('id').where('id', '=', partnerId).executeTakeFirst());
    },
    async clientAdminPartners(userId: number) {
      const rows = await db.selectFrom('client_admin_partners').select('partner_id').where('user_id', '=', userId).execute();
      return rows.map((r) => r.partner_id);
    },
    /** Published scenarios featured at the partner (the learner dashboard). */
    async featuredScenarios(partnerId: number, limit: number) {
      return db
        .selectFrom('scenarios as s')
        .innerJoin('scenario_partners as sp', 'sp.scenario_id', 's.id')
        .select(['s.id', 's.title', 's.patient_name', 's.patient_image', 's.status', 's.credit_text', 's.updated_at', 's.fee'])
        .select(sql<string | null>`s.doc->>'session_duration'`.as('session_duration'))
        .where('sp.partner_id', '=', partnerId)
        .where('sp.featured', '=', 1)
        .where('s.status', '=', 5)
        .where('s._deleted', '=', false)
        .orderBy('s.title')
        .orderBy('s.id')
        .limit(limit)
        .execute();
    },
  };
}
export type VisitDashboardRepository = ReturnType<typeof createVisitDashboardRepository>;
