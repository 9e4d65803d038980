import { type Kysely, sql } from 'kysely';

/**
 * Change hints name the row (issue 23 item 5, decision 0095): the sync_stamp trigger's NOTIFY carries
 * "<table> <id>" instead of the table alone, so the server can wake only the streams whose scope holds the row
 * (sync/change-feed.ts). A very long id (none of the replicated tables has one) falls back to the table alone,
 * which wakes every stream of the table, as before: NOTIFY payloads are capped at 8,000 bytes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE OR REPLACE FUNCTION sync_stamp() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     NEW._xid := pg_current_xact_id();
     NEW._seq := nextval('sync_seq');
     IF TG_OP = 'UPDATE' THEN NEW._rev := OLD._rev + 1; END IF;
     IF octet_length(NEW.id::text) <= 1000 THEN
       PERFORM pg_notify('sync', TG_TABLE_NAME || ' ' || NEW.id::text);
     ELSE
       PERFORM pg_notify('sync', TG_TABLE_NAME);
     END IF;
     RETURN NEW;
   END $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE OR REPLACE FUNCTION sync_stamp() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     NEW._xid := pg_current_xact_id();
     NEW._seq := nextval('sync_seq');
     IF TG_OP = 'UPDATE' THEN NEW._rev := OLD._rev + 1; END IF;
     PERFORM pg_notify('sync', TG_TABLE_NAME);
     RETURN NEW;
   END $$`.execute(db);
}
