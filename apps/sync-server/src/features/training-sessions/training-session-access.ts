import { isOpenTrainingSession, TRAINING_SESSION_MESSAGES as M, parseId, ROLE } from '@simvisit/schema';
import { forbidden, notFound, unprocessable } from '../../http/errors';
import type { Actor } from '../../platform/actor';
import type { ObjectAccess } from '../users';
import type { ParticipantRow, SessionRow, TrainingSessionsRepository } from './training-sessions.repository';

/** Who the caller is to a session (AUTHZ-03): its trainer, one of its people, or staff of its partner. */
export interface SessionViewer {
  isTrainer: boolean;
  participant: ParticipantRow | undefined;
  /** an admin of the session's partner or a super admin: manages like the trainer (decision 0049) */
  isAdmin: boolean;
  /** a head trainer of the session's partner: sees every session there */
  isHeadTrainer: boolean;
}

export interface LoadedSession {
  row: SessionRow;
  viewer: SessionViewer;
  participants: ParticipantRow[];
}

/** A session id of the address or body: anything else is a session that does not exist. */
export function sessionIdOf(raw: string | number): number {
  const id = parseId(raw);
  if (id === null) throw notFound(M.notFound);
  return id;
}

export const mayView = (v: SessionViewer) => v.isTrainer || v.participant !== undefined || v.isAdmin || v.isHeadTrainer;
export const mayManage = (v: SessionViewer) => v.isTrainer || v.isAdmin;

/**
 * Loading a session for a call and refusing whoever may not make it: 404 for a session of another partner (or
 * none), 403 for one of the caller's partner (audited by users' object access), 403 'only the trainer' for its
 * people and staff who may see but not change it, and 422 for a change of a complete or canceled session.
 */
export function createSessionAccess(d: { repo: TrainingSessionsRepository; objectAccess: ObjectAccess }) {
  async function viewerOf(actor: Actor, row: SessionRow, participants: ParticipantRow[]): Promise<SessionViewer> {
    const roles = actor.user.super_admin ? [] : await d.repo.rolesAt(actor.user.id, row.partner_id);
    return {
      isTrainer: row.trainer_user_id === actor.user.id,
      participant: participants.find((p) => p.id === actor.user.id),
      isAdmin: actor.user.super_admin || roles.includes(ROLE.admin),
      isHeadTrainer: roles.includes(ROLE.head_trainer),
    };
  }

  async function load(actor: Actor, rawId: string | number, attempted: string): Promise<LoadedSession> {
    const row = await d.repo.session(sessionIdOf(rawId));
    if (!row) throw notFound(M.notFound);
    const participants = await d.repo.participants(row.id);
    const viewer = await viewerOf(actor, row, participants);
    if (!mayView(viewer)) {
      await d.objectAccess.refuse(actor, {
        partnerId: row.partner_id,
        type: 'training_session',
        id: row.id,
        attempted,
        forbiddenMessage: M.noAccess,
        notFoundMessage: M.notFound,
      });
    }
    return { row, viewer, participants };
  }

  /** The trainer's (or an admin's) change of an open session. */
  async function loadForChange(actor: Actor, rawId: string | number, attempted: string): Promise<LoadedSession> {
    const loaded = await load(actor, rawId, attempted);
    if (!mayManage(loaded.viewer)) throw forbidden(M.onlyTrainer);
    assertOpen(loaded.row);
    return loaded;
  }

  return { load, loadForChange, viewerOf };
}
export type SessionAccess = ReturnType<typeof createSessionAccess>;

export function assertOpen(row: { is_complete: boolean; is_canceled: boolean }): void {
  if (!isOpenTrainingSession(row)) throw unprocessable(M.notOpen);
}
