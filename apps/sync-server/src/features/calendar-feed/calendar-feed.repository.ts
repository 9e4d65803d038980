import { sql } from 'kysely';
import type { Database } from '../../db/database';

/** One entry of a person's feed, with only what that person may see of it. */
export interface FeedItemRow {
  kind: 'visit' | 'interview' | 'training_session';
  id: number;
  /** the person's part in it: sp, learner, observer, trainer, applicant or participant */
  role: string;
  title: string | null;
  start_at: Date;
  end_at: Date;
  is_canceled: boolean;
  type_id: number | null;
}

/** A feed holds at most this many entries of each kind (the newest first), so one answer stays small. */
const MAX_PER_KIND = 500;

/** The only place that reads and writes calendar feeds and what they list. */
export function createCalendarFeedRepository(db: Database) {
  return {
    byUser: (userId: number) => db.selectFrom('calendar_feeds').selectAll().where('user_id', '=', userId).executeTakeFirst(),

    userOfHash: async (tokenHash: string) =>
      (await db.selectFrom('calendar_feeds').select('user_id').where('token_hash', '=', tokenHash).executeTakeFirst())?.user_id ?? null,

    /** One feed per person: a new token replaces the old one (whose address then answers 404). */
    put: (userId: number, tokenHash: string, at: Date) =>
      db
        .insertInto('calendar_feeds')
        .values({ user_id: userId, token_hash: tokenHash, created_at: at })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ token_hash: tokenHash, created_at: at }))
        .returning('created_at')
        .executeTakeFirstOrThrow(),

    remove: async (userId: number) =>
      (await db.deleteFrom('calendar_feeds').where('user_id', '=', userId).executeTakeFirst()).numDeletedRows > 0n,

    /**
     * The person's visits (as SP, learner or observer), interviews (as trainer or applicant) and training
     * sessions (as trainer or participant) starting from `from`; cancelled ones only from `canceledFrom`.
     */
    async items(userId: number, from: Date, canceledFrom: Date): Promise<FeedItemRow[]> {
      const since = sql<boolean>`(NOT is_canceled AND start_at >= ${from}) OR (is_canceled AND start_at >= ${canceledFrom})`;
      const visits = db
        .selectFrom('visits as v')
        .leftJoin('scenarios as s', 's.id', 'v.scenario_id')
        .select([
          sql<'visit'>`'visit'`.as('kind'),
          'v.id',
          sql<string>`CASE WHEN v.sp_user_id = ${userId} THEN 'sp' WHEN v.learner_user_id = ${userId} THEN 'learner' ELSE 'observer' END`.as(
            'role',
          ),
          's.title',
          'v.start_at',
          'v.end_at',
          sql<boolean>`v.is_canceled`.as('is_canceled'),
          sql<number | null>`NULL::integer`.as('type_id'),
        ])
        .where((eb) =>
          eb.or([
            eb('v.sp_user_id', '=', userId),
            eb('v.learner_user_id', '=', userId),
            eb.exists(
              eb.selectFrom('visit_observers as o').select('o.id').whereRef('o.visit_id', '=', 'v.id').where('o.user_id', '=', userId),
            ),
          ]),
        )
        .where(sql<boolean>`(NOT v.is_canceled AND v.start_at >= ${from}) OR (v.is_canceled AND v.start_at >= ${canceledFrom})`)
        .orderBy('v.start_at', 'desc')
        .limit(MAX_PER_KIND)
        .execute();
      const interviews = db
        .selectFrom('interviews')
        .select([
          sql<'interview'>`'interview'`.as('kind'),
          'id',
          sql<string>`CASE WHEN trainer_user_id = ${userId} THEN 'trainer' ELSE 'applicant' END`.as('role'),
          sql<string | null>`NULL::text`.as('title'),
          'start_at',
          sql<Date>`start_at + interval '1 hour'`.as('end_at'),
          'is_canceled',
          sql<number | null>`NULL::integer`.as('type_id'),
        ])
        .where((eb) => eb.or([eb('trainer_user_id', '=', userId), eb('applicant_user_id', '=', userId)]))
        .where(since)
        .orderBy('start_at', 'desc')
        .limit(MAX_PER_KIND)
        .execute();
      const sessions = db
        .selectFrom('training_sessions as t')
        .leftJoin('scenarios as s', 's.id', 't.scenario_id')
        .select([
          sql<'training_session'>`'training_session'`.as('kind'),
          't.id',
          sql<string>`CASE WHEN t.trainer_user_id = ${userId} THEN 'trainer' ELSE 'participant' END`.as('role'),
          's.title',
          't.start_at',
          sql<Date>`t.start_at + make_interval(mins => training_session_minutes(t.training_session_type_id))`.as('end_at'),
          sql<boolean>`t.is_canceled`.as('is_canceled'),
          't.training_session_type_id as type_id',
        ])
        .where((eb) =>
          eb.or([
            eb('t.trainer_user_id', '=', userId),
            eb.exists(
              eb
                .selectFrom('training_session_users as u')
                .select('u.id')
                .whereRef('u.training_session_id', '=', 't.id')
                .where('u.user_id', '=', userId),
            ),
          ]),
        )
        .where(sql<boolean>`(NOT t.is_canceled AND t.start_at >= ${from}) OR (t.is_canceled AND t.start_at >= ${canceledFrom})`)
        .orderBy('t.start_at', 'desc')
        .limit(MAX_PER_KIND)
        .execute();
      const all = (await Promise.all([visits, interviews, sessions])).flat() as FeedItemRow[];
      return all.sort((a, b) => new Date(a.start_at).getTime() - new Date(b.start_at).getTime());
    },
  };
}
export type CalendarFeedRepository = ReturnType<typeof createCalendarFeedRepository>;
