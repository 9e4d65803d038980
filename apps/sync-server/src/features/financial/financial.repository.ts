import { sql } from 'kysely';
import type { Database } from '../../db/database';

/** The SQL of the financial views beside the work itself: people, partners and the report's menus. */
export function createFinancialRepository(db: Database) {
  return {
    /** Names and addresses of the people the rows are about. */
    people(ids: readonly number[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('users')
        .select(['id', 'first_name', 'last_name', 'email'])
        .where('id', 'in', [...ids])
        .execute();
    },
    partner(id: number) {
      return db.selectFrom('partners').select(['id', 'time_zone', 'is_sim']).where('id', '=', id).executeTakeFirst();
    },
    /** The partners menu: those listed, or every partner when null. */
    partners(ids: readonly number[] | null) {
      let q = db.selectFrom('partners').select(['id', 'short_name', 'is_sim']).orderBy('short_name').orderBy('id');
      if (ids !== null) q = q.where('id', 'in', ids.length ? [...ids] : [-1]);
      return q.execute();
    },
    /** The scenarios menu: scenarios distributed to the partners (every scenario with a title when null). */
    scenarios(partnerIds: readonly number[] | null) {
      let q = db
        .selectFrom('scenarios')
        .select(['scenarios.id', 'scenarios.title'])
        .where('scenarios.title', 'is not', null)
        .where('scenarios._deleted', '=', false)
        .orderBy('scenarios.title')
        .orderBy('scenarios.id');
      if (partnerIds !== null) {
        const ids = partnerIds.length ? [...partnerIds] : [-1];
        q = q.where('scenarios.id', 'in', db.selectFrom('scenario_partners').select('scenario_id').where('partner_id', 'in', ids));
      }
      return q.execute();
    },
    /**
     * The job numbers menu: those of scenarios at the partners and of their training sessions. The sessions' are
     * read by skipping from one job number to the next in their index (a few steps, however many sessions there are).
     */
    async jobNumbers(partnerIds: readonly number[] | null): Promise<string[]> {
      const ids = partnerIds === null ? null : partnerIds.length ? [...partnerIds] : [-1];
      let scenarioJobs = db.selectFrom('scenario_partners').select('job_number').distinct().where('job_number', '<>', '');
      if (ids !== null) scenarioJobs = scenarioJobs.where('partner_id', 'in', ids);
      const atPartners = ids === null ? sql`` : sql` AND partner_id IN (${sql.join(ids)})`;
      const [scenarioRows, trainingRows] = await Promise.all([
        scenarioJobs.execute(),
        sql<{ j: string }>`WITH RECURSIVE jobs(j) AS (
            SELECT (SELECT min(job_number) FROM training_sessions WHERE job_number > ''${atPartners})
            UNION ALL
            SELECT (SELECT min(job_number) FROM training_sessions WHERE job_number > jobs.j${atPartners}) FROM jobs WHERE jobs.j IS NOT NULL
          ) SELECT j FROM jobs WHERE j IS NOT NULL`.execute(db),
      ]);
      const all = new Set([...scenarioRows.map((r) => r.job_number), ...trainingRows.rows.map((r) => r.j)]);
      return [...all].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
    },
  };
}
export type FinancialRepository = ReturnType<typeof createFinancialRepository>;
