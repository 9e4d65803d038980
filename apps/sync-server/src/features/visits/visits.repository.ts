import { ROLE } from '@simvisit/schema';
import { sql, type Transaction } from 'kysely';
import type { Database, Executor } from '../../db/database';
import type { DB, VisitRow } from '../../db/types';
import { approvedRolesAt, isClientAdminOf, timeZoneOf } from '../users';

export interface PersonRow {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  timezone: string | null;
  profession: string | null;
  specialty: string | null;
}

export interface VisitScenarioRow {
  id: string;
  title: string | null;
  patient_name: string | null;
  patient_image: string | null;
  fee: string | null;
  credit_text: string | null;
  session_duration: number | null;
  is_scorecard_enabled: number;
  is_feedback_form_enabled: number;
  is_participant_feedback_enabled: number;
  scorecard_display_type_id: number;
}

export type VisitChange = Partial<
  Pick<
    VisitRow,
    | 'is_confirmed'
    | 'confirmed_at'
    | 'is_canceled'
    | 'canceled_at'
    | 'canceled_by_user_id'
    | 'is_sp_cancellation'
    | 'is_complete'
    | 'completed_at'
    | 'no_show'
    | 'learner_technical_issue'
    | 'sp_user_id'
    | 'start_at'
    | 'end_at'
    | 'meeting_id'
    | 'reschedule_token'
    | 'confirmation_requested_at'
    | 'reminder_sent_at'
  >
>;

