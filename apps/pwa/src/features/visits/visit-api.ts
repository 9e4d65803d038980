import {
  completeResponseSchema,
  joinResponseSchema,
  observerUsersResponseSchema,
  recordingResponseSchema,
  rescheduleLinkResponseSchema,
  scenariosApi,
  transferUsersResponseSchema,
  visitMessageResponseSchema,
  visitOnlyResponseSchema,
  visitRescheduleResponseSchema,
  visitResponseSchema,
} from '@simvisit/schema';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiCall, apiRequest } from '../../lib/api';

/**
 * The visit page's calls (spec 002 §7; paths in docs/decisions/0028-visit-page-and-joining.md). Every answer is
 * checked against the shared schema; what the page may offer comes from the server's view of the caller.
 */

export const visitKeys = {
  all: ['visit'] as const,
  visit: (id: number) => ['visit', id] as const,
  observers: (id: number) => ['visit', id, 'observers'] as const,
  transferUsers: (id: number) => ['visit', id, 'transfer-users'] as const,
  recording: (id: number) => ['visit', id, 'recording'] as const,
};

export function visitQuery(id: number) {
  return queryOptions({
    queryKey: visitKeys.visit(id),
    queryFn: () => apiRequest(`/api/visit/${id}`, { schema: visitResponseSchema }),
    retry: false,
  });
}

export function observerUsersQuery(id: number) {
  return queryOptions({
    queryKey: visitKeys.observers(id),
    queryFn: () => apiRequest(`/api/visit/${id}/observers`, { schema: observerUsersResponseSchema }),
    retry: false,
  });
}

export function transferUsersQuery(id: number) {
  return queryOptions({
    queryKey: visitKeys.transferUsers(id),
    queryFn: () => apiRequest(`/api/visit/${id}/transfer-users`, { schema: transferUsersResponseSchema }),
    retry: false,
  });
}

export function recordingQuery(id: number) {
  return queryOptions({
    queryKey: visitKeys.recording(id),
    queryFn: () => apiRequest(`/api/visit/${id}/recording`, { schema: recordingResponseSchema }),
    retry: false,
  });
}

const post = <T>(path: string, body: unknown, schema: z.ZodType<T>) => apiRequest(path, { method: 'POST', body, schema });

/** Whether the scenario has verbal feedback to print (spec 002 §7 hasVerbalFeedback): the SP's print button. */
export function verbalFeedbackQuery(scenarioId: number) {
  return queryOptions({
    queryKey: ['visit', 'scenario', scenarioId, 'has-verbal-feedback'] as const,
    queryFn: () => apiCall(scenariosApi.hasVerbalFeedback, { params: { id: scenarioId } }),
    retry: false,
  });
}

export const visitCalls = {
  cancel: (id: number) => post(`/api/visit/${id}/cancel`, {}, visitMessageResponseSchema),
  confirm: (id: number) => post(`/api/visit/${id}/confirm`, {}, visitMessageResponseSchema),
  reschedule: (id: number, body: { visit_date_one: string; visit_date_two: string; timezone: string }) =>
    post(`/api/visit/${id}/reschedule`, body, visitRescheduleResponseSchema),
  rescheduleLink: (id: number) => post(`/api/visit/${id}/reschedule-link`, {}, rescheduleLinkResponseSchema),
  addObserver: (id: number, userId: number) => post(`/api/visit/${id}/observers/add`, { add_observer_id: userId }, visitOnlyResponseSchema),
  removeObserver: (id: number, userId: number) =>
    post(`/api/visit/${id}/observers/remove`, { remove_observer_id: userId }, visitOnlyResponseSchema),
  transfer: (id: number, spId: number) => post(`/api/visit/${id}/transfer`, { sp_id: spId }, visitOnlyResponseSchema),
  adjust: (id: number, body: { start_date: string; is_confirmed: boolean; timezone: string }) =>
    post(`/api/visit/${id}/adjust-date`, body, visitOnlyResponseSchema),
  join: (id: number) => post('/api/meeting/join/visit', { id }, joinResponseSchema),
  complete: (id: number) => post('/api/visit/complete', { id }, completeResponseSchema),
  noShow: (id: number) => post('/api/visit/noshow', { visit_id: id }, visitMessageResponseSchema),
  learnerTech: (id: number) => post('/api/visit/learnertech', { visit_id: id }, visitMessageResponseSchema),
};
