import {
  authoringListsSchema,
  reviewingListsSchema,
  SCENARIO_FIELD_TYPE,
  type ScenarioDetail,
  type ScenarioTabKey,
  scenarioDetailResponseSchema,
  scenarioFieldsByTypeResponseSchema,
  scenarioPageSchema,
  scenariosApi,
} from '@simvisit/schema';
import { keepPreviousData, type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall, isConnectionError } from '../../lib/api';
import { readCached, savedOnDevice, writeCached } from '../../lib/offline-cache';
import { callPrefix, invalidateCalls, queryKeyOf } from '../../lib/query-keys';
import { notifyAdminCallFailure, notifySuccess } from '../../platform/notices';
import { useSignedInSession } from '../../platform/session';

/**
 * The scenario calls the dashboards and the pop-up pages make (docs/decisions/0019). Lists are kept on the
 * device, per user and partner, so a dashboard opened without a network shows the last lists it loaded.
 */

/** Who the lists belong to: the device copy of one user at one partner never shows at another. */
export function useListOwner(): { userId: number; partnerId: number | null } {
  const session = useSignedInSession();
  return { userId: session.user.id, partnerId: session.partner?.id ?? null };
}

/** GET api/scenario (Published Scenarios, or the learner's Available Scenarios) or api/scenarios/{tab}. */
const TAB_CALLS = {
  published: scenariosApi.published,
  'my-scenarios': scenariosApi.myScenarios,
  'need-review': scenariosApi.needReview,
  'in-review': scenariosApi.inReview,
  approved: scenariosApi.approved,
  archived: scenariosApi.archived,
} satisfies Record<ScenarioTabKey, unknown>;

/** Every list call of the dashboards: a scenario created, changed or deleted makes them all stale. */
const LIST_CALLS = [...Object.values(TAB_CALLS), scenariosApi.authoring, scenariosApi.reviewing];

/** The scenario dashboards' lists load again (a scenario was created, changed status or went away). */
export function refreshScenarioLists(queryClient: QueryClient): Promise<void> {
  return invalidateCalls(queryClient, LIST_CALLS);
}

export function useScenarioPage(tab: ScenarioTabKey, page: number) {
  const { userId, partnerId } = useListOwner();
  return useQuery({
    queryKey: queryKeyOf(TAB_CALLS[tab], { query: { page } }),
    queryFn: () =>
      savedOnDevice(`user:${userId}:scenarios:${partnerId}:${tab}:${page}`, scenarioPageSchema, () =>
        apiCall(TAB_CALLS[tab], { query: { page } }),
      ),
    // The current page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

/** GET api/scenarios/authoring: the caller's own drafts, reviews, edits and approved scenarios. */
export function useAuthoringLists() {
  const { userId, partnerId } = useListOwner();
  return useQuery({
    queryKey: queryKeyOf(scenariosApi.authoring),
    queryFn: () =>
      savedOnDevice(`user:${userId}:scenarios:${partnerId}:authoring`, authoringListsSchema, () => apiCall(scenariosApi.authoring)),
  });
}

/** GET api/scenarios/reviewing: approved, in edit, in review (the caller's) and needing review. */
export function useReviewingLists() {
  const { userId, partnerId } = useListOwner();
  return useQuery({
    queryKey: queryKeyOf(scenariosApi.reviewing),
    queryFn: () =>
      savedOnDevice(`user:${userId}:scenarios:${partnerId}:reviewing`, reviewingListsSchema, () => apiCall(scenariosApi.reviewing)),
  });
}

/** POST api/scenario: a new draft whose author is the caller; `onCreated` gets its id. */
export function useCreateScenario(onCreated: (id: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiCall(scenariosApi.create, { body: {} }),
    onSuccess: async ({ id }) => {
      await refreshScenarioLists(queryClient);
      onCreated(id);
    },
    onError: notifyAdminCallFailure,
  });
}

/**
 * GET api/scenario/{id}/delete. The spec's call is a GET that changes state, so it carries the CSRF header
 * like a POST (DESIGN.md §4, SECURITY CSRF-06). The lists load again afterwards.
 */
export function useDeleteScenario(onDeleted: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiCall(scenariosApi.remove, { params: { id } }),
    onSuccess: async ({ message }, id) => {
      notifySuccess(message);
      onDeleted();
      queryClient.removeQueries({ queryKey: callPrefix(scenariosApi.detail, { params: { id } }) });
      await refreshScenarioLists(queryClient);
    },
    onError: notifyAdminCallFailure,
  });
}

/** GET api/scenario/{id}, and where it came from: the server, or the copy saved on this device (offline). */
export interface LoadedScenario {
  scenario: ScenarioDetail;
  fromDevice: boolean;
}

/** The detail is kept per user (removed with the user's other data at logout) for reading offline. */
const detailCacheKey = (userId: number, id: number) => `user:${userId}:scenario:${id}`;

/** The one cache entry of a scenario's detail, shared by the overview and the authoring page. */
export const scenarioDetailKey = (id: number) => queryKeyOf(scenariosApi.detail, { params: { id } });

export function scenarioDetailQuery(userId: number, id: number) {
  return queryOptions({
    queryKey: scenarioDetailKey(id),
    queryFn: async (): Promise<LoadedScenario> => {
      try {
        const { scenario } = await apiCall(scenariosApi.detail, { params: { id } });
        writeCached(detailCacheKey(userId, id), { scenario });
        return { scenario, fromDevice: false };
      } catch (error) {
        const saved = isConnectionError(error) ? readCached(detailCacheKey(userId, id), scenarioDetailResponseSchema) : null;
        if (saved) return { scenario: saved.scenario, fromDevice: true };
        throw error;
      }
    },
    staleTime: 0,
  });
}

/**
 * GET api/scenario/{id}/fields-by-type/2: the fields a learner sees (the learner brief and tasks), kept on the device
 * per user like the detail, so the overview opens whole without a network (decision 0090).
 */
export function useLearnerFields(userId: number, id: number) {
  return useQuery({
    queryKey: queryKeyOf(scenariosApi.fieldsByType, { params: { id, type: SCENARIO_FIELD_TYPE.learner } }),
    queryFn: async () =>
      (
        await savedOnDevice(`user:${userId}:scenario:${id}:learner-fields`, scenarioFieldsByTypeResponseSchema, () =>
          apiCall(scenariosApi.fieldsByType, { params: { id, type: SCENARIO_FIELD_TYPE.learner } }),
        )
      ).value,
  });
}

export function useScenarioShare(id: number) {
  return useQuery({
    queryKey: queryKeyOf(scenariosApi.share, { params: { id } }),
    queryFn: () => apiCall(scenariosApi.share, { params: { id } }),
  });
}

/** GET api/scenario/{id}/print or api/scenario/{id}/verbal-feedback: the scenario and the fields to print. */
export function useScenarioPrint(id: number, kind: 'print' | 'verbal-feedback') {
  const call = kind === 'print' ? scenariosApi.print : scenariosApi.verbalFeedback;
  return useQuery({
    queryKey: queryKeyOf(call, { params: { id } }),
    queryFn: () => apiCall(call, { params: { id } }),
    // What is printed should be what the scenario says now.
    staleTime: 0,
  });
}
