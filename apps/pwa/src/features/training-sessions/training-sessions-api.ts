import {
  deviceTimeZone,
  meetingsApi,
  pageStartOf,
  type ScheduleTrainingSessionRequest,
  type TrainingListType,
  trainingSessionsApi,
  type VisitListRole,
  visitDashboardApi,
} from '@simvisit/schema';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../lib/api';
import { useSignedInSession } from '../../platform/session';

/**
 * The training session calls (spec 001 §7; decision 0049) through their contracts in
 * packages/schema/src/api/training-sessions.ts; the lists come from api/visit/get-user-visits.
 */
export const trainingKeys = {
  all: ['training-session'] as const,
  session: (id: number) => ['training-session', id] as const,
  options: (partnerId: number | null) => ['training-session', 'schedule-options', partnerId] as const,
  list: (partnerId: number | null, role: number, type: TrainingListType, page: number) =>
    ['training-session', 'list', partnerId, role, type, page] as const,
};

export function trainingSessionQuery(id: number) {
  return queryOptions({
    queryKey: trainingKeys.session(id),
    queryFn: () => apiCall(trainingSessionsApi.show, { params: { id: String(id) } }),
    retry: false,
  });
}

export function useScheduleOptions() {
  const session = useSignedInSession();
  return useQuery({
    queryKey: trainingKeys.options(session.partner?.id ?? null),
    queryFn: () => apiCall(trainingSessionsApi.scheduleOptions),
    retry: false,
  });
}

/** One page of one training list of a dashboard perspective. */
export function useTrainingList(role: VisitListRole, type: TrainingListType, page: number) {
  const session = useSignedInSession();
  return useQuery({
    queryKey: trainingKeys.list(session.partner?.id ?? null, role, type, page),
    queryFn: () => apiCall(visitDashboardApi.userVisits, { body: { role_id: role, type, page_start: pageStartOf(page) } }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export const trainingCalls = {
  schedule: (body: ScheduleTrainingSessionRequest) => apiCall(trainingSessionsApi.schedule, { body }),
  addUsers: (training_session_id: number, users: number[]) =>
    apiCall(trainingSessionsApi.addUsers, { body: { training_session_id, users } }),
  removeUser: (training_user_id: number) => apiCall(trainingSessionsApi.removeUser, { body: { training_user_id } }),
  cancel: (training_session_id: number) => apiCall(trainingSessionsApi.cancel, { body: { training_session_id } }),
  reschedule: (training_session_id: number, date: string) =>
    apiCall(trainingSessionsApi.reschedule, { body: { training_session_id, date, timezone: deviceTimeZone() } }),
  jobNumber: (id: number, job_number: string | null) =>
    apiCall(trainingSessionsApi.updateJobNumber, { params: { id: String(id) }, body: { job_number } }),
  recording: (training_session_id: number) => apiCall(trainingSessionsApi.recording, { body: { training_session_id } }),
  join: (id: number) => apiCall(meetingsApi.join, { params: { type: 'training_session' }, body: { id } }),
  complete: (id: number) => apiCall(trainingSessionsApi.complete, { body: { id } }),
};
