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

/** The only SQL of the replication engine; table names come from collection declarations, never from input. */
export function createSyncRepository(db: Database) {
  return {
    async epoch(): Promise<string> {
      const row = await db.selectFrom('sync_meta').select('value').where('key', '=', 'epoch').executeTakeFirstOrThrow();
      return row.value;
    },

    /** Rows after the checkpoint, committed before every transaction still running, in (xid, seq) order. */
    async pull(c: SyncCollection, scope: ReturnType<SyncCollection['scope']>, after: { xid: string; seq: string }, limit: number) {
      const result = await sql<PulledRow>`
        SELECT doc, _deleted, _xid::text AS xid, _seq::text AS seq
        FROM ${sql.table(c.table)}
        WHERE ${scope}
          AND (_xid, _seq) > (${after.xid}::xid8, ${after.seq}::bigint)
          AND _xid < pg_snapshot_xmin(pg_current_snapshot())
        ORDER BY _xid, _seq
        LIMIT ${limit}`.execute(db);
      return result.rows;
    },

    /** Whether rows in scope after the checkpoint exist that a still-running older transaction hides for now. */
    async hiddenBehindHorizon(c: SyncCollection, scope: ReturnType<SyncCollection['scope']>, after: { xid: string; seq: string }) {
      const result = await sql<{ hidden: boolean }>`
        SELECT EXISTS (
          SELECT 1 FROM ${sql.table(c.table)}
          WHERE ${scope}
            AND (_xid, _seq) > (${after.xid}::xid8, ${after.seq}::bigint)
            AND _xid >= pg_snapshot_xmin(pg_current_snapshot())
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

    async applied(trx: Executor, collection: string, writeIds: string[]): Promise<Set<string>> {
      if (writeIds.length === 0) return new Set();
      const rows = await trx
        .selectFrom('sync_writes')
        .select('write_id')
        .where('collection', '=', collection)
        .where('write_id', 'in', writeIds)
        .execute();
      return new Set(rows.map((r) => r.write_id));
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
