import type { Database } from '../../db/database';

export function createApplicationsRepository(db: Database) {
  return {
    /** Applications still open: waiting for the email's confirmation or for recruitment (decision 0047). */
    ofUser: (userId: number) =>
      db
        .selectFrom('applications')
        .selectAll()
        .where('user_id', '=', userId)
        .where('status', 'in', ['unconfirmed', 'pending'])
        .orderBy('created_at', 'desc')
        .execute(),
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
    /** Interview requests still open (not canceled, not expired). */
    openInterviewRequests: (applicationIds: number[]) =>
      applicationIds.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('requests')
            .select(['id', 'application_id'])
            .where('request_type_id', '=', 2)
            .where('application_id', 'in', applicationIds)
            .where('is_canceled', '=', false)
            .where('is_expired', '=', false)
            .where('status', '=', 'pending')
            .orderBy('id')
            .execute(),
    interviews: (applicationIds: number[]) =>
      applicationIds.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('interviews')
            .select(['id', 'application_id', 'is_complete'])
            .where('application_id', 'in', applicationIds)
            .where('is_canceled', '=', false)
            .orderBy('id', 'desc')
            .execute(),
    /** The details an applicant left on the account: experience, time zone, files and weekly availability. */
    applicantOf: async (userId: number) => {
      const [user, availabilities] = await Promise.all([
        db
          .selectFrom('users')
          .leftJoin('timezones', 'timezones.id', 'users.timezone_id')
          .select(['users.experience', 'users.resume_path', 'users.headshot_path', 'timezones.title as timezone'])
          .where('users.id', '=', userId)
          .executeTakeFirst(),
        db
          .selectFrom('availabilities')
          .select(['day', 'start_time', 'end_time'])
          .where('user_id', '=', userId)
          .where('_deleted', '=', false)
          .orderBy('day')
          .orderBy('start_time')
          .execute(),
      ]);
      return { user, availabilities };
    },
    quoteRequestsOf: (userId: number) =>
      db.selectFrom('quote_requests').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').execute(),
    quotesFor: (quoteRequestIds: number[]) =>
      quoteRequestIds.length === 0
        ? Promise.resolve([])
        : db.selectFrom('quotes').selectAll().where('quote_request_id', 'in', quoteRequestIds).orderBy('id').execute(),
  };
}
export type ApplicationsRepository = ReturnType<typeof createApplicationsRepository>;
