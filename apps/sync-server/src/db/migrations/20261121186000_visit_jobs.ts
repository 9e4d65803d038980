import { type Kysely, sql } from 'kysely';

/**
 * Timed visit rules, the visit event processor and inbound SMS (issue 5 item 6; SECURITY.md SMS-04, LOAD-06;
 * docs/decisions/0029-visit-jobs-and-invites.md).
 * - visit_events.locked_until: the lease of a processor that claimed the event (FOR UPDATE SKIP LOCKED, committed
 *   at once so sending happens outside any transaction); also the time of the next try after a failure.
 * - visit_message_deliveries: every message sent for an event (one row per recipient and channel), so a retried
 *   event never sends a message twice; calendar invites keep their UID, METHOD and times here, which tells who
 *   holds an active invite (an old SP after a transfer gets the CANCEL).
 * - sms_inbound_messages: every signed inbound text by its MessageSid, so a replay changes nothing.
 * - outbox.attachments: the files of a mail (the .ics invites), shown on the demo outbox page.
 */
const statements = [
  `ALTER TABLE visit_events ADD COLUMN locked_until timestamptz`,
  `CREATE TABLE visit_message_deliveries (
    event_id bigint NOT NULL REFERENCES visit_events(id) ON DELETE CASCADE,
    key text NOT NULL,
    user_id integer REFERENCES users(id),
    channel text NOT NULL CHECK (channel IN ('mail', 'sms', 'notification')),
    invite_uid text,
    invite_method text CHECK (invite_method IS NULL OR invite_method IN ('REQUEST', 'CANCEL')),
    invite_start_at timestamptz,
    invite_end_at timestamptz,
    invite_sequence integer,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (event_id, key)
  )`,
  `CREATE INDEX visit_message_deliveries_invites ON visit_message_deliveries (invite_uid, user_id, event_id)
    WHERE invite_uid IS NOT NULL`,
  `CREATE TABLE sms_inbound_messages (
    message_sid text PRIMARY KEY,
    from_number text NOT NULL,
    outcome text NOT NULL,
    visit_id integer REFERENCES visits(id),
    received_at timestamptz NOT NULL DEFAULT now()
  )`,
  `ALTER TABLE outbox ADD COLUMN attachments jsonb NOT NULL DEFAULT '[]'::jsonb`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE outbox DROP COLUMN IF EXISTS attachments`.execute(db);
  await sql`DROP TABLE IF EXISTS sms_inbound_messages`.execute(db);
  await sql`DROP TABLE IF EXISTS visit_message_deliveries`.execute(db);
  await sql`ALTER TABLE visit_events DROP COLUMN IF EXISTS locked_until`.execute(db);
}
