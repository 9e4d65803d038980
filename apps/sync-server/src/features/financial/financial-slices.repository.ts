import { sql } from 'kysely';
import type { Database, Executor } from '../../db/database';
import { keptRowsOf } from './financial-figures';
import { type Slice, sliceWork } from './financial-work.repository';

/**
 * Keeping the financial figures (decision 0096). Writes mark the slices (partner, local month) they change in
 * `financial_dirty` (triggers, migration 20261129030000); a read first recomputes the marked slices it is about to
 * read, here, then reads the kept rows. Recomputing a slice: lock it (advisory, in one order, so two readers never
 * wait on each other in a cycle and never both rewrite it), take its marks (DELETE … RETURNING: a mark a write adds
 * meanwhile stays for the next read), replace its kept rows from the work itself. Writers never wait on this.
 */

/** The advisory-lock class of the kept figures ('FI'); the slice is the second key. */
const LOCK_CLASS = 0x4649;
/** A slice's key: months cycle every 100 years, which no report spans. */
const lockKey = (s: Slice) => s.partner_id * 1200 + (s.month % 1200);
/** Rows per INSERT of kept rows (10 columns: well under the protocol's 65,535 parameters). */
const INSERT_CHUNK = 2000;
/**
 * Slices per transaction: a first read of a large centre's year recomputes hundreds, a batch at a time, month by
 * month (a batch's work is then an index range of a month or two of visits).
 */
const BATCH = 60;

export interface SliceScope {
  /** null: every partner */
  partnerIds: readonly number[] | null;
  firstMonth: number;
  lastMonth: number;
}

/** A set of slices for `(partner_id, month) IN (…)`: a subquery, so the planner joins it by hash, not by a list of ORs. */
export const inSlices = (slices: readonly Slice[]) =>
  sql`SELECT p, m FROM (VALUES ${sql.join(slices.map((s) => sql`(${s.partner_id}::int, ${s.month}::int)`))}) AS slices(p, m)`;

async function recompute(trx: Executor, slices: readonly Slice[]): Promise<void> {
  const where = sql`(partner_id, month) IN (${inSlices(slices)})`;
  await sql`DELETE FROM financial_person_months WHERE ${where}`.execute(trx);
  await sql`DELETE FROM financial_partner_months WHERE ${where}`.execute(trx);
  await sql`DELETE FROM financial_people WHERE ${where}`.execute(trx);
  const kept = keptRowsOf(await sliceWork(trx, slices));
  for (let i = 0; i < kept.length; i += INSERT_CHUNK) {
    await trx
      .insertInto('financial_person_months')
      .values(kept.slice(i, i + INSERT_CHUNK))
      .execute();
  }
  if (kept.length === 0) return;
  await sql`INSERT INTO financial_partner_months (partner_id, month, category, pieces, centihours, cents)
    SELECT partner_id, month, category, sum(pieces), sum(centihours), sum(cents) FROM financial_person_months
    WHERE ${where} GROUP BY partner_id, month, category`.execute(trx);
  await sql`INSERT INTO financial_people (partner_id, month, user_id, sort_key)
    SELECT DISTINCT f.partner_id, f.month, f.user_id, financial_sort_key(u.first_name, u.last_name)
    FROM financial_person_months f JOIN users u ON u.id = f.user_id
    WHERE (f.partner_id, f.month) IN (${inSlices(slices)})`.execute(trx);
}

/** Locks the slices (in the order of their keys, so readers never wait on each other in a cycle), takes their marks and recomputes those still marked. */
function recomputeMarked(db: Database, marked: readonly Slice[]): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${LOCK_CLASS}::int, k) FROM (SELECT k FROM (VALUES ${sql.join(
      marked.map((s) => sql`(${lockKey(s)}::int)`),
    )}) AS keys(k) ORDER BY k) ordered`.execute(trx);
    // Taken under the locks: another reader may have recomputed some slices while this one waited.
    const taken = await sql<Slice>`DELETE FROM financial_dirty WHERE (partner_id, month) IN (${inSlices(marked)})
      RETURNING partner_id, month`.execute(trx);
    const slices = [...new Map(taken.rows.map((s) => [`${s.partner_id}|${s.month}`, s])).values()];
    if (slices.length > 0) await recompute(trx, slices);
    return slices.length;
  });
}

export function createFinancialSlicesRepository(db: Database) {
  return {
    /** Brings the kept figures of the scope up to date: recomputes the slices writes have marked since. */
    async refresh(scope: SliceScope): Promise<number> {
      const partners =
        scope.partnerIds === null ? sql`` : sql` AND partner_id IN (${sql.join(scope.partnerIds.length ? [...scope.partnerIds] : [-1])})`;
      const marked = await sql<Slice>`SELECT DISTINCT partner_id, month FROM financial_dirty
        WHERE month BETWEEN ${scope.firstMonth} AND ${scope.lastMonth}${partners}
        ORDER BY month, partner_id`.execute(db);

      let done = 0;
      for (let i = 0; i < marked.rows.length; i += BATCH) done += await recomputeMarked(db, marked.rows.slice(i, i + BATCH));
      return done;
    },
  };
}
export type FinancialSlicesRepository = ReturnType<typeof createFinancialSlicesRepository>;