/** The only place that reads and writes visits for the visit page and joining (SQL only, no rules). */
export function createVisitsRepository(db: Database) {
  const person = (ex: Executor = db) =>
    ex
      .selectFrom('users')
      .leftJoin('timezones', 'timezones.id', 'users.timezone_id')
      .leftJoin('professions', 'professions.id', 'users.profession_id')
      .leftJoin('specialties', 'specialties.id', 'users.specialty_id')
      .select([
        'users.id',
        'users.first_name',
        'users.last_name',
        'users.email',
        'timezones.short_name as timezone',
        'professions.title as profession',
        'specialties.title as specialty',
      ]);

  return {
    transaction: <T>(fn: (trx: Transaction<DB>) => Promise<T>) => db.transaction().execute(fn),

    /** The visit; `lock` holds the row until the transaction ends, so a check and its change never interleave. */
    async visit(id: number, ex: Executor = db, lock = false): Promise<VisitRow | undefined> {
      let q = ex.selectFrom('visits').selectAll().where('id', '=', id);
      if (lock) q = q.forUpdate();
      return q.executeTakeFirst();
    },

    async update(id: number, change: VisitChange, ex: Executor = db): Promise<void> {
      await ex
        .updateTable('visits')
        .set({ ...change, updated_at: new Date() })
        .where('id', '=', id)
        .execute();
    },

    /** Stores the meeting id unless one is stored already (the first joiner's wins). */
    async setMeetingIdOnce(id: number, meetingId: string): Promise<void> {
      await db.updateTable('visits').set({ meeting_id: meetingId }).where('id', '=', id).where('meeting_id', 'is', null).execute();
    },

    async scenario(id: string, ex: Executor = db): Promise<VisitScenarioRow | undefined> {
      return ex
        .selectFrom('scenarios')
        .select([
          'id',
          'title',
          'patient_name',
          'patient_image',
          sql<string | null>`fee::text`.as('fee'),
          'credit_text',
          sql<number | null>`(doc->>'session_duration')::int`.as('session_duration'),
          'is_scorecard_enabled',
          'is_feedback_form_enabled',
          'is_participant_feedback_enabled',
          'scorecard_display_type_id',
        ])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    fieldValues: (scenarioId: string) =>
      db
        .selectFrom('scenario_field_values')
        .select(['field_id', 'value'])
        .where('scenario_id', '=', scenarioId)
        .where('_deleted', '=', false)
        .execute(),

    person: (id: number, ex: Executor = db): Promise<PersonRow | undefined> => person(ex).where('users.id', '=', id).executeTakeFirst(),

    /** The caller's profile zone (null when none is set). */
    zoneOf: (userId: number) => timeZoneOf(db, userId),

    observers: (visitId: number, ex: Executor = db) =>
      ex
        .selectFrom('visit_observers')
        .innerJoin('users', 'users.id', 'visit_observers.user_id')
        .select([
          'visit_observers.id',
          'visit_observers.user_id',
          'visit_observers.is_complete',
          'users.first_name',
          'users.last_name',
          'users.email',
        ])
        .where('visit_observers.visit_id', '=', visitId)
        .orderBy('visit_observers.id')
        .execute(),

    /** Approved role ids of the user at a partner. */
    rolesAt: (userId: number, partnerId: number) => approvedRolesAt(db, userId, partnerId),

    isClientAdminOf: (userId: number, partnerId: number) => isClientAdminOf(db, userId, partnerId),

    partnerDates: (partnerId: number) =>
      db
        .selectFrom('partners')
        .select([
          sql<string | null>`start_date::text`.as('start_date'),
          sql<string | null>`end_date::text`.as('end_date'),
          sql<string | null>`disabled_start_date::text`.as('disabled_start_date'),
          sql<string | null>`disabled_end_date::text`.as('disabled_end_date'),
        ])
        .where('id', '=', partnerId)
        .executeTakeFirst(),

    /** People with an approved observer role at the partner (the add-observer select). */
    observerCandidates: (partnerId: number, ex: Executor = db) =>
      ex
        .selectFrom('users')
        .innerJoin('user_roles', 'user_roles.user_id', 'users.id')
        .select(['users.id', 'users.first_name', 'users.last_name', 'users.email'])
        .distinct()
        .where('user_roles.partner_id', '=', partnerId)
        .where('user_roles.role_id', '=', ROLE.observer)
        .where('user_roles.is_approved', '=', true)
        .where('users.deleted_at', 'is', null)
        .orderBy('users.last_name')
        .orderBy('users.first_name')
        .orderBy('users.id')
        .execute(),

    /** The SPs attached to the scenario (scenario_users role 2), the transfer select. */
    scenarioSps: (scenarioId: string, ex: Executor = db) =>
      ex
        .selectFrom('scenario_users')
        .innerJoin('users', 'users.id', 'scenario_users.user_id')
        .select(['users.id', 'users.first_name', 'users.last_name', 'users.email'])
        .distinct()
        .where('scenario_users.scenario_id', '=', scenarioId)
        .where('scenario_users.role_id', '=', ROLE.standardized_patient)
        .where('users.deleted_at', 'is', null)
        .orderBy('users.last_name')
        .orderBy('users.first_name')
        .orderBy('users.id')
        .execute(),

    async addObserver(visitId: number, userId: number, ex: Executor): Promise<boolean> {
      const row = await ex
        .insertInto('visit_observers')
        .values({ visit_id: visitId, user_id: userId })
        .onConflict((oc) => oc.columns(['visit_id', 'user_id']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return Boolean(row);
    },

    observerRow: (visitId: number, userId: number, ex: Executor = db) =>
      ex.selectFrom('visit_observers').selectAll().where('visit_id', '=', visitId).where('user_id', '=', userId).executeTakeFirst(),

    /** The pending visit request that replaces a rescheduled visit, with its two dates. */
    async insertRescheduleRequest(
      trx: Transaction<DB>,
      values: {
        user_id: number;
        partner_id: number;
        scenario_id: string;
        timezone: string;
        duration_minutes: number;
        payment_amount_cents: number;
        rescheduled_from_visit_id: number;
      },
      dates: readonly Date[],
    ): Promise<number> {
      const now = new Date();
      const row = await trx
        .insertInto('requests')
        .values({ ...values, request_type_id: 1, status: 'pending', created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('request_dates')
        .values(dates.map((start_at) => ({ request_id: row.id, start_at })))
        .execute();
      return row.id;
    },

    async removeObserver(id: number, ex: Executor): Promise<void> {
      await ex.deleteFrom('visit_observers').where('id', '=', id).execute();
    },
  };
}
export type VisitsRepository = ReturnType<typeof createVisitsRepository>;
