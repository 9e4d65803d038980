import {
  type AvailableUser,
  fullName,
  isOpenTrainingSession,
  TRAINING_SESSION_MESSAGES as M,
  ROLE,
  type ScheduleOptions,
  slotToInstant,
  type TrainingSession,
  type TrainingSessionResponse,
  trainingSessionType,
} from '@simvisit/schema';
import type { Config } from '../../config';
import type { Executor } from '../../db/database';
import { fieldError, forbidden, notFound, unprocessable } from '../../http/errors';
import type { Actor } from '../../platform/actor';
import { clock } from '../../platform/clock';
import type { MailService } from '../../platform/mail';
import type { MeetingProvider } from '../../platform/meetings';
import type { ObjectAccess } from '../users';
import { createSessionAccess, type LoadedSession, mayManage } from './training-session-access';
import { createTrainingInvites, type InviteKind } from './training-session-invites';
import { createTrainingMeeting } from './training-session-meeting';
import type { ParticipantRow, PersonRow, SessionRow, TrainingSessionsRepository } from './training-sessions.repository';

export interface TrainingSessionsDeps {
  repo: TrainingSessionsRepository;
  objectAccess: ObjectAccess;
  mail: MailService;
  meetings: MeetingProvider;
  config: Pick<Config, 'appUrl' | 'productName' | 'mailFrom'>;
}

const personOf = (p: PersonRow) => ({ first_name: p.first_name, last_name: p.last_name, email: p.email, image: p.image });

/**
 * Training sessions (spec 001 §2, §4, §5, §7, §8; decision 0049): scheduling by holders of
 * training_session.schedule, the page, and the trainer's changes of an open session. Each change runs in one
 * transaction on the locked row (a refused write, e.g. an overlap the database refuses, changes nothing), is
 * audited in it, and sends its calendar invites after the commit.
 */
