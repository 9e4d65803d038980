/** The meeting of a visit (spec 001 §4 'Join sessions'): joining, its recording, and how the SP closes it. */
import {
  closeRefusal,
  completeAction,
  joinRefusal,
  joinRoleOf,
  recordingRefusal,
  VISIT_DETAIL_TEXTS,
  VISIT_MESSAGES,
  VISIT_REFUSALS,
  type VisitRuleFacts,
} from '@simvisit/schema';
import type { VisitRow } from '../../db/types';
import { notFound } from '../../http/errors';
import type { Actor } from '../../platform/actor';
import { clock } from '../../platform/clock';
import type { MeetingEventType } from '../../platform/meetings';
import type { VisitContext } from './visit-context';

export function createVisitMeeting({ repo, audit, meetings, facts, load, check, change, event }: VisitContext) {
  /** Only visits can be joined or closed here until interviews and training sessions exist (404 for those). */
  function visitType(type: string): MeetingEventType {
    if (type !== 'visit') throw notFound(VISIT_REFUSALS.eventUnknown);
    return type;
  }

  return {
    /** The recording link (the people of the visit and its admins); null until there is one. */
    async recording(actor: Actor, id: string | number, now = clock.now()) {
      const loaded = await load(actor, id, 'recording');
      await check(actor, loaded.row, 'recording', recordingRefusal(loaded.viewer));
      const { row } = loaded;
      if (row.start_at.getTime() > now.getTime() || row.is_canceled || row.no_show) return { link: null };
      const link = await meetings.fetchRecording({
        type: 'visit',
        id: row.id,
        meetingId: row.meeting_id,
        startAt: row.start_at,
        endAt: row.end_at,
        recordingUrl: row.recording_url,
      });
      return { link };
    },

    /** POST api/meeting/join/{type}: the join link, inside the caller's window (spec 001 §4). */
    async join(actor: Actor, type: string, id: string | number, now = clock.now()) {
      visitType(type);
      const loaded = await load(actor, id, 'join');
      await check(actor, loaded.row, 'join', joinRefusal(facts(loaded.row, loaded.scenario), loaded.viewer, now));
      let row = loaded.row;
      const meetingEvent = (r: VisitRow) => ({
        type: 'visit' as const,
        id: r.id,
        meetingId: r.meeting_id,
        startAt: r.start_at,
        endAt: r.end_at,
        recordingUrl: r.recording_url,
      });
      let joined = await meetings.createJoinLink(meetingEvent(row));
      if (row.meeting_id === null) {
        // The first joiner stores the meeting id; someone joining at the same moment gets the stored one.
        await repo.setMeetingIdOnce(row.id, joined.meetingId);
        row = (await repo.visit(row.id))!;
        if (row.meeting_id !== joined.meetingId) joined = await meetings.createJoinLink(meetingEvent(row));
      }
      await audit.record({
        action: 'visit.joined',
        actor_user_id: actor.user.id,
        partner_id: actor.partnerId,
        target_type: 'visit',
        target_id: row.id,
        details: { role: joinRoleOf(loaded.viewer), provider: meetings.name },
      });
      return { link: joined.link };
    },

    /**
     * POST api/{type}/complete by the SP after the start: 'feedback' while the SP's feedback form is enabled and
     * not submitted (submitting it completes the visit), else the visit is marked complete.
     */
    async complete(actor: Actor, type: string, id: string | number, now = clock.now()) {
      visitType(type);
      const loaded = await load(actor, id, 'complete');
      const rule = (f: VisitRuleFacts) => closeRefusal(f, loaded.viewer, now);
      await check(actor, loaded.row, 'complete', rule(facts(loaded.row, loaded.scenario)));
      if (completeAction(facts(loaded.row, loaded.scenario)) === 'feedback') return { action: 'feedback' as const, message: '' };
      await change(actor, loaded, 'visit.completed', rule, async (row) => ({
        change: { is_complete: true, completed_at: now },
        event: event('visit.completed', row, actor),
      }));
      return { action: 'complete' as const, message: VISIT_DETAIL_TEXTS.completed };
    },

    /** No show: the SP after the start; also complete (spec 001 §4). */
    async noShow(actor: Actor, id: number, now = clock.now()) {
      const loaded = await load(actor, id, 'no_show');
      const rule = (f: VisitRuleFacts) => closeRefusal(f, loaded.viewer, now);
      await check(actor, loaded.row, 'no_show', rule(facts(loaded.row, loaded.scenario)));
      await change(actor, loaded, 'visit.no_show', rule, async (row) => ({
        change: { no_show: true, is_complete: true, completed_at: now },
        event: event('visit.no_show', row, actor),
      }));
      return { message: VISIT_MESSAGES.noShowMarked };
    },

    /** Learner technical issue: the SP after the start; counts as cancelled (spec 001 §4). */
    async learnerTechIssue(actor: Actor, id: number, now = clock.now()) {
      const loaded = await load(actor, id, 'learner_technical_issue');
      const rule = (f: VisitRuleFacts) => closeRefusal(f, loaded.viewer, now);
      await check(actor, loaded.row, 'learner_technical_issue', rule(facts(loaded.row, loaded.scenario)));
      await change(actor, loaded, 'visit.technical_issue', rule, async (row) => ({
        change: { learner_technical_issue: true, is_canceled: true, canceled_at: now, canceled_by_user_id: actor.user.id },
        event: event('visit.technical_issue', row, actor),
      }));
      return { message: VISIT_DETAIL_TEXTS.techIssueMarked };
    },
  };
}
