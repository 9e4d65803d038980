import { type Kysely, sql } from 'kysely';

/**
 * The replication machinery (DESIGN.md §5). Every replicated table gets `_xid` (the writing transaction's
 * id) and `_seq` (a global sequence) stamped by a trigger on every write, `_rev` (server revision) and
 * `_deleted` (soft delete). Pulls order by (_xid, _seq) and only return rows below the oldest transaction still
 * running, so a row that commits late is never skipped. The trigger also NOTIFYs listeners with the table name.
 */
const statements = [
  `CREATE TABLE sync_meta (key text PRIMARY KEY, value text NOT NULL)`,
  `INSERT INTO sync_meta (key, value) VALUES ('epoch', gen_random_uuid()::text)`,
  `CREATE SEQUENCE sync_seq`,
  `CREATE FUNCTION sync_stamp() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     NEW._xid := pg_current_xact_id();
     NEW._seq := nextval('sync_seq');
     IF TG_OP = 'UPDATE' THEN NEW._rev := OLD._rev + 1; END IF;
     PERFORM pg_notify('sync', TG_TABLE_NAME);
     RETURN NEW;
   END $$`,
  // Idempotency: a write id the server has applied (clients retry forever).
  `CREATE TABLE sync_writes (
    write_id text NOT NULL,
    collection text NOT NULL,
    doc_id text NOT NULL,
    user_id integer NOT NULL,
    applied_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (collection, write_id)
  )`,
  `CREATE TABLE availabilities (
    id text PRIMARY KEY,
    user_id integer NOT NULL REFERENCES users(id),
    day text NOT NULL CHECK (day IN ('Sunday','Monday','Tuesday','Wednesday','Thursday','Friday','Saturday')),
    start_time time NOT NULL,
    end_time time NOT NULL,
    timezone text NOT NULL,
    doc jsonb NOT NULL,
    _xid xid8 NOT NULL DEFAULT pg_current_xact_id(),
    _seq bigint NOT NULL DEFAULT nextval('sync_seq'),
    _rev integer NOT NULL DEFAULT 1,
    _deleted boolean NOT NULL DEFAULT false,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    CHECK (_deleted OR start_time < end_time)
  )`,
  `CREATE INDEX availabilities_sync ON availabilities (_xid, _seq)`,
  `CREATE INDEX availabilities_user ON availabilities (user_id) WHERE NOT _deleted`,
  `CREATE TRIGGER availabilities_sync BEFORE INSERT OR UPDATE ON availabilities
   FOR EACH ROW EXECUTE FUNCTION sync_stamp()`,
  // Notifications replicate too: the server writes them, the owner marks them read, archived or deleted.
  `ALTER TABLE notifications
     ADD COLUMN doc jsonb NOT NULL DEFAULT '{}'::jsonb,
     ADD COLUMN _xid xid8 NOT NULL DEFAULT pg_current_xact_id(),
     ADD COLUMN _seq bigint NOT NULL DEFAULT nextval('sync_seq'),
     ADD COLUMN _rev integer NOT NULL DEFAULT 1,
     ADD COLUMN _deleted boolean NOT NULL DEFAULT false`,
  `CREATE INDEX notifications_sync ON notifications (_xid, _seq)`,
  `CREATE TRIGGER notifications_sync BEFORE INSERT OR UPDATE ON notifications
   FOR EACH ROW EXECUTE FUNCTION sync_stamp()`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const s of [
    'DROP TRIGGER IF EXISTS notifications_sync ON notifications',
    'ALTER TABLE notifications DROP COLUMN doc, DROP COLUMN _xid, DROP COLUMN _seq, DROP COLUMN _rev, DROP COLUMN _deleted',
    'DROP TABLE IF EXISTS availabilities',
    'DROP TABLE IF EXISTS sync_writes',
    'DROP FUNCTION IF EXISTS sync_stamp()',
    'DROP SEQUENCE IF EXISTS sync_seq',
    'DROP TABLE IF EXISTS sync_meta',
  ]) {
    await sql.raw(s).execute(db);
  }
}