export function createTrainingSessionsService(d: TrainingSessionsDeps) {
  const { repo } = d;
  const access = createSessionAccess({ repo, objectAccess: d.objectAccess });
  const invites = createTrainingInvites({ mail: d.mail, config: d.config });

  async function instantOf(actor: Actor, date: string, timezone: string | undefined, now: Date): Promise<Date> {
    const zone = timezone ?? (await repo.timeZoneOf(actor.user.id)) ?? 'UTC';
    const at = slotToInstant(date, zone);
    if (!at) throw fieldError('date', M.dateInvalid);
    if (at.getTime() <= now.getTime()) throw fieldError('date', M.datePast);
    return at;
  }

  async function availableAt(partnerId: number, excluded: number[], ex?: Executor): Promise<AvailableUser[]> {
    const rows = await repo.availableUsers(partnerId, excluded, ex);
    return rows.map((r) => ({ id: r.id, name: fullName(r), email: r.email, role_id: Number(r.role_id) }));
  }

  /** The users asked for, each available at the partner: else 422 under the field. */
  async function pickUsers(ex: Executor, partnerId: number, ids: number[], excluded: number[], field: string) {
    const available = new Map((await availableAt(partnerId, excluded, ex)).map((u) => [u.id, u]));
    const unique = [...new Set(ids)];
    if (unique.some((id) => !available.has(id))) throw fieldError(field, M.userUnavailable);
    return unique.map((id) => ({ user_id: id, role_id: available.get(id)!.role_id }));
  }

  async function sendInvites(kind: InviteKind, sessionId: number, userIds: number[]) {
    const row = await repo.session(sessionId);
    if (!row || userIds.length === 0) return;
    const scenario = row.scenario_id ? await repo.scenario(row.scenario_id) : undefined;
    const people = [];
    for (const id of [...new Set(userIds)]) {
      const p = await repo.person(id);
      if (p) people.push({ ...p, zone: (await repo.timeZoneOf(id)) ?? 'UTC' });
    }
    await invites.send(kind, row, scenario?.title ?? null, people);
  }

  const everyone = (row: SessionRow, participants: ParticipantRow[]) => [row.trainer_user_id, ...participants.map((p) => p.id)];

  /** One change of an open session: locked, checked again, written and audited together. */
  async function change(
    actor: Actor,
    loaded: LoadedSession,
    action: string,
    write: (tx: Executor, row: SessionRow) => Promise<Record<string, unknown> | undefined>,
  ) {
    const outcome = await repo.changeOpenSession(loaded.row.id, async (tx, row) => {
      const details = await write(tx, row);
      return {
        action,
        actor_user_id: actor.user.id,
        partner_id: row.partner_id,
        target_type: 'training_session',
        target_id: row.id,
        details: details ?? null,
      };
    });
    if (outcome === 'missing') throw notFound(M.notFound);
    // Completed or canceled since it was loaded: refused as assertOpen refuses it.
    if (outcome === 'closed') throw unprocessable(M.notOpen);
  }

  async function detail(loaded: LoadedSession, now: Date): Promise<TrainingSession> {
    const { row, viewer, participants } = loaded;
    const trainer = await repo.person(row.trainer_user_id);
    const scenario = row.scenario_id ? await repo.scenario(row.scenario_id) : undefined;
    const type = trainingSessionType(row.training_session_type_id);
    const open = isOpenTrainingSession(row);
    const joinAs = viewer.isTrainer
      ? ('trainer' as const)
      : viewer.participant
        ? viewer.participant.role_id === ROLE.standardized_patient
          ? ('sp' as const)
          : ('participant' as const)
        : null;
    return {
      id: row.id,
      date: row.start_at.toISOString(),
      local_time: row.start_at.toISOString(),
      type,
      training_session_type_id: row.training_session_type_id,
      duration_hours: type.hours,
      scenario_id: row.scenario_id ? Number(row.scenario_id) : null,
      scenario:
        scenario && !scenario._deleted
          ? { id: Number(scenario.id), title: scenario.title, patient_name: scenario.patient_name, patient_image: scenario.patient_image }
          : null,
      trainer_user_id: row.trainer_user_id,
      trainer: { id: row.trainer_user_id, ...(trainer ? personOf(trainer) : { first_name: '', last_name: '', email: '', image: null }) },
      partner_id: row.partner_id,
      sp_users: participants.map((p) => ({ id: p.training_user_id, user_id: p.id, role_id: p.role_id, user: personOf(p) })),
      is_sim: row.is_sim,
      job_number: row.job_number,
      is_complete: row.is_complete,
      is_canceled: row.is_canceled,
      abilities: {
        manage: open && mayManage(viewer),
        join_as: open ? joinAs : null,
        complete: open && viewer.isTrainer && now.getTime() >= row.start_at.getTime(),
      },
    };
  }

  return {
    access,

    /** POST api/training-session/{id} */
    async show(actor: Actor, rawId: string | number, now = clock.now()): Promise<TrainingSessionResponse> {
      const loaded = await access.load(actor, rawId, 'view');
      const manages = isOpenTrainingSession(loaded.row) && mayManage(loaded.viewer);
      const excluded = everyone(loaded.row, loaded.participants);
      return {
        training_session: await detail(loaded, now),
        available_users: manages ? await availableAt(loaded.row.partner_id, excluded) : [],
      };
    },

    /** GET api/training-session/schedule-options */
    async scheduleOptions(actor: Actor): Promise<ScheduleOptions> {
      if (actor.partnerId === null) throw forbidden();
      const scenarios = await repo.scenarioChoices(actor.partnerId);
      return {
        available_users: await availableAt(actor.partnerId, [actor.user.id]),
        scenarios: scenarios.map((s) => ({ id: Number(s.id), title: s.title, patient_name: s.patient_name })),
      };
    },

    /** POST api/training-session/schedule: the caller is the trainer, at their current partner. */
    async schedule(
      actor: Actor,
      b: {
        date: string;
        type: number;
        users: number[];
        scenario: number | null;
        is_sim: boolean;
        job_number: string | null;
        timezone?: string;
      },
      now = clock.now(),
    ) {
      const partnerId = actor.partnerId;
      if (partnerId === null) throw forbidden();
      const start = await instantOf(actor, b.date, b.timezone, now);
      if (b.scenario !== null) {
        const choices = await repo.scenarioChoices(partnerId);
        if (!choices.some((s) => Number(s.id) === b.scenario)) throw fieldError('scenario', M.scenarioUnavailable);
      }
      const id = await repo.scheduleSession(
        {
          partner_id: partnerId,
          trainer_user_id: actor.user.id,
          training_session_type_id: b.type,
          scenario_id: b.scenario === null ? null : String(b.scenario),
          start_at: start,
          is_sim: b.is_sim,
          job_number: b.job_number,
        },
        (tx) => pickUsers(tx, partnerId, b.users, [actor.user.id], 'users'),
        (sessionId, users) => ({
          action: 'training_session.scheduled',
          actor_user_id: actor.user.id,
          partner_id: partnerId,
          target_type: 'training_session',
          target_id: sessionId,
          details: { type: b.type, users: users.map((u) => u.user_id), scenario_id: b.scenario },
        }),
      );
      await sendInvites('scheduled', id, [actor.user.id, ...b.users]);
      return { message: M.scheduled, id };
    },

    /** POST api/training-session/add-users */
    async addUsers(actor: Actor, b: { training_session_id: number; users: number[] }) {
      const loaded = await access.loadForChange(actor, b.training_session_id, 'add_users');
      let added: number[] = [];
      await change(actor, loaded, 'training_session.users_added', async (tx, row) => {
        const present = (await repo.participants(row.id, tx)).map((p) => p.id);
        if (b.users.some((u) => present.includes(u))) throw fieldError('users', M.userAlreadyAdded);
        const users = await pickUsers(tx, row.partner_id, b.users, [row.trainer_user_id], 'users');
        await repo.insertParticipants(tx, row.id, users);
        added = users.map((u) => u.user_id);
        return { users: added };
      });
      await sendInvites('added', loaded.row.id, added);
      return { message: M.userAdded };
    },

    /** POST api/training-session/remove-user {training_user_id} */
    async removeUser(actor: Actor, trainingUserId: number) {
      const place = await repo.participantRow(trainingUserId);
      if (!place) throw notFound(M.userNotInSession);
      const loaded = await access.loadForChange(actor, place.training_session_id, 'remove_user');
      await change(actor, loaded, 'training_session.user_removed', async (tx) => {
        await repo.deleteParticipant(tx, trainingUserId);
        return { user_id: place.user_id };
      });
      await sendInvites('removed', loaded.row.id, [place.user_id]);
      return { message: M.userRemoved };
    },

    /** POST api/training-session/cancel */
    async cancel(actor: Actor, sessionId: number, now = clock.now()) {
      const loaded = await access.loadForChange(actor, sessionId, 'cancel');
      await change(actor, loaded, 'training_session.canceled', async (tx, row) => {
        await repo.updateSession(tx, row.id, { is_canceled: true, canceled_at: now, canceled_by_user_id: actor.user.id }, true);
        return undefined;
      });
      await sendInvites('canceled', loaded.row.id, everyone(loaded.row, loaded.participants));
      return { message: M.canceled };
    },

    /** POST api/training-session/reschedule {training_session_id, date} */
    async reschedule(actor: Actor, b: { training_session_id: number; date: string; timezone?: string }, now = clock.now()) {
      const loaded = await access.loadForChange(actor, b.training_session_id, 'reschedule');
      const start = await instantOf(actor, b.date, b.timezone, now);
      await change(actor, loaded, 'training_session.rescheduled', async (tx, row) => {
        await repo.updateSession(tx, row.id, { start_at: start }, true);
        return { from: row.start_at.toISOString(), to: start.toISOString() };
      });
      await sendInvites('rescheduled', loaded.row.id, everyone(loaded.row, loaded.participants));
      return { message: M.rescheduled };
    },

    /** POST api/training-session/{id}/update-job-number {job_number}: null clears it. */
    async updateJobNumber(actor: Actor, rawId: string | number, jobNumber: string | null) {
      const loaded = await access.loadForChange(actor, rawId, 'update_job_number');
      await change(actor, loaded, 'training_session.job_number_updated', async (tx, row) => {
        await repo.updateSession(tx, row.id, { job_number: jobNumber });
        return { from: row.job_number, to: jobNumber };
      });
      return { message: M.jobNumberSaved, job_number: jobNumber };
    },

    ...createTrainingMeeting({ repo, access, meetings: d.meetings }),
  };
}
export type TrainingSessionsService = ReturnType<typeof createTrainingSessionsService>;
