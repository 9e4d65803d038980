import { type CreateInterviewRequest, fullName, RECRUITMENT_MESSAGES as M, slotToInstant } from '@simvisit/schema';
import type { RequestRow } from '../../db/types';
import { conflict, fieldError, forbidden, notFound, unprocessable } from '../../http/errors';
import type { Actor } from '../../platform/actor';
import { clock } from '../../platform/clock';
import type { RecruitmentDeps } from './recruitment.service';
import { personOf } from './recruitment-view';

/** Requests one run of the expiry rule handles; the next run takes the rest. */
const EXPIRY_BATCH = 200;

const EXPIRED_TO_APPLICANT = {
  subject: 'Interview dates expired',
  text: () => 'The proposed interview dates have passed without an answer. New dates will be sent to you.',
  path: '/dashboard',
};

/**
 * Interview requests (spec 001 §2 'Request page', §4 'Recruitment and interview'): a holder of applicant.view
 * proposes two dates; the applicant accepts one (the interview is scheduled) or rejects them (a new set will be
 * sent, with parent_request_id); an open request can be cancelled, and a new one needs the old one cancelled.
 */
export function createInterviewRequests({ repo, access, audit, messages }: RecruitmentDeps) {
  const isOpen = (r: RequestRow) => r.status === 'pending' && !r.is_canceled && !r.is_expired;

  async function load(actor: Actor, requestId: number, attempted: string, applicantMayAct: boolean) {
    const request = await repo.interviewRequest(requestId);
    if (!request || request.applicant_user_id === null) throw notFound(M.requestNotFound);
    const isApplicant = request.applicant_user_id === actor.user.id;
    await access.require(
      actor,
      { partnerId: request.partner_id, type: 'interview_request', id: request.id, attempted, notFoundMessage: M.requestNotFound },
      applicantMayAct && isApplicant,
    );
    return { request, isApplicant };
  }

  const record = (actor: Actor, action: string, r: RequestRow, details: Record<string, unknown> = {}) =>
    audit.record({
      action,
      actor_user_id: actor.user.id,
      partner_id: r.partner_id,
      target_type: 'interview_request',
      target_id: r.id,
      details,
    });

  async function summaries(applicationId: number) {
    const open = (await repo.interviewRequestsOf(applicationId)).filter(isOpen);
    const [dates, trainers] = await Promise.all([
      repo.datesOf(open.map((r) => r.id)),
      repo.people(open.map((r) => r.trainer_user_id ?? r.user_id)),
    ]);
    return open.map((r) => ({
      id: r.id,
      status: r.status,
      trainer: personOf(trainers.find((t) => t.id === (r.trainer_user_id ?? r.user_id))!),
      dates: dates.filter((d) => d.request_id === r.id).map((d) => ({ id: d.id, local_time: d.start_at.toISOString() })),
    }));
  }

  return {
    async create(actor: Actor, req: CreateInterviewRequest) {
      const application = await repo.pendingOf(req.applicant_user_id, actor.partnerId);
      if (!application) throw fieldError('applicant_user_id', M.noApplication);
      await access.require(actor, {
        partnerId: application.partner_id,
        type: 'application',
        id: application.id,
        attempted: 'request_interview',
        notFoundMessage: M.noApplication,
      });
      const now = clock.now();
      const errors: Record<string, string[]> = {};
      const starts: Date[] = [];
      for (const key of ['interview_date_one', 'interview_date_two'] as const) {
        const at = slotToInstant(req[key], req.timezone);
        if (!at) errors[key] = [M.dateFormat];
        else if (at.getTime() <= now.getTime()) errors[key] = [M.pastDate];
        else starts.push(at);
      }
      if (Object.keys(errors).length > 0) throw unprocessable(Object.values(errors)[0]![0]!, errors);
      const requests = await repo.interviewRequestsOf(application.id);
      if (req.parent_request_id !== null && !requests.some((r) => r.id === req.parent_request_id)) {
        throw fieldError('parent_request_id', M.parentUnknown);
      }
      if (requests.some(isOpen)) throw conflict(M.alreadyRequested);
      const interviews = await repo.interviewsOf(application.id);
      if (interviews.some((i) => !i.is_canceled && !i.is_complete)) throw conflict(M.alreadyScheduled);
      const created = await repo.createInterviewRequest(
        {
          trainerUserId: actor.user.id,
          partnerId: application.partner_id,
          applicantUserId: application.user_id,
          applicationId: application.id,
          parentRequestId: req.parent_request_id,
          timezone: req.timezone,
        },
        starts,
        now,
      );
      await record(actor, 'interview_request.created', created, { parent_request_id: req.parent_request_id });
      const applicant = (await repo.user(application.user_id))!;
      await messages.tell(applicant, {
        subject: 'You have been invited to interview',
        text: (when) => `You have been invited to interview. Please choose one of the proposed times: ${starts.map(when).join(' or ')}.`,
        path: `/request/${created.id}`,
      });
      return { message: M.requestSent, interview_requests: await summaries(application.id) };
    },

    /** POST api/interview-request/{id}: the request page's interview view. */
    async show(actor: Actor, requestId: number) {
      const { request, isApplicant } = await load(actor, requestId, 'view', true);
      const [dates, trainers] = await Promise.all([repo.datesOf([request.id]), repo.people([request.trainer_user_id ?? request.user_id])]);
      return {
        request: {
          id: request.id,
          request_type_id: request.request_type_id,
          status: request.is_canceled ? 'canceled' : request.status,
          // Expired as soon as no date is ahead, even before the timed rule has run (decision 0060).
          is_expired: request.is_expired || (isOpen(request) && !dates.some((d) => d.start_at.getTime() > clock.now().getTime())),
          applicant_user_id: request.applicant_user_id!,
          trainer: personOf(trainers[0]!),
          dates: dates.map((d) => ({ id: d.id, local_time: d.start_at.toISOString() })),
          viewer: { is_applicant: isApplicant },
        },
      };
    },

    /** The applicant accepts one date: the interview is scheduled, and both get the invite. */
    async approve(actor: Actor, body: { request_id: number; request_date_id: number }) {
      const { request, isApplicant } = await load(actor, body.request_id, 'approve', true);
      if (!isApplicant) throw forbidden();
      if (request.is_expired) throw conflict(M.requestExpired);
      if (!isOpen(request)) throw conflict(M.requestClosed);
      const date = (await repo.datesOf([request.id])).find((d) => d.id === body.request_date_id);
      if (!date) throw fieldError('request_date_id', M.dateRequired);
      const now = clock.now();
      if (date.start_at.getTime() <= now.getTime()) throw fieldError('request_date_id', M.pastDate);
      const interview = await repo.acceptInterviewRequest(request, date.start_at, now);
      if (!interview) throw conflict(M.requestClosed);
      await record(actor, 'interview_request.accepted', request, { interview_id: interview.id });
      const [applicant, trainer] = await Promise.all([repo.user(interview.applicant_user_id), repo.user(interview.trainer_user_id)]);
      const invite = { method: 'REQUEST' as const, interview, sequence: 0 };
      const path = `/interview/${interview.id}`;
      await messages.tell(
        trainer!,
        {
          subject: 'Interview scheduled',
          text: (when) => `${fullName(applicant!)} accepted the interview at ${when(interview.start_at)}.`,
          path,
        },
        invite,
      );
      await messages.tell(
        applicant!,
        { subject: 'Interview scheduled', text: (when) => `Your interview is scheduled for ${when(interview.start_at)}.`, path },
        invite,
      );
      return { message: M.requestAccepted, interview_id: interview.id };
    },

    /** The applicant rejects the dates; the trainer is asked for a new set. */
    async reject(actor: Actor, requestId: number) {
      const { request, isApplicant } = await load(actor, requestId, 'reject', true);
      if (!isApplicant) throw forbidden();
      if (request.is_expired) throw conflict(M.requestExpired);
      if (!isOpen(request)) throw conflict(M.requestClosed);
      await repo.rejectInterviewRequest(request.id, clock.now());
      await record(actor, 'interview_request.rejected', request);
      const trainer = await repo.user(request.trainer_user_id ?? request.user_id);
      const applicant = (await repo.user(request.applicant_user_id!))!;
      await messages.tell(trainer!, {
        subject: 'Interview dates rejected',
        text: () => `${fullName(applicant)} rejected the proposed interview dates. Please send a new set.`,
        path: `/recruitment/user/${applicant.id}`,
      });
      return { message: M.requestRejected };
    },

    /** Cancels an open request (applicant.view at its partner); the applicant is told. */
    async cancel(actor: Actor, requestId: number) {
      const { request } = await load(actor, requestId, 'cancel', false);
      if (!isOpen(request)) throw conflict(M.requestClosed);
      const now = clock.now();
      await repo.cancelInterviewRequest(request.id, actor.user.id, now);
      await record(actor, 'interview_request.canceled', request);
      const applicant = (await repo.user(request.applicant_user_id!))!;
      await messages.tell(applicant, {
        subject: 'Interview request cancelled',
        text: () => 'The proposed interview dates have been withdrawn. New dates will be sent to you.',
        path: '/dashboard',
      });
      return { message: M.requestCanceled };
    },

    /**
     * The timed rule (decision 0060): an open request all of whose dates have passed unanswered expires, and the
     * applicant and the proposer are told. Compare and swap per request, so a second run (or process) acts once.
     */
    async expireDue(now: Date = clock.now()): Promise<number> {
      let expired = 0;
      for (const id of await repo.dueForExpiry(now, EXPIRY_BATCH)) {
        const request = await repo.expireInterviewRequest(id, now);
        if (!request) continue;
        expired++;
        await audit.record({
          action: 'interview_request.expired',
          actor_user_id: null,
          partner_id: request.partner_id,
          target_type: 'interview_request',
          target_id: request.id,
          details: { rule: 'no proposed date left' },
        });
        const [applicant, trainer] = await Promise.all([
          repo.user(request.applicant_user_id!),
          repo.user(request.trainer_user_id ?? request.user_id),
        ]);
        if (applicant) await messages.tell(applicant, EXPIRED_TO_APPLICANT);
        if (trainer && applicant) {
          await messages.tell(trainer, {
            subject: 'Interview dates expired',
            text: () => `The interview dates proposed to ${fullName(applicant)} have passed without an answer. Please send a new set.`,
            path: `/recruitment/user/${applicant.id}`,
          });
        }
      }
      return expired;
    },
  };
}
export type InterviewRequests = ReturnType<typeof createInterviewRequests>;
