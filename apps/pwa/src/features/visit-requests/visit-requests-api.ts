import {
  type CreateVisitRequestInput,
  type RequestLookupResponse,
  requestLookupResponseSchema,
  scenariosApi,
  visitRequestsApi,
} from '@simvisit/schema';
import { queryOptions } from '@tanstack/react-query';
import { apiCall } from '../../lib/api';
import { savedOnDevice } from '../../lib/offline-cache';

/**
 * The visit request calls (spec 001 §7; contracts in packages/schema/src/api/visit-requests.ts), which check
 * each answer. Amounts are never sent: the server computes them.
 */

export const visitRequestKeys = {
  all: ['visit-requests'] as const,
  overview: (scenarioId: number) => ['visit-requests', 'overview', scenarioId] as const,
  times: (scenarioId: number, date: string, timezone: string) => ['visit-requests', 'times', scenarioId, date, timezone] as const,
  freeDays: (scenarioId: number, from: string, to: string, timezone: string) =>
    ['visit-requests', 'free-days', scenarioId, from, to, timezone] as const,
  request: (requestId: number) => ['visit-requests', 'request', requestId] as const,
};

export function overviewQuery(scenarioId: number) {
  return queryOptions({
    queryKey: visitRequestKeys.overview(scenarioId),
    queryFn: () => apiCall(scenariosApi.overview, { params: { id: scenarioId } }),
    // Whether a request or visit exists decides the page: asked again whenever the page opens.
    refetchOnMount: 'always',
  });
}

export function availableTimesQuery(scenarioId: number, date: string, timezone: string) {
  return queryOptions({
    queryKey: visitRequestKeys.times(scenarioId, date, timezone),
    queryFn: () => apiCall(visitRequestsApi.availableTimes, { body: { scenario_id: scenarioId, request_type: 1, date, timezone } }),
    // Times change as SPs accept requests: never older than half a minute.
    staleTime: 30_000,
    retry: false,
  });
}

/** The dates of [from, to] with a free time: one call for the picker's months (decision 0090). */
export function freeDaysQuery(scenarioId: number, from: string, to: string, timezone: string) {
  return queryOptions({
    queryKey: visitRequestKeys.freeDays(scenarioId, from, to, timezone),
    queryFn: () => apiCall(visitRequestsApi.freeDays, { body: { scenario_id: scenarioId, from, to, timezone } }),
    // As the times of a date: SPs accept requests meanwhile.
    staleTime: 30_000,
    retry: false,
  });
}

/** The request as shown, and whether it is the copy saved on this device because the server could not be reached. */
export type LoadedRequest = RequestLookupResponse & { fromDevice: boolean };

/** Kept on the device per user, so a learner reads their request's dates offline (issue 22 item 4, decision 0088). */
export function requestQuery(userId: number, requestId: number) {
  return queryOptions({
    queryKey: visitRequestKeys.request(requestId),
    queryFn: async (): Promise<LoadedRequest> => {
      const { value, fromDevice } = await savedOnDevice(`user:${userId}:visit-request:${requestId}`, requestLookupResponseSchema, () =>
        apiCall(visitRequestsApi.lookup, { params: { request_id: requestId } }),
      );
      return { ...value, fromDevice };
    },
    retry: false,
  });
}

export function createVisitRequest(body: CreateVisitRequestInput) {
  return apiCall(visitRequestsApi.create, { body });
}

export function approveVisitRequest(body: { request_id: number; request_date_id?: number; reject?: boolean }) {
  return apiCall(visitRequestsApi.approve, { body: { request_type: 1, reject: false, ...body } });
}

export function cancelVisitRequest(requestId: number) {
  return apiCall(visitRequestsApi.cancel, { body: { request_id: requestId } });
}

export function rescheduleVisitRequest(body: { request_id: number; visit_date_one: string; visit_date_two: string; timezone: string }) {
  return apiCall(visitRequestsApi.reschedule, { body: { request_type: 1, ...body } });
}
