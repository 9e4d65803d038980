import { ACCESS } from '../api-access';
import { defineContract } from '../api-contract';
import { messageSchema } from '../errors';
import {
  applicantFileParamsSchema,
  applicantIdParamsSchema,
  approveApplicationSchema,
  approveInterviewRequestSchema,
  createInterviewRequestSchema,
  headTrainerInterviewsResponseSchema,
  interviewIdBodySchema,
  interviewIdParamsSchema,
  interviewIdResponseSchema,
  interviewRequestActionSchema,
  interviewRequestIdParamsSchema,
  interviewRequestResponseSchema,
  interviewRequestsResponseSchema,
  interviewResponseSchema,
  pendingListResponseSchema,
  pendingUserResponseSchema,
  recruitmentEmptyBodySchema,
  rejectApplicationSchema,
} from '../recruitment';
import { completeResponseSchema } from '../visit-detail';
import { eventIdRequestSchema } from '../visit-detail-requests';

/*
 * Recruitment and interviews (spec 001 §7 'Recruitment and interviews'). The spec shows the pending list, the
 * pending user and the interview calls' paths; the interview request and application decision paths are this
 * product's (decision 0048).
 */
const tag = 'Recruitment';
const applicantView = ACCESS.applicantView;
const signedIn = ACCESS.signedIn;

export const recruitmentApi = {
  pending: defineContract({
    method: 'POST',
    path: '/api/recruitment/get-pending',
    tag,
    summary: "The current partner's pending applications (applicant.view)",
    access: applicantView,
    scope: 'partner',
    stateChanging: false,
    body: recruitmentEmptyBodySchema,
    response: pendingListResponseSchema,
  }),
  pendingUser: defineContract({
    method: 'POST',
    path: '/api/recruitment/user/:user_id',
    tag,
    summary: "A pending applicant's details, interview and interview requests, and the roles an approval may grant",
    access: applicantView,
    scope: 'object',
    stateChanging: false,
    params: applicantIdParamsSchema,
    body: recruitmentEmptyBodySchema,
    response: pendingUserResponseSchema,
  }),
  /** Answers the file itself (PDF, PNG or JPEG as an attachment), not JSON. */
  applicantFile: defineContract({
    method: 'GET',
    path: '/api/recruitment/user/:user_id/:kind',
    tag,
    summary: "An applicant's resume or headshot (applicant.view at the application's partner, or the applicant)",
    access: signedIn,
    scope: 'object',
    params: applicantFileParamsSchema,
  }),
  approve: defineContract({
    method: 'POST',
    path: '/api/recruitment/approve',
    tag,
    summary: 'Approve an application: grant the selected roles with their rates at their partners',
    access: applicantView,
    scope: 'object',
    body: approveApplicationSchema,
    response: messageSchema,
  }),
  reject: defineContract({
    method: 'POST',
    path: '/api/recruitment/reject',
    tag,
    summary: 'Reject an application with an internal note (never shown to the applicant)',
    access: applicantView,
    scope: 'object',
    body: rejectApplicationSchema,
    response: messageSchema,
  }),
};

export const interviewsApi = {
  createRequest: defineContract({
    method: 'POST',
    path: '/api/interview-request',
    tag,
    summary: 'Propose two interview dates to an applicant (again with parent_request_id after a rejection)',
    access: applicantView,
    scope: 'object',
    body: createInterviewRequestSchema,
    response: interviewRequestsResponseSchema,
  }),
  approveRequest: defineContract({
    method: 'POST',
    path: '/api/interview-request/approve',
    tag,
    summary: 'The applicant accepts one of the proposed dates: the interview is scheduled',
    access: signedIn,
    scope: 'object',
    body: approveInterviewRequestSchema,
    response: interviewIdResponseSchema,
  }),
  rejectRequest: defineContract({
    method: 'POST',
    path: '/api/interview-request/reject',
    tag,
    summary: 'The applicant rejects the proposed dates; a new set will be sent',
    access: signedIn,
    scope: 'object',
    body: interviewRequestActionSchema,
    response: messageSchema,
  }),
  cancelRequest: defineContract({
    method: 'POST',
    path: '/api/interview-request/cancel',
    tag,
    summary: 'Cancel an open interview request (applicant.view at its partner)',
    access: applicantView,
    scope: 'object',
    body: interviewRequestActionSchema,
    response: messageSchema,
  }),
  showRequest: defineContract({
    method: 'POST',
    path: '/api/interview-request/:request_id',
    tag,
    summary: 'An interview request for the request page (its applicant, or applicant.view at its partner)',
    access: signedIn,
    scope: 'object',
    stateChanging: false,
    params: interviewRequestIdParamsSchema,
    body: recruitmentEmptyBodySchema,
    response: interviewRequestResponseSchema,
  }),
  cancel: defineContract({
    method: 'POST',
    path: '/api/interview/cancel',
    tag,
    summary: 'Cancel a scheduled interview that is not complete',
    access: signedIn,
    scope: 'object',
    body: interviewIdBodySchema,
    response: messageSchema,
  }),
  complete: defineContract({
    method: 'POST',
    path: '/api/interview/complete',
    tag,
    summary: 'Its trainer marks the interview complete after the start',
    access: signedIn,
    scope: 'object',
    body: eventIdRequestSchema,
    response: completeResponseSchema,
  }),
  show: defineContract({
    method: 'POST',
    path: '/api/interview/:interview_id',
    tag,
    summary: 'An interview: trainer, applicant, times (its trainer, its applicant, or applicant.view at its partner)',
    access: signedIn,
    scope: 'object',
    stateChanging: false,
    params: interviewIdParamsSchema,
    body: recruitmentEmptyBodySchema,
    response: interviewResponseSchema,
  }),
  headTrainer: defineContract({
    method: 'GET',
    path: '/api/interviews/head-trainer',
    tag,
    summary: "The current partner's scheduled, pending and completed interviews (head trainers)",
    access: applicantView,
    scope: 'partner',
    response: headTrainerInterviewsResponseSchema,
  }),
};
