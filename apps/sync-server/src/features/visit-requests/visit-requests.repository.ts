import type { Weekday, WeeklyWindow } from '@simvisit/schema';
import { sql, type Transaction } from 'kysely';
import type { Database, Executor } from '../../db/database';
import type { DB, RequestRow } from '../../db/types';

const SP_ROLE = 2;
const OBSERVER_ROLE = 3;

export interface NewVisitRequest {
  user_id: number;
  partner_id: number;
  scenario_id: string;
  timezone: string;
  duration_minutes: number;
  payment_id: number | null;
  credit_id: number | null;
  payment_amount_cents: number;
  /** it took one of the partner's seats */
  seat_taken: boolean;
}

/** What a PostgreSQL error says about itself (pg and PGlite both carry `code` and `constraint`). */
export function pgError(error: unknown): { code?: string; constraint?: string } {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } } | null;
  return { code: e?.code ?? e?.cause?.code, constraint: e?.constraint ?? e?.cause?.constraint };
}

/** The only place that reads and writes visit requests (requests of type 1) and the visits they become. */
export function createVisitRequestsRepository(db: Database) {
  return {
    transaction: <T>(fn: (trx: Transaction<DB>) => Promise<T>) => db.transaction().execute(fn),

    /** The bookable facts of a scenario: its fee as exact text and the session length from its document. */
    async scenarioBooking(scenarioId: string, ex: Executor = db) {
      return ex
        .selectFrom('scenarios')
        .select([
          'id',
          'status',
          'title',
          'patient_name',
          'patient_image',
          sql<string | null>`fee::text`.as('fee'),
          sql<string | null>`doc->>'session_duration'`.as('session_duration'),
          sql<string | null>`doc->>'summary'`.as('summary'),
        ])
        .where('id', '=', scenarioId)
        .where('_deleted', '=', false)
        .executeTakeFirst();
    },

    partnerDates: (partnerId: number) =>
      db
        .selectFrom('partners')
        .select(['start_date', 'end_date', 'disabled_start_date', 'disabled_end_date'])
        .where('id', '=', partnerId)
        .executeTakeFirst(),

    /** The SPs attached to the scenario (scenario_users role 2) whose accounts are live. */
    async spIds(scenarioId: string, ex: Executor = db): Promise<number[]> {
      const rows = await ex
        .selectFrom('scenario_users')
        .innerJoin('users', 'users.id', 'scenario_users.user_id')
        .select('scenario_users.user_id')
        .distinct()
        .where('scenario_users.scenario_id', '=', scenarioId)
        .where('scenario_users.role_id', '=', SP_ROLE)
        .where('users.deleted_at', 'is', null)
        .execute();
      return rows.map((r) => r.user_id);
    },

    async isSpOf(scenarioId: string, userId: number, ex: Executor = db): Promise<boolean> {
      return Boolean(
        await ex
          .selectFrom('scenario_users')
          .select('id')
          .where('scenario_id', '=', scenarioId)
          .where('user_id', '=', userId)
          .where('role_id', '=', SP_ROLE)
          .executeTakeFirst(),
      );
    },

    async observerIds(scenarioId: string, ex: Executor): Promise<number[]> {
      const rows = await ex
        .selectFrom('scenario_users')
        .select('user_id')
        .distinct()
        .where('scenario_id', '=', scenarioId)
        .where('role_id', '=', OBSERVER_ROLE)
        .execute();
      return rows.map((r) => r.user_id);
    },

    /** The live weekly windows of the users, by user. */
    async windowsOf(userIds: readonly number[]): Promise<Map<number, WeeklyWindow[]>> {
      const byUser = new Map<number, WeeklyWindow[]>();
      if (userIds.length === 0) return byUser;
      const rows = await db
        .selectFrom('availabilities')
        .select(['user_id', 'day', 'start_time', 'end_time', 'timezone'])
        .where('user_id', 'in', [...userIds])
        .where('_deleted', '=', false)
        .execute();
      for (const r of rows) {
        const list = byUser.get(r.user_id) ?? [];
        list.push({ day: r.day as Weekday, start_time: r.start_time.slice(0, 5), end_time: r.end_time.slice(0, 5), timezone: r.timezone });
        byUser.set(r.user_id, list);
      }
      return byUser;
    },

    /**
     * The SPs' commitments overlapping [from, to), by SP: their visits, interviews and training sessions that are
     * not cancelled (the commitments the database keeps, decision 0050), so no slot is offered over any of them.
     */
    async busyOf(userIds: readonly number[], from: Date, to: Date): Promise<Map<number, { start: Date; end: Date }[]>> {
      const byUser = new Map<number, { start: Date; end: Date }[]>();
      if (userIds.length === 0) return byUser;
      const rows = await db
        .selectFrom('commitments')
        .select(['user_id', sql<Date>`lower(period)`.as('start_at'), sql<Date>`upper(period)`.as('end_at')])
        .where('user_id', 'in', [...userIds])
        .where(sql<boolean>`period && tstzrange(${from}, ${to})`)
        .execute();
      for (const r of rows) {
        const list = byUser.get(r.user_id) ?? [];
        list.push({ start: new Date(r.start_at), end: new Date(r.end_at) });
        byUser.set(r.user_id, list);
      }
      return byUser;
    },

    byId: (id: number, ex: Executor = db) => ex.selectFrom('requests').selectAll().where('id', '=', id).executeTakeFirst(),

    datesOf: (requestId: number, ex: Executor = db) =>
      ex
        .selectFrom('request_dates')
        .select(['id', 'start_at'])
        .where('request_id', '=', requestId)
        .orderBy('start_at')
        .orderBy('id')
        .execute(),

    /** The learner's pending visit request for the scenario. */
    openRequest: (userId: number, scenarioId: string, ex: Executor = db) =>
      ex
        .selectFrom('requests')
        .selectAll()
        .where('user_id', '=', userId)
        .where('scenario_id', '=', scenarioId)
        .where('request_type_id', '=', 1)
        .where('status', '=', 'pending')
        .executeTakeFirst(),

    /** The learner's visit of the scenario that is still ahead or running (not cancelled, not complete). */
    openVisit: (userId: number, scenarioId: string, since: Date, ex: Executor = db) =>
      ex
        .selectFrom('visits')
        .select(['id', 'start_at'])
        .where('learner_user_id', '=', userId)
        .where('scenario_id', '=', scenarioId)
        .where('is_canceled', '=', false)
        .where('is_complete', '=', false)
        .where('no_show', '=', false)
        .where('learner_technical_issue', '=', false)
        .where('start_at', '>', since)
        .orderBy('start_at')
        .executeTakeFirst(),

    visitOfRequest: (requestId: number, ex: Executor = db) =>
      ex.selectFrom('visits').select(['id']).where('request_id', '=', requestId).executeTakeFirst(),

    /** A succeeded payment of the learner for the scenario that no request used yet (locked for the transaction). */
    unusedPayment: (userId: number, scenarioId: string, ex: Executor = db) =>
      ex
        .selectFrom('payments')
        .select(['id', 'amount_cents'])
        .where('user_id', '=', userId)
        .where('scenario_id', '=', scenarioId)
        .where('status', '=', 'succeeded')
        .where('visit_request_id', 'is', null)
        .orderBy('id')
        .forUpdate()
        .executeTakeFirst(),

    paymentById: (paymentId: number, ex: Executor) =>
      ex
        .selectFrom('payments')
        .select(['id', 'user_id', 'scenario_id', 'status', 'amount_cents', 'visit_request_id'])
        .where('id', '=', paymentId)
        .executeTakeFirst(),

    async insertRequest(trx: Transaction<DB>, values: NewVisitRequest, dates: readonly Date[]): Promise<RequestRow> {
      const now = new Date();
      const row = await trx
        .insertInto('requests')
        .values({ ...values, request_type_id: 1, status: 'pending', created_at: now, updated_at: now })
        .returningAll()
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('request_dates')
        .values(dates.map((start_at) => ({ request_id: row.id, start_at })))
        .execute();
      return row;
    },

    /** Takes one of the partner's seats atomically (LOAD-04); false when none is left. */
    async takeSeat(trx: Transaction<DB>, partnerId: number): Promise<boolean> {
      const row = await trx
        .updateTable('partners')
        .set((eb) => ({ used_seats: eb('used_seats', '+', 1) }))
        .where('id', '=', partnerId)
        .whereRef('used_seats', '<', 'seats')
        .returning('id')
        .executeTakeFirst();
      return Boolean(row);
    },

    async replaceDates(trx: Transaction<DB>, requestId: number, dates: readonly Date[], timezone: string): Promise<void> {
      await trx.deleteFrom('request_dates').where('request_id', '=', requestId).execute();
      await trx
        .insertInto('request_dates')
        .values(dates.map((start_at) => ({ request_id: requestId, start_at })))
        .execute();
      await trx.updateTable('requests').set({ timezone, updated_at: new Date() }).where('id', '=', requestId).execute();
    },

    /** The pending request locked for the rest of the transaction, or undefined when it is not pending. */
    lockPending: (trx: Transaction<DB>, requestId: number) =>
      trx.selectFrom('requests').selectAll().where('id', '=', requestId).where('status', '=', 'pending').forUpdate().executeTakeFirst(),

    /**
     * Compare-and-swap from pending to another status (LOAD-01, LOAD-05): only one of several concurrent changes
     * finds the request pending; the others get undefined.
     */
    swapFromPending: (
      trx: Transaction<DB>,
      requestId: number,
      status: 'accepted' | 'canceled' | 'expired',
      extra: { canceled_by_user_id?: number | null } = {},
    ) => {
      const now = new Date();
      return trx
        .updateTable('requests')
        .set({
          status,
          updated_at: now,
          ...(status === 'canceled' ? { is_canceled: true, canceled_at: now, canceled_by_user_id: extra.canceled_by_user_id ?? null } : {}),
          ...(status === 'expired' ? { is_expired: true } : {}),
        })
        .where('id', '=', requestId)
        .where('status', '=', 'pending')
        .returningAll()
        .executeTakeFirst()
        .then(async (row) => {
          // A request cancelled or expired before any SP accepted it gives its seat back (LOAD-04).
          if (row?.seat_taken && status !== 'accepted') {
            await trx
              .updateTable('partners')
              .set((eb) => ({ used_seats: eb('used_seats', '-', 1) }))
              .where('id', '=', row.partner_id)
              .where('used_seats', '>', 0)
              .execute();
          }
          return row;
        });
    },

    insertVisit: (
      trx: Transaction<DB>,
      values: {
        request_id: number;
        request_date_id: number;
        scenario_id: string;
        partner_id: number;
        learner_user_id: number;
        sp_user_id: number;
        start_at: Date;
        end_at: Date;
        payment_amount_cents: number;
      },
    ) => trx.insertInto('visits').values(values).returning(['id']).executeTakeFirstOrThrow(),

    async addObservers(trx: Transaction<DB>, visitId: number, userIds: readonly number[]): Promise<void> {
      if (userIds.length === 0) return;
      await trx
        .insertInto('visit_observers')
        .values(userIds.map((user_id) => ({ visit_id: visitId, user_id })))
        .onConflict((oc) => oc.columns(['visit_id', 'user_id']).doNothing())
        .execute();
    },

    /** Pending visit requests none of whose dates an SP could still accept (`acceptableFrom` = now + lead). */
    async dueForExpiry(acceptableFrom: Date): Promise<number[]> {
      const rows = await db
        .selectFrom('requests as r')
        .select('r.id')
        .where('r.request_type_id', '=', 1)
        .where('r.status', '=', 'pending')
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('request_dates as d')
                .select('d.id')
                .whereRef('d.request_id', '=', 'r.id')
                .where('d.start_at', '>=', acceptableFrom),
            ),
          ),
        )
        .orderBy('r.id')
        .execute();
      return rows.map((r) => r.id);
    },

    /** The approved roles of a user at a partner, and whether they administer it as a client admin. */
    async rolesAt(userId: number, partnerId: number): Promise<{ roles: Set<number>; clientAdmin: boolean }> {
      const [roles, cap] = await Promise.all([
        db
          .selectFrom('user_roles')
          .select('role_id')
          .where('user_id', '=', userId)
          .where('partner_id', '=', partnerId)
          .where('is_approved', '=', true)
          .execute(),
        db
          .selectFrom('client_admin_partners')
          .select('partner_id')
          .where('user_id', '=', userId)
          .where('partner_id', '=', partnerId)
          .executeTakeFirst(),
      ]);
      return { roles: new Set(roles.map((r) => r.role_id)), clientAdmin: Boolean(cap) };
    },

    person: (userId: number) =>
      db
        .selectFrom('users')
        .leftJoin('professions', 'professions.id', 'users.profession_id')
        .select(['users.id', 'users.first_name', 'users.last_name', 'users.email', 'professions.title as profession'])
        .where('users.id', '=', userId)
        .executeTakeFirst(),

    fieldValues: (scenarioId: string) =>
      db
        .selectFrom('scenario_field_values')
        .select(['field_id', 'value'])
        .where('scenario_id', '=', scenarioId)
        .where('_deleted', '=', false)
        .orderBy('field_id')
        .execute(),

    /** The learner's latest visit and pending request per scenario (the playlist entries' progress). */
    async progressOf(userId: number, scenarioIds: readonly string[]) {
      if (scenarioIds.length === 0) return { visits: [], requests: [] };
      const [visits, requests] = await Promise.all([
        db
          .selectFrom('visits')
          .select(['id', 'scenario_id', 'start_at', 'is_canceled', 'is_complete', 'no_show', 'learner_technical_issue'])
          .where('learner_user_id', '=', userId)
          .where('scenario_id', 'in', [...scenarioIds])
          .orderBy('start_at', 'desc')
          .orderBy('id', 'desc')
          .execute(),
        db
          .selectFrom('requests')
          .select(['id', 'scenario_id'])
          .where('user_id', '=', userId)
          .where('request_type_id', '=', 1)
          .where('status', '=', 'pending')
          .where('scenario_id', 'in', [...scenarioIds])
          .execute(),
      ]);
      return { visits, requests };
    },
  };
}
export type VisitRequestsRepository = ReturnType<typeof createVisitRequestsRepository>;
