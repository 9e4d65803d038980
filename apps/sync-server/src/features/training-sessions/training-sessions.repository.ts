import { isOpenTrainingSession } from '@simvisit/schema';
import { sql } from 'kysely';
import type { Database, Executor } from '../../db/database';
import { insertAuditEntry } from '../../platform/audit';
import { approvedRolesAt, timeZoneOf } from '../users';

/** What scheduling a session stores. */
export interface NewSession {
  partner_id: number;
  trainer_user_id: number;
  training_session_type_id: number;
  scenario_id: string | null;
  start_at: Date;
  is_sim: boolean;
  job_number: string | null;
}

/** A participant added to a session, with the role they join as. */
export interface NewParticipant {
  user_id: number;
  role_id: number;
}

/** An audit entry written with a change (platform/audit's shape). */
export type SessionAuditEntry = Parameters<typeof insertAuditEntry>[1];

/** A session with what its page, its rules and its invites need. */
export interface SessionRow {
  id: number;
  partner_id: number;
  partner_slug: string;
  trainer_user_id: number;
  training_session_type_id: number;
  scenario_id: string | null;
  start_at: Date;
  is_sim: boolean;
  job_number: string | null;
  is_complete: boolean;
  is_canceled: boolean;
  meeting_id: string | null;
  recording_url: string | null;
  invite_sequence: number;
}

export interface PersonRow {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  image: string | null;
}

export interface ParticipantRow extends PersonRow {
  training_user_id: number;
  role_id: number;
}

/** A session on a dashboard list. */
export interface SessionListRow {
  id: number;
  start_at: Date;
  training_session_type_id: number;
  scenario_id: string | null;
  title: string | null;
  patient_name: string | null;
  trainer_first: string;
  trainer_last: string;
  trainer_email: string;
  partner_id: number;
  partner_slug: string;
  job_number: string | null;
  is_complete: boolean;
  is_canceled: boolean;
  trainer_user_id: number;
  participants: number;
}

/** Whose sessions a list holds: a trainer's, a participant's, or every session of some partners (null: all). */
export type SessionListScope =
  | { kind: 'trainer'; userId: number }
  | { kind: 'participant'; userId: number }
  /** the trainer or a participant: the user detail's Training Sessions (spec 000 §2.14) */
  | { kind: 'person'; userId: number }
  | { kind: 'partners'; partnerIds: number[] | null };
/** 'any': every state, newest first (the user detail) */
export type SessionListGroup = 'scheduled' | 'completed' | 'canceled' | 'any';

/** The roles a session's participants hold at its partner (SPs and observers; decision 0049). */
const PARTICIPANT_ROLES = [2, 3];

const sessionColumns = [
  'training_sessions.id',
  'training_sessions.partner_id',
  'partners.slug as partner_slug',
  'training_sessions.trainer_user_id',
  'training_sessions.training_session_type_id',
  'training_sessions.scenario_id',
  'training_sessions.start_at',
  'training_sessions.is_sim',
  'training_sessions.job_number',
  'training_sessions.is_complete',
  'training_sessions.is_canceled',
  'training_sessions.meeting_id',
  'training_sessions.recording_url',
  'training_sessions.invite_sequence',
] as const;

