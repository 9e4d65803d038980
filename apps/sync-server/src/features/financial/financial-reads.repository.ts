import { type FinancialCategory, JOB_NUMBER_NONE, ROLE } from '@simvisit/schema';
import { type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/database';
import type { KeptRow } from './financial-figures';

/**
 * Reading the kept financial figures (decision 0096): the sums per month and category (from the rows without
 * persons when no person, scenario or job number narrows them), a page of people by name key, and the rows of the
 * people on it. Each read is an index range of the kept rows of the months asked, never the work itself.
 */
export interface FigureScope {
  /** null: every partner */
  partnerIds: readonly number[] | null;
  /** the platform (the partner's brand); null: both */
  isSim: boolean | null;
  userId: number | null;
  scenarioId: number | null;
  /** null: any; JOB_NUMBER_NONE: none */
  jobNumber: string | null;
  /** null: every category */
  categories: readonly FinancialCategory[] | null;
  /** leave out people holding the exclude-from-reports role (the financial report) */
  excludeFlagged: boolean;
}

export interface MonthSum {
  month: number;
  category: FinancialCategory;
  pieces: number;
  centihours: number;
  cents: number;
}

export type PersonRow = Omit<KeptRow, 'partner_id'> & { scenario_title: string | null };

/** A position in the people of a month: their name key and id (the page's order). */
export interface PeopleKey {
  sort_key: string;
  user_id: number;
}

const flagged = sql`SELECT x.user_id FROM user_roles x WHERE x.role_id = ${sql.lit(ROLE.exclude_from_reports)} AND x.is_approved`;

/** The partner conditions of a scope on a kept table's alias. */
function partnerConditions(alias: string, s: FigureScope): RawBuilder<unknown>[] {
  const column = sql.ref(`${alias}.partner_id`);
  const where: RawBuilder<unknown>[] = [];
  if (s.partnerIds !== null) where.push(s.partnerIds.length ? sql`${column} IN (${sql.join([...s.partnerIds])})` : sql`false`);
  if (s.isSim !== null) where.push(sql`${column} IN (SELECT id FROM partners WHERE is_sim = ${s.isSim})`);
  return where;
}

/** The conditions on the person rows (financial_person_months) beyond partners and months. */
function rowConditions(alias: string, s: FigureScope): RawBuilder<unknown>[] {
  const col = (c: string) => sql.ref(`${alias}.${c}`);
  const where: RawBuilder<unknown>[] = [];
  if (s.userId !== null) where.push(sql`${col('user_id')} = ${s.userId}`);
  if (s.scenarioId !== null) where.push(sql`${col('scenario_id')} = ${String(s.scenarioId)}`);
  if (s.jobNumber === JOB_NUMBER_NONE) where.push(sql`${col('job_number')} IS NULL`);
  else if (s.jobNumber !== null) where.push(sql`${col('job_number')} = ${s.jobNumber}`);
  if (s.categories !== null) where.push(s.categories.length ? sql`${col('category')} IN (${sql.join([...s.categories])})` : sql`false`);
  return where;
}

const and = (conditions: RawBuilder<unknown>[]) => (conditions.length ? sql.join(conditions, sql` AND `) : sql`true`);
/** Whether anything narrows the rows below the partner and category: then only the person rows can answer. */
const narrowed = (s: FigureScope) => s.userId !== null || s.scenarioId !== null || s.jobNumber !== null;

export function createFinancialReadsRepository(db: Database) {
  return {
    /** Pieces, hours and pay per month and category over the months first..last. */
    async sums(s: FigureScope, firstMonth: number, lastMonth: number): Promise<MonthSum[]> {
      const months = (alias: string) => sql`${sql.ref(`${alias}.month`)} BETWEEN ${firstMonth} AND ${lastMonth}`;
      let rows: RawBuilder<MonthSum>;
      if (narrowed(s)) {
        const where = [months('f'), ...partnerConditions('f', s), ...rowConditions('f', s)];
        if (s.excludeFlagged) where.push(sql`(f.user_id IS NULL OR f.user_id NOT IN (${flagged}))`);
        rows = sql<MonthSum>`SELECT f.month, f.category, sum(f.pieces) AS pieces, sum(f.centihours) AS centihours, sum(f.cents) AS cents
          FROM financial_person_months f WHERE ${and(where)} GROUP BY f.month, f.category`;
      } else {
        // Everyone's: the rows without persons, less the people left out of reports (a few rows of their own).
        const categories = rowConditions('t', { ...s, userId: null, scenarioId: null, jobNumber: null });
        const excluded = s.excludeFlagged
          ? sql`UNION ALL SELECT f.month, f.category, -f.pieces, -f.centihours, -f.cents FROM financial_person_months f
              WHERE f.user_id IN (${flagged}) AND ${and([months('f'), ...partnerConditions('f', s), ...rowConditions('f', s)])}`
          : sql``;
        rows = sql<MonthSum>`SELECT month, category, sum(pieces) AS pieces, sum(centihours) AS centihours, sum(cents) AS cents FROM (
            SELECT t.month, t.category, t.pieces, t.centihours, t.cents FROM financial_partner_months t
            WHERE ${and([months('t'), ...partnerConditions('t', s), ...categories])}
            ${excluded}
          ) x GROUP BY month, category`;
      }
      return (await rows.execute(db)).rows;
    },

    /**
     * Up to `limit` people who worked in the month in scope, by name key then id, after (or before) a position:
     * an index range of financial_people, whatever the month holds.
     */
    async people(s: FigureScope, month: number, from: { key: PeopleKey; before: boolean } | null, limit: number): Promise<PeopleKey[]> {
      const where = [sql`t.month = ${month}`, ...partnerConditions('t', s)];
      if (from !== null) {
        where.push(
          from.before
            ? sql`(t.sort_key, t.user_id) < (${from.key.sort_key}, ${from.key.user_id})`
            : sql`(t.sort_key, t.user_id) > (${from.key.sort_key}, ${from.key.user_id})`,
        );
      }
      if (s.excludeFlagged) where.push(sql`t.user_id NOT IN (${flagged})`);
      const narrowing = rowConditions('f', s);
      if (narrowing.length) {
        where.push(sql`EXISTS (SELECT 1 FROM financial_person_months f WHERE f.user_id = t.user_id AND f.month = t.month
          AND f.partner_id = t.partner_id AND ${and(narrowing)})`);
      }
      const order = from?.before ? sql`DESC` : sql`ASC`;
      const { rows } = await sql<PeopleKey>`SELECT t.sort_key, t.user_id FROM financial_people t WHERE ${and(where)}
        GROUP BY t.sort_key, t.user_id ORDER BY t.sort_key ${order}, t.user_id ${order} LIMIT ${limit}`.execute(db);
      return from?.before ? rows.reverse() : rows;
    },

    /** The person rows of the months first..last in scope (of the people given, when given), with scenario titles. */
    async rows(s: FigureScope, firstMonth: number, lastMonth: number, userIds: readonly number[] | null): Promise<PersonRow[]> {
      const where = [sql`f.month BETWEEN ${firstMonth} AND ${lastMonth}`, ...partnerConditions('f', s), ...rowConditions('f', s)];
      if (userIds !== null) where.push(userIds.length ? sql`f.user_id IN (${sql.join([...userIds])})` : sql`false`);
      if (s.excludeFlagged) where.push(sql`(f.user_id IS NULL OR f.user_id NOT IN (${flagged}))`);
      const { rows } = await sql<PersonRow>`SELECT f.month, f.user_id, f.scenario_id, sc.title AS scenario_title, f.job_number, f.category,
          f.rate_cents, f.pieces, f.centihours, f.cents
        FROM financial_person_months f LEFT JOIN scenarios sc ON sc.id = f.scenario_id WHERE ${and(where)}`.execute(db);
      return rows;
    },
  };
}
export type FinancialReadsRepository = ReturnType<typeof createFinancialReadsRepository>;
