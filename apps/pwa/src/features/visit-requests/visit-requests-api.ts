import {
  approveVisitRequestResponseSchema,
  availableTimesResponseSchema,
  type CreateVisitRequestInput,
  cancelVisitRequestResponseSchema,
  createVisitRequestResponseSchema,
  requestLookupResponseSchema,
  rescheduleVisitRequestResponseSchema,
  scenariosApi,
} from '@simvisit/schema';
import { queryOptions } from '@tanstack/react-query';
import { apiCall, apiRequest } from '../../lib/api';

/**
 * The visit request calls (spec 001 §7; paths in docs/decisions/0027-visit-requests.md). Bodies follow the shared
 * schemas; answers are checked against them. Amounts are never sent: the server computes them.
 */

export const visitRequestKeys = {
  all: ['visit-requests'] as const,
  overview: (scenarioId: number) => ['visit-requests', 'overview', scenarioId] as const,
  times: (scenarioId: number, date: string, timezone: string) => ['visit-requests', 'times', scenarioId, date, timezone] as const,
  request: (requestId: number) => ['visit-requests', 'request', requestId] as const,
};

/** The browser's IANA zone: times are offered and shown in it. */
export function viewerZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

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
    queryFn: () =>
      apiRequest('/api/visit-request/available-times', {
        method: 'POST',
        body: { scenario_id: scenarioId, request_type: 1, date, timezone },
        schema: availableTimesResponseSchema,
      }),
    // Times change as SPs accept requests: never older than half a minute.
    staleTime: 30_000,
    retry: false,
  });
}

export function requestQuery(requestId: number) {
  return queryOptions({
    queryKey: visitRequestKeys.request(requestId),
    queryFn: () => apiRequest(`/api/request/${requestId}`, { schema: requestLookupResponseSchema }),
    retry: false,
  });
}

export function createVisitRequest(body: CreateVisitRequestInput) {
  return apiRequest('/api/visit-request', { method: 'POST', body, schema: createVisitRequestResponseSchema });
}

export function approveVisitRequest(body: { request_id: number; request_date_id?: number; reject?: boolean }) {
  return apiRequest('/api/visit-request/approve', {
    method: 'POST',
    body: { request_type: 1, reject: false, ...body },
    schema: approveVisitRequestResponseSchema,
  });
}

export function cancelVisitRequest(requestId: number) {
  return apiRequest('/api/visit-request/cancel', {
    method: 'POST',
    body: { request_id: requestId },
    schema: cancelVisitRequestResponseSchema,
  });
}

export function rescheduleVisitRequest(body: { request_id: number; visit_date_one: string; visit_date_two: string; timezone: string }) {
  return apiRequest('/api/visit-request/reschedule', {
    method: 'POST',
    body: { request_type: 1, ...body },
    schema: rescheduleVisitRequestResponseSchema,
  });
}
