import { sql, type Transaction } from 'kysely';
import type { Database, Executor } from '../db/database';
import type { DB } from '../db/types';
import type { SyncCollection, SyncDoc } from './sync-collection';

export interface PulledRow {
  doc: unknown;
  _deleted: boolean;
  xid: string;
  seq: string;
}

/** The key of one applied write in the set `applied` answers. */
export const appliedKey = (docId: string, writeId: string) => `${docId}\u0000${writeId}`;

/** The only SQL of the replication engine; table names come from collection declarations, never from input. */
export function createSyncRepository(db: Database) {
  return {
    async epoch(): Promise<string> {
      const row = await db.selectFrom('sync_meta').select('value').where('key', '=', 'epoch').executeTakeFirstOrThrow();
      return row.value;
    },

    /**
     * The oldest transaction still running, as one reading for a pull and its hidden-rows check: read apart, the
     * horizon could move between the two, and a row hidden from the pull would then be reported as not pending.
     */
    async horizon(): Promise<string> {
      const result = await sql<{ xmin: string }>`SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS xmin`.execute(db);
      return result.rows[0]!.xmin;
    },

    /** Rows after the checkpoint, committed before the horizon (every transaction then running), in (xid, seq) order. */
    async pull(
      c: SyncCollection,
      scope: ReturnType<SyncCollection['scope']>,
      after: { xid: string; seq: string },
      limit: number,
      horizon: string,
    ) {
      const result = await sql<PulledRow>`
        SELECT doc, _deleted, _xid::text AS xid, _seq::text AS seq
        FROM ${sql.table(c.table)}
        WHERE ${scope}
          AND (_xid, _seq) > (${after.xid}::xid8, ${after.seq}::bigint)
          AND _xid < ${horizon}::xid8
        ORDER BY _xid, _seq
        LIMIT ${limit}`.execute(db);
      return result.rows;
    },

    /** Whether rows in scope after the checkpoint exist at or past the horizon, which the pull left out for now. */
    async hiddenBehindHorizon(
      c: SyncCollection,
      scope: ReturnType<SyncCollection['scope']>,
      after: { xid: string; seq: string },
      horizon: string,
    ) {
      const result = await sql<{ hidden: boolean }>`
        SELECT EXISTS (
          SELECT 1 FROM ${sql.table(c.table)}
          WHERE ${scope}
            AND (_xid, _seq) > (${after.xid}::xid8, ${after.seq}::bigint)
            AND _xid >= ${horizon}::xid8
        ) AS hidden`.execute(db);
      return result.rows[0]?.hidden ?? false;
    },

    transaction<T>(fn: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
      return db.transaction().execute(fn);
    },

    /** The stored rows of these ids, locked for the rest of the push transaction. */
    async lockStored(trx: Executor, c: SyncCollection, ids: string[]) {
      if (ids.length === 0) return new Map<string, { doc: SyncDoc; _deleted: boolean }>();
      const result = await sql<{ id: string; doc: SyncDoc; _deleted: boolean }>`
        SELECT id, doc, _deleted FROM ${sql.table(c.table)}
        WHERE id IN (${sql.join(ids)}) ORDER BY id FOR UPDATE`.execute(trx);
      return new Map(result.rows.map((r) => [r.id, { doc: r.doc, _deleted: r._deleted }]));
    },

    /**
     * Which of these (document, write id) pairs this user has already applied: keys from appliedKey. Scoped to
     * the writer and the document, so nobody else's write id can make a write look done (issue 11 item 6).
     */
    async applied(trx: Executor, collection: string, userId: number, docs: { id: string; write_id: string }[]): Promise<Set<string>> {
      if (docs.length === 0) return new Set();
      const rows = await trx
        .selectFrom('sync_writes')
        .select(['doc_id', 'write_id'])
        .where('collection', '=', collection)
        .where('user_id', '=', userId)
        .where('write_id', 'in', [...new Set(docs.map((d) => d.write_id))])
        .execute();
      return new Set(rows.map((r) => appliedKey(r.doc_id, r.write_id)));
    },

    /** Stores the document exactly as the client sent it, plus its derived columns. */
    async upsert(trx: Executor, c: SyncCollection, doc: SyncDoc, columns: Record<string, unknown>, userId: number) {
      const values: Record<string, unknown> = { ...columns, id: doc.id, doc: JSON.stringify(doc), _deleted: doc._deleted };
      const names = Object.keys(values);
      const updates = names.filter((n) => n !== 'id').map((n) => sql`${sql.ref(n)} = EXCLUDED.${sql.ref(n)}`);
      await sql`
        INSERT INTO ${sql.table(c.table)} (${sql.join(names.map((n) => sql.ref(n)))})
        VALUES (${sql.join(names.map((n) => values[n]))})
        ON CONFLICT (id) DO UPDATE SET ${sql.join(updates)}, updated_at = now()`.execute(trx);
      await trx
        .insertInto('sync_writes')
        .values({ write_id: doc.write_id, collection: c.name, doc_id: doc.id, user_id: userId })
        .onConflict((oc) => oc.doNothing())
        .execute();
    },
  };
}
export type SyncRepository = ReturnType<typeof createSyncRepository>;
