import { EARLY_CANCELLATION_HOURS, ROLE } from '@simvisit/schema';
import { sql } from 'kysely';
import type { Executor } from '../../db/database';

/**
 * The pieces of paid work of some slices (a partner and a local month), each with the rate in force when it
 * happened (decision 0078): an SP's visit (classified by `visitPayCategory`), an observer's submitted scorecard, a
 * trainer's or an SP's completed training session, a head trainer's completed interview, and a completed visit of a
 * scenario an author wrote on the simulation brand. Only the recomputation of stale slices reads it (decision 0096);
 * the reports read the kept figures. Identical pieces come back as one group with a count.
 */
export type WorkKind = 'visit' | 'scorecard' | 'trainer' | 'training' | 'interview' | 'author';

/** A partner and a local month (year * 12 + month - 1 in the partner's time zone): what is kept and recomputed as one. */
export interface Slice {
  partner_id: number;
  month: number;
}

/**
 * A group of identical pieces of paid work: everything that decides a piece's category, hours, rate and month is
 * the same across the group, so the figures are one piece's times `count`.
 */
export interface WorkRow {
  kind: WorkKind;
  partner_id: number;
  /** the local month index of the start in the work's partner's time zone */
  month: number;
  user_id: number | null;
  scenario_id: string | null;
  job_number: string | null;
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

const visitFacts = sql`v.is_complete, v.is_canceled, v.canceled_at, v.is_sp_cancellation, v.no_show, v.learner_technical_issue`;
const noVisitFacts = sql`false, false, NULL::timestamptz, false, false, false`;
/** a visit's job number: the scenario's at the visit's partner ('' is none) */
const visitJob = sql`LEFT JOIN scenario_partners sp ON sp.scenario_id = v.scenario_id AND sp.partner_id = v.partner_id`;
const DAY_MS = 86_400_000;

/** The first moment of a month index in UTC. */
const monthStart = (index: number) => new Date(Date.UTC(Math.floor(index / 12), index % 12, 1));

/**
 * The work of the slices given, grouped per slice, person, scenario, job number and everything the category, hours
 * and rate read. The UTC window (an index range) is a day wider than the months each side; each piece's month is
 * then taken in its partner's time zone and only the slices asked are kept.
 */
export async function sliceWork(db: Executor, slices: readonly Slice[]): Promise<WorkRow[]> {
  if (slices.length === 0) return [];
  const months = slices.map((s) => s.month);
  const from = new Date(monthStart(Math.min(...months)).getTime() - DAY_MS);
  const to = new Date(monthStart(Math.max(...months) + 1).getTime() + DAY_MS);
  const partners = [...new Set(slices.map((s) => s.partner_id))];
  const inWindow = (column: string) => sql`${sql.ref(column)} >= ${from} AND ${sql.ref(column)} < ${to}`;
  const wanted = sql`SELECT p, m FROM (VALUES ${sql.join(slices.map((s) => sql`(${s.partner_id}::int, ${s.month}::int)`))}) AS slices(p, m)`;
  const where = [
    sql`w.partner_id IN (${sql.join(partners)})`,
    sql`(w.partner_id, financial_month(w.start_at, p.time_zone)) IN (${wanted})`,
  ];
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
        SELECT w.kind, w.partner_id, financial_month(w.start_at, p.time_zone) AS month, w.user_id, w.scenario_id, w.job_number, w.training_type_id, w.is_complete, w.is_canceled,
          w.is_sp_cancellation, w.no_show, w.learner_technical_issue, COALESCE(rate.pay_rate, 0) AS rate,
          EXTRACT(EPOCH FROM w.end_at - w.start_at)::float8 AS duration_s,
          floor(EXTRACT(EPOCH FROM w.start_at - w.canceled_at) / 3600)::int AS lead_h
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
  const keys = sql.raw(
    'kind, partner_id, month, user_id, scenario_id, job_number, duration_s, training_type_id, is_complete, is_canceled, lead_h, is_sp_cancellation, no_show, learner_technical_issue, rate',
  );
  const result = await sql<WorkRow>`
    SELECT ${keys}, count(*)::int AS count FROM (${pieces}) g GROUP BY ${keys}`.execute(db);
  return result.rows.map((r) => ({ ...r, rate: Number(r.rate) }));
}
