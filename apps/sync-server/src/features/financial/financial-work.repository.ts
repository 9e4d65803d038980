import { EARLY_CANCELLATION_HOURS, JOB_NUMBER_NONE, ROLE } from '@simvisit/schema';
import { type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/database';

/**
 * The pieces of paid work of some months, each with the rate in force when it happened (decision 0078): an SP's
 * visit (classified in the service by `visitPayCategory`), an observer's submitted scorecard, a trainer's or an
 * SP's completed training session, a head trainer's completed interview, and a completed visit of a scenario an
 * author wrote on the simulation brand. The UTC window (an index range) is wider than the months; the months
 * themselves are kept in each work's partner's time zone. Identical pieces come back as one group with a count.
 */
export type WorkKind = 'visit' | 'scorecard' | 'trainer' | 'training' | 'interview' | 'author';

/**
 * A group of identical pieces of paid work: everything that decides a piece's category, hours, rate and month is
 * the same across the group, so the figures are one piece's times `count`. Grouping in SQL keeps a month of a
 * full centre (tens of thousands of visits, a year of them for the chart) out of the server's memory.
 */
export interface WorkRow {
  kind: WorkKind;
  /** null in the chart's groups, which do not split by person */
  user_id: number | null;
  scenario_id: string | null;
  scenario_title: string | null;
  job_number: string | null;
  /** the month of the start in the work's partner's time zone */
  local_year: number;
  local_month: number;
  /** the work's length in seconds (visits), else null */
  duration_s: number | null;
  training_type_id: number | null;
  is_complete: boolean;
  is_canceled: boolean;
  /** whole hours between a cancellation and the start, rounded down (null when not cancelled): enough for the
   * whole-hour thresholds of `visitPayCategory` */
  lead_h: number | null;
  is_sp_cancellation: boolean;
  no_show: boolean;
  learner_technical_issue: boolean;
  /** the rate in force (dollars; 0 when none is recorded) */
  rate: number;
  count: number;
}

export interface WorkFilter {
  from: Date;
  to: Date;
  /** null: every partner */
  partnerIds: readonly number[] | null;
  userId: number | null;
  scenarioId: number | null;
  /** null: any; JOB_NUMBER_NONE: none */
  jobNumber: string | null;
  isSim: boolean | null;
  kinds: readonly WorkKind[] | null;
  /** leave out people holding the exclude-from-reports role (the financial report) */
  excludeFlagged: boolean;
  /** local months kept, inclusive (in each work's partner's time zone), as year * 12 + month - 1 */
  firstMonth: number;
  lastMonth: number;
  /** `person`: groups per person, scenario and job number (the month's table); `chart`: per month only */
  grouping: 'person' | 'chart';
}

const visitFacts = sql`v.is_complete, v.is_canceled, v.canceled_at, v.is_sp_cancellation, v.no_show, v.learner_technical_issue`;
const noVisitFacts = sql`false, false, NULL::timestamptz, false, false, false`;
/** a visit's job number: the scenario's at the visit's partner ('' is none) */
const visitJob = sql`LEFT JOIN scenario_partners sp ON sp.scenario_id = v.scenario_id AND sp.partner_id = v.partner_id`;

function conditions(f: WorkFilter): RawBuilder<unknown>[] {
  const where: RawBuilder<unknown>[] = [];
  if (f.partnerIds !== null) {
    where.push(f.partnerIds.length ? sql`w.partner_id IN (${sql.join([...f.partnerIds])})` : sql`false`);
  }
  if (f.userId !== null) where.push(sql`w.user_id = ${f.userId}`);
  if (f.scenarioId !== null) where.push(sql`w.scenario_id = ${String(f.scenarioId)}`);
  if (f.jobNumber === JOB_NUMBER_NONE) where.push(sql`w.job_number IS NULL`);
  else if (f.jobNumber !== null) where.push(sql`w.job_number = ${f.jobNumber}`);
  if (f.isSim !== null) where.push(sql`p.is_sim = ${f.isSim}`);
  if (f.kinds !== null) where.push(f.kinds.length ? sql`w.kind IN (${sql.join([...f.kinds])})` : sql`false`);
  if (f.excludeFlagged) {
    where.push(sql`NOT EXISTS (SELECT 1 FROM user_roles x WHERE x.user_id = w.user_id AND x.role_id = ${sql.lit(ROLE.exclude_from_reports)}
      AND x.is_approved)`);
  }
  return where;
}

export function createFinancialWorkRepository(db: Database) {
  return {
    async work(f: WorkFilter): Promise<WorkRow[]> {
      const inWindow = (column: string) => sql`${sql.ref(column)} >= ${f.from} AND ${sql.ref(column)} < ${f.to}`;
      const where = conditions(f);
      // The local month, kept in SQL so that only the asked months leave the database.
      const local = sql`(EXTRACT(YEAR FROM w.start_at AT TIME ZONE p.time_zone)::int * 12 + EXTRACT(MONTH FROM w.start_at AT TIME ZONE p.time_zone)::int - 1)`;
      where.push(sql`${local} BETWEEN ${f.firstMonth} AND ${f.lastMonth}`);
      const pieces = sql`
        WITH work AS (
          SELECT 'visit' AS kind, v.sp_user_id AS user_id, ${sql.lit(ROLE.standardized_patient)} AS role_id, v.partner_id, v.scenario_id,
            v.start_at, v.end_at, NULL::int AS training_type_id, ${visitFacts}, NULLIF(sp.job_number, '') AS job_number
          FROM visits v ${visitJob}
          WHERE ${inWindow('v.start_at')} AND (v.is_complete OR v.no_show OR v.learner_technical_issue
            OR (v.is_canceled AND NOT v.is_sp_cancellation AND v.canceled_at > v.start_at - make_interval(hours => ${sql.lit(EARLY_CANCELLATION_HOURS)})))
          UNION ALL
          SELECT 'scorecard', vo.user_id, ${sql.lit(ROLE.observer)}, v.partner_id, v.scenario_id, v.start_at, v.end_at, NULL, ${visitFacts},
            NULLIF(sp.job_number, '')
          FROM visit_observers vo JOIN visits v ON v.id = vo.visit_id ${visitJob}
          WHERE ${inWindow('v.start_at')} AND vo.is_complete AND NOT v.is_canceled
          UNION ALL
          SELECT 'trainer', ts.trainer_user_id, ${sql.lit(ROLE.trainer)}, ts.partner_id, ts.scenario_id, ts.start_at, NULL,
            ts.training_session_type_id, ${noVisitFacts}, NULLIF(ts.job_number, '')
          FROM training_sessions ts
          WHERE ${inWindow('ts.start_at')} AND ts.is_complete AND NOT ts.is_canceled
          UNION ALL
          SELECT 'training', tsu.user_id, ${sql.lit(ROLE.standardized_patient)}, ts.partner_id, ts.scenario_id, ts.start_at, NULL,
            ts.training_session_type_id, ${noVisitFacts}, NULLIF(ts.job_number, '')
          FROM training_session_users tsu JOIN training_sessions ts ON ts.id = tsu.training_session_id
          WHERE ${inWindow('ts.start_at')} AND ts.is_complete AND NOT ts.is_canceled AND tsu.role_id = ${sql.lit(ROLE.standardized_patient)}
          UNION ALL
          SELECT 'interview', i.trainer_user_id, ${sql.lit(ROLE.head_trainer)}, COALESCE(a.partner_id, r.partner_id, 1), NULL, i.start_at, NULL,
            NULL, ${noVisitFacts}, NULL
          FROM interviews i LEFT JOIN applications a ON a.id = i.application_id LEFT JOIN requests r ON r.id = i.request_id
          WHERE ${inWindow('i.start_at')} AND i.is_complete AND NOT i.is_canceled
          UNION ALL
          SELECT 'author', s.author_user_id, ${sql.lit(ROLE.author)}, v.partner_id, v.scenario_id, v.start_at, v.end_at, NULL, ${visitFacts},
            NULLIF(sp.job_number, '')
          FROM visits v JOIN scenarios s ON s.id = v.scenario_id ${visitJob}
          WHERE ${inWindow('v.start_at')} AND s.is_sim = 1 AND v.is_complete AND NOT v.is_canceled AND NOT v.no_show
            AND NOT v.learner_technical_issue
        )
        SELECT w.kind, w.user_id, w.scenario_id, w.job_number, w.training_type_id, w.is_complete, w.is_canceled,
          w.is_sp_cancellation, w.no_show, w.learner_technical_issue, COALESCE(rate.pay_rate, 0) AS rate,
          EXTRACT(EPOCH FROM w.end_at - w.start_at)::float8 AS duration_s,
          floor(EXTRACT(EPOCH FROM w.start_at - w.canceled_at) / 3600)::int AS lead_h,
          EXTRACT(YEAR FROM w.start_at AT TIME ZONE p.time_zone)::int AS local_year,
          EXTRACT(MONTH FROM w.start_at AT TIME ZONE p.time_zone)::int AS local_month
        FROM work w
        JOIN partners p ON p.id = w.partner_id
        -- The rate in force: at the work's partner, else the brand's home partner (authors: the simulation brand);
        -- the latest that took effect at or before the start, else the first one recorded.
        LEFT JOIN LATERAL (
          SELECT h.pay_rate FROM pay_rate_history h
          WHERE h.user_id = w.user_id AND h.role_id = w.role_id
            AND h.partner_id = ANY(CASE WHEN w.kind = 'author' THEN ARRAY[28]
              ELSE ARRAY[w.partner_id, CASE WHEN p.is_sim THEN 28 ELSE 1 END] END)
          ORDER BY (w.kind <> 'author' AND h.partner_id = w.partner_id) DESC, (h.effective_from <= w.start_at) DESC,
            CASE WHEN h.effective_from <= w.start_at THEN h.effective_from END DESC NULLS LAST, h.effective_from, h.id DESC
          LIMIT 1
        ) rate ON true
        WHERE ${sql.join(where, sql` AND `)}`;
      const person = f.grouping === 'person';
      const keys = sql.raw(
        `kind, ${person ? 'user_id, scenario_id, job_number, ' : ''}local_year, local_month, duration_s, training_type_id, is_complete, is_canceled, lead_h, is_sp_cancellation, no_show, learner_technical_issue, rate`,
      );
      const result = await sql<WorkRow>`
        SELECT ${keys}, ${person ? sql`(SELECT title FROM scenarios WHERE id = g.scenario_id)` : sql`NULL::text`} AS scenario_title,
          ${person ? sql`` : sql`NULL::int AS user_id, NULL::text AS scenario_id, NULL::text AS job_number, `}count(*)::int AS count
        FROM (${pieces}) g
        GROUP BY ${keys}
        ORDER BY ${keys}`.execute(db);
      return result.rows.map((r) => ({ ...r, rate: Number(r.rate) }));
    },
  };
}
export type FinancialWorkRepository = ReturnType<typeof createFinancialWorkRepository>;
