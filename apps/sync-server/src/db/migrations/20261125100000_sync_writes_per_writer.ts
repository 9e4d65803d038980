import { type Kysely, sql } from 'kysely';

/**
 * A write id is remembered per writer and document, not per collection (issue 11 item 6): with the old key
 * (collection, write_id), a write id another user had used (by chance or on purpose) made a new document
 * vanish behind a 200. Existing rows keep their meaning: each was applied by its user to its document.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE sync_writes DROP CONSTRAINT sync_writes_pkey`.execute(db);
  await sql`ALTER TABLE sync_writes ADD PRIMARY KEY (collection, user_id, doc_id, write_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM sync_writes a USING sync_writes b
    WHERE a.collection = b.collection AND a.write_id = b.write_id AND a.ctid > b.ctid`.execute(db);
  await sql`ALTER TABLE sync_writes DROP CONSTRAINT sync_writes_pkey`.execute(db);
  await sql`ALTER TABLE sync_writes ADD PRIMARY KEY (collection, write_id)`.execute(db);
}
