import { INTERVIEW_MINUTES, interviewStatus, joinWindow, RECRUITMENT_MESSAGES as M, ROLE } from '@simvisit/schema';
import type { InterviewRow } from '../../db/types';
import { conflict, forbidden, notFound } from '../../http/errors';
import type { Actor } from '../../platform/actor';
import { clock } from '../../platform/clock';
import type { MeetingProvider } from '../../platform/meetings';
import type { RecruitmentDeps } from './recruitment.service';
import { personOf, trainerOf } from './recruitment-view';

const MINUTE = 60_000;

/**
 * Interviews (spec 001 §2 'Interview page', §4): who sees one (its trainer, its applicant, applicant.view at its
 * partner), cancelling while not complete, completion by its trainer after the start, joining inside the window
 * of 'Join sessions', and the head trainer's lists (spec 000 §2.12).
 */
export function createInterviews(deps: RecruitmentDeps & { meetings: MeetingProvider }) {
  const { repo, access, audit, messages, meetings } = deps;

  async function load(actor: Actor, id: number, attempted: string) {
    const interview = await repo.interview(id);
    const application = interview?.application_id ? await repo.application(interview.application_id) : undefined;
    if (!interview || !application) throw notFound(M.notFound);
    const isTrainer = interview.trainer_user_id === actor.user.id;
    const isApplicant = interview.applicant_user_id === actor.user.id;
    await access.require(
      actor,
      { partnerId: application.partner_id, type: 'interview', id: interview.id, attempted, notFoundMessage: M.notFound },
      isTrainer || isApplicant,
    );
    return { interview, partnerId: application.partner_id, isTrainer, isApplicant };
  }

  const isOpen = (i: InterviewRow) => !i.is_canceled && !i.is_complete;
  const record = (actor: Actor, action: string, partnerId: number, i: InterviewRow, details: Record<string, unknown> = {}) =>
    audit.record({ action, actor_user_id: actor.user.id, partner_id: partnerId, target_type: 'interview', target_id: i.id, details });

  async function listItems(
    rows: { id: number; kind: 'interview' | 'request'; applicant: number; trainer: number; at: Date | null; status: string }[],
  ) {
    const people = await repo.people(rows.flatMap((r) => [r.applicant, r.trainer]));
    const of = (id: number) => personOf(people.find((p) => p.id === id)!);
    return rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      applicant_user_id: r.applicant,
      applicant: of(r.applicant),
      trainer: of(r.trainer),
      local_time: r.at ? r.at.toISOString() : null,
      status: r.status,
    }));
  }

  return {
    async show(actor: Actor, id: number) {
      const { interview, isTrainer, isApplicant } = await load(actor, id, 'view');
      const people = await repo.people([interview.applicant_user_id, interview.trainer_user_id]);
      const applicant = people.find((p) => p.id === interview.applicant_user_id)!;
      const trainer = people.find((p) => p.id === interview.trainer_user_id)!;
      return {
        interview: {
          id: interview.id,
          local_time: interview.start_at.toISOString(),
          end_time: new Date(interview.start_at.getTime() + INTERVIEW_MINUTES * MINUTE).toISOString(),
          applicant_user_id: interview.applicant_user_id,
          applicant: personOf(applicant),
          trainer: trainerOf(trainer),
          trainer_user_id: interview.trainer_user_id,
          is_complete: interview.is_complete,
          is_canceled: interview.is_canceled,
          viewer: { is_trainer: isTrainer, is_applicant: isApplicant, can_cancel: isOpen(interview) },
        },
      };
    },

    /** Cancels a scheduled interview that is not complete; both people get the calendar cancellation. */
    async cancel(actor: Actor, id: number) {
      const { interview, partnerId } = await load(actor, id, 'cancel');
      if (!isOpen(interview)) throw conflict(M.interviewClosed);
      const now = clock.now();
      if (!(await repo.cancelInterview(interview.id, actor.user.id, now))) throw conflict(M.interviewClosed);
      await record(actor, 'interview.canceled', partnerId, interview);
      const invite = { method: 'CANCEL' as const, interview, sequence: 1 };
      for (const userId of [interview.trainer_user_id, interview.applicant_user_id]) {
        const person = (await repo.user(userId))!;
        await messages.tell(
          person,
          {
            subject: 'Interview cancelled',
            text: (when) => `The interview at ${when(interview.start_at)} has been cancelled.`,
            path: '/dashboard',
          },
          invite,
        );
      }
      return { message: M.interviewCanceled };
    },

    /** POST api/interview/complete: its trainer, after the start (spec 001 §4). */
    async complete(actor: Actor, id: number) {
      const { interview, partnerId, isTrainer } = await load(actor, id, 'complete');
      if (!isTrainer) throw forbidden();
      if (!isOpen(interview)) throw conflict(M.interviewClosed);
      const now = clock.now();
      if (now.getTime() < interview.start_at.getTime()) throw conflict(M.notStarted);
      await repo.completeInterview(interview.id, now);
      await record(actor, 'interview.completed', partnerId, interview);
      return { action: 'complete' as const, message: M.interviewCompleted };
    },

    /** POST api/meeting/join/interview: its trainer and applicant, inside the join window. */
    async join(actor: Actor, id: number) {
      const { interview, partnerId, isTrainer, isApplicant } = await load(actor, id, 'join');
      if (!isTrainer && !isApplicant) throw forbidden();
      if (!isOpen(interview)) throw conflict(M.interviewClosed);
      if (joinWindow(interview.start_at, clock.now(), false).phase !== 'open') throw conflict(M.notOpen);
      const event = (row: InterviewRow) => ({
        type: 'interview' as const,
        id: row.id,
        meetingId: row.meeting_id,
        startAt: row.start_at,
        endAt: new Date(row.start_at.getTime() + INTERVIEW_MINUTES * MINUTE),
        recordingUrl: null,
      });
      let joined = await meetings.createJoinLink(event(interview));
      if (interview.meeting_id === null) {
        // The first joiner stores the meeting id; whoever joins at the same moment gets the stored one.
        await repo.setMeetingIdOnce(interview.id, joined.meetingId);
        const row = (await repo.interview(interview.id))!;
        if (row.meeting_id !== joined.meetingId) joined = await meetings.createJoinLink(event(row));
      }
      await record(actor, 'interview.joined', partnerId, interview, { role: isTrainer ? 'trainer' : 'applicant' });
      return { link: joined.link };
    },

    /** The head trainer's interviews at the current partner: scheduled, pending (open requests) and completed. */
    async forHeadTrainer(actor: Actor) {
      const partnerId = actor.partnerId;
      if (partnerId === null) throw forbidden();
      // Only head trainers see interviews (spec 001 §4); other holders of applicant.view get empty lists.
      if (!actor.user.super_admin && !(await repo.rolesAt(actor.user.id, partnerId)).includes(ROLE.head_trainer)) {
        return { scheduled: [], pending: [], completed: [] };
      }
      const [interviews, requests] = await Promise.all([repo.interviewsAt(partnerId), repo.openRequestsAt(partnerId)]);
      const dates = await repo.datesOf(requests.map((r) => r.id));
      const interviewRows = (complete: boolean) =>
        interviews
          .filter((i) => i.is_complete === complete)
          .map((i) => ({
            id: i.id,
            kind: 'interview' as const,
            applicant: i.applicant_user_id,
            trainer: i.trainer_user_id,
            at: i.start_at,
            status: interviewStatus(i),
          }));
      return {
        scheduled: await listItems(interviewRows(false)),
        pending: await listItems(
          requests.map((r) => ({
            id: r.id,
            kind: 'request' as const,
            applicant: r.applicant_user_id!,
            trainer: r.trainer_user_id ?? r.user_id,
            at: dates.find((d) => d.request_id === r.id)?.start_at ?? null,
            status: 'Pending',
          })),
        ),
        completed: await listItems(interviewRows(true)),
      };
    },
  };
}
export type Interviews = ReturnType<typeof createInterviews>;
