import { interviewsApi, recruitmentApi } from '@simvisit/schema';
import { actorOf } from '../../http/actor';
import { type AnyRoute, implement } from '../../http/route';
import { privateFileDownload } from '../../http/upload-response';

/*
 * Recruitment and interview calls (contracts in packages/schema/src/api/recruitment.ts). The fixed paths
 * (cancel, complete, approve…) come before the ones with an id so that they are never read as an id.
 */
export const recruitmentRoutes: AnyRoute[] = [
  implement(recruitmentApi.pending, async ({ c }) => c.var.services.recruitment.pending(await actorOf(c))),
  implement(recruitmentApi.approve, async ({ c, body }) => c.var.services.recruitment.approve(await actorOf(c), body)),
  implement(recruitmentApi.reject, async ({ c, body }) => c.var.services.recruitment.reject(await actorOf(c), body)),
  implement(recruitmentApi.pendingUser, async ({ c, params }) => c.var.services.recruitment.pendingUser(await actorOf(c), params.user_id)),
  implement(recruitmentApi.applicantFile, async ({ c, params }) =>
    privateFileDownload(c, await c.var.services.recruitment.applicantFile(await actorOf(c), params.user_id, params.kind), params.kind),
  ),
  implement(interviewsApi.createRequest, async ({ c, body }) => c.var.services.interviewRequests.create(await actorOf(c), body)),
  implement(interviewsApi.approveRequest, async ({ c, body }) => c.var.services.interviewRequests.approve(await actorOf(c), body)),
  implement(interviewsApi.rejectRequest, async ({ c, body }) => c.var.services.interviewRequests.reject(await actorOf(c), body.request_id)),
  implement(interviewsApi.cancelRequest, async ({ c, body }) => c.var.services.interviewRequests.cancel(await actorOf(c), body.request_id)),
  implement(interviewsApi.showRequest, async ({ c, params }) => c.var.services.interviewRequests.show(await actorOf(c), params.request_id)),
  implement(interviewsApi.cancel, async ({ c, body }) => c.var.services.interviews.cancel(await actorOf(c), body.interview_id)),
  implement(interviewsApi.complete, async ({ c, body }) => c.var.services.interviews.complete(await actorOf(c), body.id)),
  implement(interviewsApi.show, async ({ c, params }) => c.var.services.interviews.show(await actorOf(c), params.interview_id)),
  implement(interviewsApi.headTrainer, async ({ c }) => c.var.services.interviews.forHeadTrainer(await actorOf(c))),
];
