import type { Database, Executor } from '../../db/database';

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
    db,
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
    rolesOf: (applicationIds: number[]) =>
      applicationIds.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('application_roles')
            .innerJoin('roles', 'roles.id', 'application_roles.role_id')
            .select(['application_roles.application_id', 'roles.id', 'roles.name'])
            .where('application_roles.application_id', 'in', applicationIds)
            .orderBy('roles.id')
            .execute(),

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
  };
}
export type RecruitmentRepository = ReturnType<typeof createRecruitmentRepository>;
