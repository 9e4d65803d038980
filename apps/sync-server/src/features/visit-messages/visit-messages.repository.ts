import { type Selectable, sql } from 'kysely';
import type { Database } from '../../db/database';
import type { VisitEventRow, VisitMessageDeliveriesTable } from '../../db/types';

export type DeliveryRow = Selectable<VisitMessageDeliveriesTable>;
export type NewDelivery = Omit<DeliveryRow, 'created_at'>;

/** What the messages need to know about a person. */
export interface Person {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  mobile_number: string | null;
  mobile_verified_at: Date | null;
  enable_email_notifications: boolean;
  enable_sms_notifications: boolean;
  /** IANA zone of the profile, or null */
  timezone: string | null;
}

/** The latest invite a person received for one calendar UID. */
export interface HeldInvite {
  user_id: number;
  method: 'REQUEST' | 'CANCEL';
  start_at: Date | null;
  end_at: Date | null;
}

/** SQL of the visit event processor (docs/decisions/0029-visit-jobs-and-invites.md). */
export function createVisitMessagesRepository(db: Database) {
  return {
    /**
     * Claims up to `limit` unprocessed events for this processor until `leaseUntil`: FOR UPDATE SKIP LOCKED, so
     * several server processes never claim the same event, and committed at once, so sending happens outside any
     * transaction. An event waits while an earlier event of the same visit or request is unprocessed, so each
     * visit's messages (and its invite SEQUENCE) go out in order.
     */
    async claim(now: Date, leaseUntil: Date, limit: number): Promise<VisitEventRow[]> {
      const { rows } = await sql<VisitEventRow>`
        UPDATE visit_events SET locked_until = ${leaseUntil}, attempts = attempts + 1
        WHERE id IN (
          SELECT e.id FROM visit_events e
          WHERE e.processed_at IS NULL
            AND (e.locked_until IS NULL OR e.locked_until <= ${now})
            AND NOT EXISTS (
              SELECT 1 FROM visit_events p
              WHERE p.processed_at IS NULL AND p.id < e.id
                AND ((e.visit_id IS NOT NULL AND p.visit_id = e.visit_id)
                  OR (e.request_id IS NOT NULL AND p.request_id = e.request_id))
            )
          ORDER BY e.id
          LIMIT ${limit}
          FOR UPDATE SKIP LOCKED
        )
        RETURNING *`.execute(db);
      return rows.map((r) => ({ ...r, id: Number(r.id) }));
    },
    async markProcessed(id: number, now: Date): Promise<void> {
      await db.updateTable('visit_events').set({ processed_at: now, locked_until: null, last_error: null }).where('id', '=', id).execute();
    },
    /** A failed try: the error and the time of the next try; `giveUp` closes the event with its error kept. */
    async markFailed(id: number, error: string, retryAt: Date, giveUp: boolean, now: Date): Promise<void> {
      await db
        .updateTable('visit_events')
        .set({ last_error: error.slice(0, 2000), locked_until: giveUp ? null : retryAt, ...(giveUp ? { processed_at: now } : {}) })
        .where('id', '=', id)
        .execute();
    },
    async deliveredKeys(eventId: number): Promise<Set<string>> {
      const rows = await db.selectFrom('visit_message_deliveries').select('key').where('event_id', '=', eventId).execute();
      return new Set(rows.map((r) => r.key));
    },
    /** Records what was sent (one message may hold several invites); a repeated key changes nothing. */
    async recordDeliveries(rows: NewDelivery[]): Promise<void> {
      if (!rows.length) return;
      await db
        .insertInto('visit_message_deliveries')
        .values(rows)
        .onConflict((oc) => oc.columns(['event_id', 'key']).doNothing())
        .execute();
    },
    /** Who holds which invite of a UID: each person's latest one. */
    async heldInvites(uid: string): Promise<HeldInvite[]> {
      const { rows } = await sql<{
        user_id: number;
        invite_method: 'REQUEST' | 'CANCEL';
        invite_start_at: Date | null;
        invite_end_at: Date | null;
      }>`
        SELECT DISTINCT ON (user_id) user_id, invite_method, invite_start_at, invite_end_at
        FROM visit_message_deliveries
        WHERE invite_uid = ${uid} AND user_id IS NOT NULL
        ORDER BY user_id, event_id DESC, created_at DESC`.execute(db);
      return rows.map((r) => ({ user_id: r.user_id, method: r.invite_method, start_at: r.invite_start_at, end_at: r.invite_end_at }));
    },
    /**
     * The SEQUENCE of an event's invites: how many events of the same visit (or request) came before it. It only
     * grows, and a retried event computes the same number.
     */
    async sequenceBefore(event: { id: number }, of: { visit_id: number } | { request_id: number }): Promise<number> {
      let q = db
        .selectFrom('visit_events')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('id', '<', event.id);
      q = 'visit_id' in of ? q.where('visit_id', '=', of.visit_id) : q.where('request_id', '=', of.request_id);
      const row = await q.executeTakeFirstOrThrow();
      return Number(row.n);
    },
    visit: (id: number) =>
      db
        .selectFrom('visits')
        .leftJoin('scenarios', 'scenarios.id', 'visits.scenario_id')
        .leftJoin('requests', 'requests.id', 'visits.request_id')
        .selectAll('visits')
        .select(['scenarios.title as scenario_title', 'requests.timezone as request_timezone'])
        .where('visits.id', '=', id)
        .executeTakeFirst(),
    request: (id: number) =>
      db
        .selectFrom('requests')
        .leftJoin('scenarios', 'scenarios.id', 'requests.scenario_id')
        .select([
          'requests.id',
          'requests.user_id',
          'requests.scenario_id',
          'requests.status',
          'requests.timezone',
          'requests.duration_minutes',
          'scenarios.title as scenario_title',
        ])
        .where('requests.id', '=', id)
        .executeTakeFirst(),
    requestDates: (requestId: number) =>
      db.selectFrom('request_dates').select(['id', 'start_at']).where('request_id', '=', requestId).orderBy('id').execute(),
    observersOf: async (visitId: number) =>
      (await db.selectFrom('visit_observers').select('user_id').where('visit_id', '=', visitId).orderBy('id').execute()).map(
        (r) => r.user_id,
      ),
    /** The SPs attached to a scenario (scenario_users role 2). */
    spsOf: async (scenarioId: string) =>
      (
        await db
          .selectFrom('scenario_users')
          .select('user_id')
          .where('scenario_id', '=', scenarioId)
          .where('role_id', '=', 2)
          .orderBy('user_id')
          .execute()
      ).map((r) => r.user_id),
    async people(ids: number[]): Promise<Map<number, Person>> {
      const unique = [...new Set(ids)];
      if (!unique.length) return new Map();
      const rows = await db
        .selectFrom('users')
        .leftJoin('timezones', 'timezones.id', 'users.timezone_id')
        .select([
          'users.id',
          'users.email',
          'users.first_name',
          'users.last_name',
          'users.mobile_number',
          'users.mobile_verified_at',
          'users.enable_email_notifications',
          'users.enable_sms_notifications',
          'timezones.short_name as timezone',
        ])
        .where('users.id', 'in', unique)
        .where('users.deleted_at', 'is', null)
        .execute();
      return new Map(rows.map((r) => [r.id, r]));
    },
  };
}
export type VisitMessagesRepository = ReturnType<typeof createVisitMessagesRepository>;
