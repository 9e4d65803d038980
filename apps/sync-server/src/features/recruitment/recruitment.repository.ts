import type { Database, Executor } from '../../db/database';
import type { InterviewRow, RequestRow } from '../../db/types';
import { createApplicationsRepository } from '../applications';
import { approvedRolesAt, timeZoneOf } from '../users';

/** A role an approval grants: the role at its partner, with its pay rate (null: no rate). */
export interface Grant {
  role_id: number;
  partner_id: number;
  pay_rate: number | null;
}

/** What a new interview request records: who proposes, for which application, in which time zone. */
export interface NewInterviewRequest {
  trainerUserId: number;
  partnerId: number;
  applicantUserId: number;
  applicationId: number;
  parentRequestId: number | null;
  timezone: string;
}

/** The only place with SQL of recruitment and interviews (applications, interview requests, interviews). */
export function createRecruitmentRepository(db: Database) {
  const person = (ex: Executor, ids: number[]) =>
    ids.length === 0
      ? Promise.resolve([])
      : ex
          .selectFrom('users')
          .select(['id', 'first_name', 'last_name', 'email', 'image', 'experience'])
          .where('id', 'in', [...new Set(ids)])
          .execute();

  return {
    people: (ids: number[]) => person(db, ids),
    user: (id: number) => db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst(),
    timezoneTitle: async (id: number | null) =>
      id === null ? null : ((await db.selectFrom('timezones').select('title').where('id', '=', id).executeTakeFirst())?.title ?? null),
    availabilities: (userId: number) =>
      db
        .selectFrom('availabilities')
        .select(['id', 'day', 'start_time', 'end_time'])
        .where('user_id', '=', userId)
        .where('_deleted', '=', false)
        .orderBy('day')
        .orderBy('start_time')
        .execute(),
    grants: (userId: number) =>
      db.selectFrom('user_roles').select(['role_id', 'partner_id']).where('user_id', '=', userId).where('is_approved', '=', true).execute(),

    /** Pending applications at a partner, newest first. */
    pendingAt: (partnerId: number) =>
      db
        .selectFrom('applications')
        .selectAll()
        .where('partner_id', '=', partnerId)
        .where('status', '=', 'pending')
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute(),
    /** A user's pending applications, those at `preferPartnerId` first, then the newest. */
    pendingOf: async (userId: number, preferPartnerId: number | null) => {
      const rows = await db
        .selectFrom('applications')
        .selectAll()
        .where('user_id', '=', userId)
        .where('status', '=', 'pending')
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.find((r) => r.partner_id === preferPartnerId) ?? rows[0];
    },
    application: (id: number) => db.selectFrom('applications').selectAll().where('id', '=', id).executeTakeFirst(),
    /** The roles each application asks for: the applicant dashboard's own query (features/applications). */
    rolesOf: createApplicationsRepository(db).rolesOf,

    interviewRequest: (id: number) =>
      db.selectFrom('requests').selectAll().where('id', '=', id).where('request_type_id', '=', 2).executeTakeFirst(),
    interviewRequestsOf: (applicationId: number) =>
      db
        .selectFrom('requests')
        .selectAll()
        .where('request_type_id', '=', 2)
        .where('application_id', '=', applicationId)
        .orderBy('id', 'desc')
        .execute(),
    datesOf: (requestIds: number[]) =>
      requestIds.length === 0
        ? Promise.resolve([])
        : db.selectFrom('request_dates').selectAll().where('request_id', 'in', requestIds).orderBy('start_at').orderBy('id').execute(),

    interview: (id: number) => db.selectFrom('interviews').selectAll().where('id', '=', id).executeTakeFirst(),
    interviewsOf: (applicationId: number) =>
      db.selectFrom('interviews').selectAll().where('application_id', '=', applicationId).orderBy('id', 'desc').execute(),
    /** A partner's interviews (through their applications), newest first. */
    interviewsAt: (partnerId: number) =>
      db
        .selectFrom('interviews')
        .innerJoin('applications', 'applications.id', 'interviews.application_id')
        .selectAll('interviews')
        .where('applications.partner_id', '=', partnerId)
        .where('interviews.is_canceled', '=', false)
        .orderBy('interviews.start_at', 'desc')
        .execute(),
    openRequestsAt: (partnerId: number) =>
      db
        .selectFrom('requests')
        .selectAll()
        .where('request_type_id', '=', 2)
        .where('partner_id', '=', partnerId)
        .where('status', '=', 'pending')
        .where('is_canceled', '=', false)
        .orderBy('created_at', 'desc')
        .execute(),
    setMeetingIdOnce: (id: number, meetingId: string) =>
      db.updateTable('interviews').set({ meeting_id: meetingId }).where('id', '=', id).where('meeting_id', 'is', null).execute(),

    /** Approved role ids of a user at a partner. */
    rolesAt: (userId: number, partnerId: number | null) => approvedRolesAt(db, userId, partnerId),
    /** The user's profile time zone (an IANA name), or null when none is set. */
    timeZoneOf: (userId: number) => timeZoneOf(db, userId),

    /**
     * Approves a pending application and grants its roles (approved, with their rates) in one transaction;
     * false when the application was no longer pending (nothing changed).
     */
    approveApplication: (applicationId: number, userId: number, grants: Grant[], now: Date) =>
      db.transaction().execute(async (trx) => {
        const updated = await trx
          .updateTable('applications')
          .set({ status: 'approved', updated_at: now })
          .where('id', '=', applicationId)
          .where('status', '=', 'pending')
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) !== 1) return false;
        for (const g of grants) {
          await trx
            .insertInto('user_roles')
            .values({
              user_id: userId,
              role_id: g.role_id,
              partner_id: g.partner_id,
              is_approved: true,
              pay_rate: g.pay_rate,
              created_at: now,
              updated_at: now,
            })
            .onConflict((oc) =>
              oc.columns(['user_id', 'role_id', 'partner_id']).doUpdateSet({ is_approved: true, pay_rate: g.pay_rate, updated_at: now }),
            )
            .execute();
        }
        return true;
      }),
    /** Rejects a pending application with its internal note; false when it was no longer pending. */
    rejectApplication: async (applicationId: number, note: string | null, now: Date) => {
      const updated = await db
        .updateTable('applications')
        .set({ status: 'rejected', note, updated_at: now })
        .where('id', '=', applicationId)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return Number(updated.numUpdatedRows) === 1;
    },

    /** A pending interview request and its proposed dates, in one transaction. */
    createInterviewRequest: (r: NewInterviewRequest, starts: Date[], now: Date): Promise<RequestRow> =>
      db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('requests')
          .values({
            request_type_id: 2,
            user_id: r.trainerUserId,
            partner_id: r.partnerId,
            applicant_user_id: r.applicantUserId,
            application_id: r.applicationId,
            trainer_user_id: r.trainerUserId,
            parent_request_id: r.parentRequestId,
            status: 'pending',
            timezone: r.timezone,
            created_at: now,
            updated_at: now,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('request_dates')
          .values(starts.map((start_at) => ({ request_id: row.id, start_at })))
          .execute();
        return row;
      }),
    /**
     * Accepts a pending, not cancelled interview request and schedules its interview at `startAt`, in one
     * transaction; null when the request was no longer open (nothing changed).
     */
    acceptInterviewRequest: (request: RequestRow, startAt: Date, now: Date): Promise<InterviewRow | null> =>
      db.transaction().execute(async (trx) => {
        const taken = await trx
          .updateTable('requests')
          .set({ status: 'accepted', updated_at: now })
          .where('id', '=', request.id)
          .where('status', '=', 'pending')
          .where('is_canceled', '=', false)
          .executeTakeFirst();
        if (Number(taken.numUpdatedRows) !== 1) return null;
        return trx
          .insertInto('interviews')
          .values({
            application_id: request.application_id,
            request_id: request.id,
            applicant_user_id: request.applicant_user_id!,
            trainer_user_id: request.trainer_user_id ?? request.user_id,
            start_at: startAt,
            created_at: now,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
      }),
    /** The applicant rejected the dates of a pending request. */
    rejectInterviewRequest: async (requestId: number, now: Date) => {
      await db
        .updateTable('requests')
        .set({ status: 'rejected', updated_at: now })
        .where('id', '=', requestId)
        .where('status', '=', 'pending')
        .execute();
    },
    cancelInterviewRequest: async (requestId: number, byUserId: number, now: Date) => {
      await db
        .updateTable('requests')
        .set({ status: 'canceled', is_canceled: true, canceled_at: now, canceled_by_user_id: byUserId, updated_at: now })
        .where('id', '=', requestId)
        .execute();
    },

    /** Open interview requests none of whose proposed dates is still ahead (the expiry rule, decision 0060). */
    dueForExpiry: (now: Date, limit: number) =>
      db
        .selectFrom('requests')
        .select('id')
        .where('request_type_id', '=', 2)
        .where('status', '=', 'pending')
        .where('is_canceled', '=', false)
        .where('is_expired', '=', false)
        .where(({ not, exists, selectFrom }) =>
          not(exists(selectFrom('request_dates').select('id').whereRef('request_id', '=', 'requests.id').where('start_at', '>', now))),
        )
        .orderBy('id')
        .limit(limit)
        .execute()
        .then((rows) => rows.map((r) => r.id)),
    /** Expires one still open interview request (compare and swap); the row, or nothing when it was no longer open. */
    expireInterviewRequest: (requestId: number, now: Date) =>
      db
        .updateTable('requests')
        .set({ status: 'expired', is_expired: true, updated_at: now })
        .where('id', '=', requestId)
        .where('request_type_id', '=', 2)
        .where('status', '=', 'pending')
        .where('is_canceled', '=', false)
        .returningAll()
        .executeTakeFirst(),

    /** Cancels an interview that is neither cancelled nor complete; false when it no longer was open. */
    cancelInterview: async (interviewId: number, byUserId: number, now: Date) => {
      const done = await db
        .updateTable('interviews')
        .set({ is_canceled: true, canceled_at: now, canceled_by_user_id: byUserId })
        .where('id', '=', interviewId)
        .where('is_canceled', '=', false)
        .where('is_complete', '=', false)
        .executeTakeFirst();
      return Number(done.numUpdatedRows) === 1;
    },
    /** Marks an interview that is not cancelled complete. */
    completeInterview: async (interviewId: number, now: Date) => {
      await db
        .updateTable('interviews')
        .set({ is_complete: true, completed_at: now })
        .where('id', '=', interviewId)
        .where('is_canceled', '=', false)
        .execute();
    },
  };
}
export type RecruitmentRepository = ReturnType<typeof createRecruitmentRepository>;
