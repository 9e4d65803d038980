import { countdownText, TRAINING_SESSION_MESSAGES as M, ROLE, trainingEndAt, trainingJoinWindow } from '@simvisit/schema';
import { forbidden, notFound, unprocessable } from '../../http/errors';
import type { Actor } from '../../platform/actor';
import { clock } from '../../platform/clock';
import type { MeetingProvider } from '../../platform/meetings';
import { assertOpen, type SessionAccess, type SessionViewer } from './training-session-access';
import type { SessionRow, TrainingSessionsRepository } from './training-sessions.repository';

/** The session types api/meeting/join/{type} names a training session by. */
export const TRAINING_MEETING_TYPES: readonly string[] = ['training_session', 'training'];

const joinAsOf = (v: SessionViewer) =>
  v.isTrainer
    ? ('trainer' as const)
    : v.participant
      ? v.participant.role_id === ROLE.standardized_patient
        ? ('sp' as const)
        : ('participant' as const)
      : null;

const meetingEvent = (r: SessionRow) => ({
  type: 'training' as const,
  id: r.id,
  meetingId: r.meeting_id,
  startAt: r.start_at,
  endAt: trainingEndAt(r.start_at, r.training_session_type_id),
  recordingUrl: r.recording_url,
});

/**
 * Joining a training session, closing it and its recording (spec 001 §4 'Join sessions', §7): the trainer and
 * the participants join from 20 minutes before the start (SPs 10 minutes earlier) until 90 minutes after it; the
 * trainer marks it complete after the start; once complete anyone who sees the page may fetch the recording.
 */
export function createTrainingMeeting(d: { repo: TrainingSessionsRepository; access: SessionAccess; meetings: MeetingProvider }) {
  return {
    /** POST api/meeting/join/training_session {id} */
    async join(actor: Actor, rawId: string | number, now = clock.now()) {
      const { row: loaded, viewer } = await d.access.load(actor, rawId, 'join');
      const joinAs = joinAsOf(viewer);
      if (!joinAs) throw forbidden(M.joinNotAllowed);
      assertOpen(loaded);
      const w = trainingJoinWindow(loaded.start_at, now, joinAs);
      if (w.phase === 'closed') throw unprocessable(M.joinClosed);
      if (w.phase !== 'open') throw unprocessable(M.joinNotYet, { id: [countdownText('training session', w.opensAt, now)] });
      let row = loaded;
      let joined = await d.meetings.createJoinLink(meetingEvent(row));
      if (row.meeting_id === null) {
        // The first joiner stores the meeting id; someone joining at the same moment gets the stored one.
        await d.repo.setMeetingIdOnce(row.id, joined.meetingId);
        row = (await d.repo.session(row.id))!;
        if (row.meeting_id !== joined.meetingId) joined = await d.meetings.createJoinLink(meetingEvent(row));
      }
      await d.repo.audit({
        action: 'training_session.joined',
        actor_user_id: actor.user.id,
        partner_id: row.partner_id,
        target_type: 'training_session',
        target_id: row.id,
        details: { role: joinAs, provider: d.meetings.name },
      });
      return { link: joined.link };
    },

    /** POST api/training_session/complete {id}: the session's trainer, after the start. */
    async complete(actor: Actor, rawId: string | number, now = clock.now()) {
      const { row, viewer } = await d.access.load(actor, rawId, 'complete');
      if (!viewer.isTrainer) throw forbidden(M.onlyTrainer);
      assertOpen(row);
      if (now.getTime() < row.start_at.getTime()) throw unprocessable(M.notStarted);
      const outcome = await d.repo.completeSession(row.id, now, {
        action: 'training_session.completed',
        actor_user_id: actor.user.id,
        partner_id: row.partner_id,
        target_type: 'training_session',
        target_id: row.id,
      });
      if (outcome === 'missing') throw notFound(M.notFound);
      // Completed or canceled since it was loaded: refused as assertOpen refuses it.
      if (outcome === 'closed') throw unprocessable(M.notOpen);
      return { action: 'complete' as const, message: M.completed };
    },

    /** POST api/training-session/recording {training_session_id}: null when no link was generated. */
    async recording(actor: Actor, rawId: string | number) {
      const { row } = await d.access.load(actor, rawId, 'recording');
      if (!row.is_complete || row.is_canceled) throw unprocessable(M.recordingNotComplete);
      return { link: await d.meetings.fetchRecording(meetingEvent(row)) };
    },
  };
}
