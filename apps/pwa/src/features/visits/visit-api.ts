import { meetingsApi, scenariosApi, type VisitResponse, visitResponseSchema, visitsApi } from '@simvisit/schema';
import { queryOptions } from '@tanstack/react-query';
import { apiCall } from '../../lib/api';
import { savedOnDevice } from '../../lib/offline-cache';

/**
 * The visit page's calls (spec 002 §7; docs/decisions/0028-visit-page-and-joining.md) through their contracts
 * (packages/schema/src/api/visits.ts and meetings.ts); what the page may offer comes from the server's view of
 * the caller.
 */

/** The visit id of the address: the contracts take it as written (the server answers 404 for a non-id). */
const visitParams = (id: number) => ({ params: { id: String(id) } });

export const visitKeys = {
  all: ['visit'] as const,
  visit: (id: number) => ['visit', id] as const,
  observers: (id: number) => ['visit', id, 'observers'] as const,
  transferUsers: (id: number) => ['visit', id, 'transfer-users'] as const,
  recording: (id: number) => ['visit', id, 'recording'] as const,
};

/** The visit as shown, and whether it is the copy saved on this device because the server could not be reached. */
export type LoadedVisit = VisitResponse & { fromDevice: boolean };

/**
 * The visit is kept on the device per user (removed with the user's other data at logout), so a learner opens
 * their visit's time, SP, scenario and joining details without a network (issue 22 item 4, decision 0088).
 */
export function visitQuery(userId: number, id: number) {
  return queryOptions({
    queryKey: visitKeys.visit(id),
    queryFn: async (): Promise<LoadedVisit> => {
      const { value, fromDevice } = await savedOnDevice(`user:${userId}:visit:${id}`, visitResponseSchema, () =>
        apiCall(visitsApi.show, visitParams(id)),
      );
      return { ...value, fromDevice };
    },
    retry: false,
  });
}

export function observerUsersQuery(id: number) {
  return queryOptions({
    queryKey: visitKeys.observers(id),
    queryFn: () => apiCall(visitsApi.observerCandidates, visitParams(id)),
    retry: false,
  });
}

export function transferUsersQuery(id: number) {
  return queryOptions({
    queryKey: visitKeys.transferUsers(id),
    queryFn: () => apiCall(visitsApi.transferCandidates, visitParams(id)),
    retry: false,
  });
}

export function recordingQuery(id: number) {
  return queryOptions({
    queryKey: visitKeys.recording(id),
    queryFn: () => apiCall(visitsApi.recording, visitParams(id)),
    retry: false,
  });
}

/** Whether the scenario has verbal feedback to print (spec 002 §7 hasVerbalFeedback): the SP's print button. */
export function verbalFeedbackQuery(scenarioId: number) {
  return queryOptions({
    queryKey: ['visit', 'scenario', scenarioId, 'has-verbal-feedback'] as const,
    queryFn: () => apiCall(scenariosApi.hasVerbalFeedback, { params: { id: scenarioId } }),
    retry: false,
  });
}

export const visitCalls = {
  cancel: (id: number) => apiCall(visitsApi.cancel, visitParams(id)),
  confirm: (id: number) => apiCall(visitsApi.confirm, visitParams(id)),
  reschedule: (id: number, body: { visit_date_one: string; visit_date_two: string; timezone: string }) =>
    apiCall(visitsApi.reschedule, { ...visitParams(id), body }),
  rescheduleLink: (id: number) => apiCall(visitsApi.rescheduleLink, visitParams(id)),
  addObserver: (id: number, userId: number) => apiCall(visitsApi.addObserver, { ...visitParams(id), body: { add_observer_id: userId } }),
  removeObserver: (id: number, userId: number) =>
    apiCall(visitsApi.removeObserver, { ...visitParams(id), body: { remove_observer_id: userId } }),
  transfer: (id: number, spId: number) => apiCall(visitsApi.transfer, { ...visitParams(id), body: { sp_id: spId } }),
  adjust: (id: number, body: { start_date: string; is_confirmed: boolean; timezone: string }) =>
    apiCall(visitsApi.adjustDate, { ...visitParams(id), body }),
  join: (id: number) => apiCall(meetingsApi.join, { params: { type: 'visit' }, body: { id } }),
  complete: (id: number) => apiCall(meetingsApi.complete, { body: { id } }),
  noShow: (id: number) => apiCall(meetingsApi.noShow, { body: { visit_id: id } }),
  learnerTech: (id: number) => apiCall(meetingsApi.learnerTech, { body: { visit_id: id } }),
};