export function createTrainingSessionsRepository(db: Database) {
  async function session(ex: Executor, id: number, lock = false): Promise<SessionRow | undefined> {
    let q = ex
      .selectFrom('training_sessions')
      .innerJoin('partners', 'partners.id', 'training_sessions.partner_id')
      .select(sessionColumns)
      .where('training_sessions.id', '=', id);
    if (lock) q = q.forUpdate('training_sessions');
    return (await q.executeTakeFirst()) as SessionRow | undefined;
  }

  async function updateSession(
    ex: Executor,
    id: number,
    change: Partial<{
      start_at: Date;
      job_number: string | null;
      is_complete: boolean;
      completed_at: Date;
      is_canceled: boolean;
      canceled_at: Date;
      canceled_by_user_id: number;
      meeting_id: string;
    }>,
    bumpInvites = false,
  ) {
    await ex
      .updateTable('training_sessions')
      .set({ ...change, updated_at: new Date(), ...(bumpInvites ? { invite_sequence: sql<number>`invite_sequence + 1` } : {}) })
      .where('id', '=', id)
      .execute();
  }

  async function insertSession(ex: Executor, v: NewSession): Promise<number> {
    const row = await ex.insertInto('training_sessions').values(v).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  async function insertParticipants(ex: Executor, sessionId: number, users: NewParticipant[]) {
    if (!users.length) return;
    await ex
      .insertInto('training_session_users')
      .values(users.map((u) => ({ training_session_id: sessionId, ...u })))
      .execute();
  }

  /** The sessions of a scope and group, on the sessions alone (what `count` reads). */
  function scopedSessions(ex: Executor, scope: SessionListScope, group: SessionListGroup) {
    let q = ex.selectFrom('training_sessions as ts');
    const takesPart = (userId: number) =>
      sql<boolean>`EXISTS (SELECT 1 FROM training_session_users tu WHERE tu.training_session_id = ts.id AND tu.user_id = ${userId})`;
    if (scope.kind === 'trainer') q = q.where('ts.trainer_user_id', '=', scope.userId);
    else if (scope.kind === 'participant') q = q.where(takesPart(scope.userId));
    else if (scope.kind === 'person') q = q.where((eb) => eb.or([eb('ts.trainer_user_id', '=', scope.userId), takesPart(scope.userId)]));
    else if (scope.partnerIds !== null)
      q = scope.partnerIds.length ? q.where('ts.partner_id', 'in', scope.partnerIds) : q.where(sql<boolean>`false`);
    if (group === 'canceled') q = q.where('ts.is_canceled', '=', true);
    else if (group !== 'any') q = q.where('ts.is_canceled', '=', false).where('ts.is_complete', '=', group === 'completed');
    return q;
  }

  /** The same sessions with their trainer, partner and scenario (every session has a trainer and a partner). */
  function listQuery(ex: Executor, scope: SessionListScope, group: SessionListGroup) {
    return scopedSessions(ex, scope, group)
      .innerJoin('users as t', 't.id', 'ts.trainer_user_id')
      .innerJoin('partners as p', 'p.id', 'ts.partner_id')
      .leftJoin('scenarios as s', 's.id', 'ts.scenario_id');
  }

  return {
    session: (id: number, ex: Executor = db) => session(ex, id),

    async scenario(id: string) {
      return db
        .selectFrom('scenarios')
        .select(['id', 'title', 'patient_name', 'patient_image', '_deleted'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    async person(id: number, ex: Executor = db): Promise<PersonRow | undefined> {
      return ex.selectFrom('users').select(['id', 'first_name', 'last_name', 'email', 'image']).where('id', '=', id).executeTakeFirst();
    },

    async participants(sessionId: number, ex: Executor = db): Promise<ParticipantRow[]> {
      return ex
        .selectFrom('training_session_users as tu')
        .innerJoin('users as u', 'u.id', 'tu.user_id')
        .select(['tu.id as training_user_id', 'tu.role_id', 'u.id', 'u.first_name', 'u.last_name', 'u.email', 'u.image'])
        .where('tu.training_session_id', '=', sessionId)
        .orderBy('u.last_name')
        .orderBy('u.first_name')
        .orderBy('tu.id')
        .execute();
    },

    async participantRow(trainingUserId: number) {
      return db
        .selectFrom('training_session_users')
        .select(['id', 'training_session_id', 'user_id', 'role_id'])
        .where('id', '=', trainingUserId)
        .executeTakeFirst();
    },

    /** Approved SPs and observers at a partner, with the role they join as (SP first), minus some users. */
    async availableUsers(partnerId: number, excluded: number[], ex: Executor = db) {
      let q = ex
        .selectFrom('user_roles as r')
        .innerJoin('users as u', 'u.id', 'r.user_id')
        .select(['u.id', 'u.first_name', 'u.last_name', 'u.email', sql<number>`min(r.role_id)`.as('role_id')])
        .where('r.partner_id', '=', partnerId)
        .where('r.is_approved', '=', true)
        .where('r.role_id', 'in', PARTICIPANT_ROLES)
        .groupBy(['u.id', 'u.first_name', 'u.last_name', 'u.email'])
        .orderBy('u.last_name')
        .orderBy('u.first_name')
        .orderBy('u.id');
      if (excluded.length) q = q.where('u.id', 'not in', excluded);
      return q.execute();
    },

    /** Scenarios a trainer may train on at a partner: approved or published, not deleted (decision 0049). */
    async scenarioChoices(partnerId: number) {
      return db
        .selectFrom('scenarios as s')
        .select(['s.id', 's.title', 's.patient_name'])
        .where('s._deleted', '=', false)
        .where('s.status', 'in', [4, 5])
        .where((eb) =>
          eb.or([
            eb(sql.lit(partnerId), 'in', [1, 28]),
            eb.exists(
              eb
                .selectFrom('scenario_partners as sp')
                .select('sp.id')
                .whereRef('sp.scenario_id', '=', 's.id')
                .where('sp.partner_id', '=', partnerId),
            ),
          ]),
        )
        .orderBy('s.title')
        .execute();
    },

    insertParticipants,

    async deleteParticipant(ex: Executor, trainingUserId: number) {
      await ex.deleteFrom('training_session_users').where('id', '=', trainingUserId).execute();
    },

    updateSession,

    /** Approved role ids of a user at a partner. */
    rolesAt: (userId: number, partnerId: number) => approvedRolesAt(db, userId, partnerId),
    /** The user's profile time zone (an IANA name), or null when none is set. */
    timeZoneOf: (userId: number) => timeZoneOf(db, userId),
    /** Writes an audit entry of something that changed nothing else (joining a session). */
    audit: (entry: SessionAuditEntry) => insertAuditEntry(db, entry),

    /**
     * One change of an open session in one transaction: the row locked, `write` run on it (it may refuse by
     * throwing, which changes nothing) and the audit entry it returns written with the change; 'missing' when the
     * session is gone, 'closed' when it is no longer open (nothing changed then), else 'changed'.
     */
    changeOpenSession: (id: number, write: (tx: Executor, row: SessionRow) => Promise<SessionAuditEntry>) =>
      db.transaction().execute(async (tx): Promise<'missing' | 'closed' | 'changed'> => {
        const locked = await session(tx, id, true);
        if (!locked) return 'missing';
        if (!isOpenTrainingSession(locked)) return 'closed';
        await insertAuditEntry(tx, await write(tx, locked));
        return 'changed';
      }),

    /**
     * A new session with its participants (`pick` chooses them inside the transaction, and may refuse by
     * throwing) and its audit entry, in one transaction; the new session's id.
     */
    scheduleSession: (
      v: NewSession,
      pick: (tx: Executor) => Promise<NewParticipant[]>,
      entryOf: (sessionId: number, users: NewParticipant[]) => SessionAuditEntry,
    ) =>
      db.transaction().execute(async (tx) => {
        const users = await pick(tx);
        const sessionId = await insertSession(tx, v);
        await insertParticipants(tx, sessionId, users);
        await insertAuditEntry(tx, entryOf(sessionId, users));
        return sessionId;
      }),

    /**
     * Marks a session complete with its audit entry, in one transaction on the locked row: 'missing' when the
     * session is gone, 'closed' when it is no longer open (nothing changed then), else 'completed'.
     */
    completeSession: (id: number, now: Date, entry: SessionAuditEntry) =>
      db.transaction().execute(async (tx): Promise<'missing' | 'closed' | 'completed'> => {
        const locked = await session(tx, id, true);
        if (!locked) return 'missing';
        if (!isOpenTrainingSession(locked)) return 'closed';
        await updateSession(tx, id, { is_complete: true, completed_at: now });
        await insertAuditEntry(tx, entry);
        return 'completed';
      }),

    async setMeetingIdOnce(id: number, meetingId: string) {
      await db
        .updateTable('training_sessions')
        .set({ meeting_id: meetingId })
        .where('id', '=', id)
        .where('meeting_id', 'is', null)
        .execute();
    },

    async list(scope: SessionListScope, group: SessionListGroup, offset: number, limit: number): Promise<SessionListRow[]> {
      return (await listQuery(db, scope, group)
        .select([
          'ts.id',
          'ts.start_at',
          'ts.training_session_type_id',
          'ts.scenario_id',
          's.title',
          's.patient_name',
          't.first_name as trainer_first',
          't.last_name as trainer_last',
          't.email as trainer_email',
          'ts.partner_id',
          'p.slug as partner_slug',
          'ts.job_number',
          'ts.is_complete',
          'ts.is_canceled',
          'ts.trainer_user_id',
          (eb) =>
            eb
              .selectFrom('training_session_users as c')
              .select(sql<number>`count(*)::int`.as('n'))
              .whereRef('c.training_session_id', '=', 'ts.id')
              .as('participants'),
        ])
        .orderBy('ts.start_at', group === 'scheduled' ? 'asc' : 'desc')
        .orderBy('ts.id', group === 'scheduled' ? 'asc' : 'desc')
        .offset(offset)
        .limit(limit)
        .execute()) as SessionListRow[];
    },

    async count(scope: SessionListScope, group: SessionListGroup): Promise<number> {
      // Without the joins: they never drop a session (the trainer and the partner are required references).
      const row = await scopedSessions(db, scope, group).select(sql<number>`count(*)::int`.as('n')).executeTakeFirst();
      return Number(row?.n ?? 0);
    },
  };
}
export type TrainingSessionsRepository = ReturnType<typeof createTrainingSessionsRepository>;
