import {
  type ApproveApplicationRequest,
  type CreateInterviewRequest,
  interviewsApi,
  meetingsApi,
  type RejectApplicationRequest,
  recruitmentApi,
} from '@simvisit/schema';
import { queryOptions } from '@tanstack/react-query';
import { apiCall } from '../../lib/api';

/** Recruitment and interview calls (decision 0048), only through their contracts. */
export const recruitmentKeys = {
  all: ['recruitment'] as const,
  pending: () => ['recruitment', 'pending'] as const,
  user: (userId: number) => ['recruitment', 'user', userId] as const,
  interview: (id: number) => ['recruitment', 'interview', id] as const,
  request: (id: number) => ['recruitment', 'request', id] as const,
  headTrainer: () => ['recruitment', 'head-trainer'] as const,
};

export const pendingQuery = () =>
  queryOptions({ queryKey: recruitmentKeys.pending(), queryFn: () => apiCall(recruitmentApi.pending, { body: {} }) });

export const pendingUserQuery = (userId: number) =>
  queryOptions({
    queryKey: recruitmentKeys.user(userId),
    queryFn: () => apiCall(recruitmentApi.pendingUser, { params: { user_id: userId }, body: {} }),
    retry: false,
  });

export const interviewQuery = (id: number) =>
  queryOptions({
    queryKey: recruitmentKeys.interview(id),
    queryFn: () => apiCall(interviewsApi.show, { params: { interview_id: id }, body: {} }),
    retry: false,
  });

export const interviewRequestQuery = (id: number) =>
  queryOptions({
    queryKey: recruitmentKeys.request(id),
    queryFn: () => apiCall(interviewsApi.showRequest, { params: { request_id: id }, body: {} }),
    retry: false,
  });

export const headTrainerInterviewsQuery = () =>
  queryOptions({ queryKey: recruitmentKeys.headTrainer(), queryFn: () => apiCall(interviewsApi.headTrainer) });

export const recruitmentCalls = {
  approve: (body: ApproveApplicationRequest) => apiCall(recruitmentApi.approve, { body }),
  reject: (body: RejectApplicationRequest) => apiCall(recruitmentApi.reject, { body }),
  proposeInterview: (body: CreateInterviewRequest) => apiCall(interviewsApi.createRequest, { body }),
  cancelRequest: (requestId: number) => apiCall(interviewsApi.cancelRequest, { body: { request_id: requestId } }),
  acceptRequest: (requestId: number, dateId: number) =>
    apiCall(interviewsApi.approveRequest, { body: { request_id: requestId, request_date_id: dateId } }),
  rejectRequest: (requestId: number) => apiCall(interviewsApi.rejectRequest, { body: { request_id: requestId } }),
  cancelInterview: (id: number) => apiCall(interviewsApi.cancel, { body: { interview_id: id } }),
  completeInterview: (id: number) => apiCall(interviewsApi.complete, { body: { id } }),
  joinInterview: (id: number) => apiCall(meetingsApi.join, { params: { type: 'interview' }, body: { id } }),
};
