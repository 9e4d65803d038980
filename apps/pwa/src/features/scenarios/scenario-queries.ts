import {
  authoringListsSchema,
  reviewingListsSchema,
  SCENARIO_FIELD_TYPE,
  type ScenarioTabKey,
  scenarioPageSchema,
  scenariosApi,
} from '@simvisit/schema';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../lib/api';
import { savedOnDevice } from '../../lib/offline-cache';
import { notifyAdminCallFailure, notifySuccess } from '../../platform/notices';
import { useSignedInSession } from '../../platform/session';

/**
 * The scenario calls the dashboards and the pop-up pages make (docs/decisions/0019). Lists are kept on the
 * device, per user and partner, so a dashboard opened without a network shows the last lists it loaded.
 */

export const scenarioKeys = {
  all: ['scenarios'] as const,
  list: (partnerId: number | null, tab: ScenarioTabKey, page: number) => [...scenarioKeys.all, 'list', partnerId, tab, page] as const,
  authoring: (partnerId: number | null) => [...scenarioKeys.all, 'authoring', partnerId] as const,
  reviewing: (partnerId: number | null) => [...scenarioKeys.all, 'reviewing', partnerId] as const,
  detail: (id: number) => [...scenarioKeys.all, 'detail', id] as const,
  learnerFields: (id: number) => [...scenarioKeys.all, 'fields-by-type', id, 2] as const,
  share: (id: number) => [...scenarioKeys.all, 'share', id] as const,
  print: (id: number, kind: 'print' | 'verbal-feedback') => [...scenarioKeys.all, kind, id] as const,
};

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

export function useScenarioPage(tab: ScenarioTabKey, page: number) {
  const { userId, partnerId } = useListOwner();
  return useQuery({
    queryKey: scenarioKeys.list(partnerId, tab, page),
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
    queryKey: scenarioKeys.authoring(partnerId),
    queryFn: () =>
      savedOnDevice(`user:${userId}:scenarios:${partnerId}:authoring`, authoringListsSchema, () => apiCall(scenariosApi.authoring)),
  });
}

/** GET api/scenarios/reviewing: approved, in edit, in review (the caller's) and needing review. */
export function useReviewingLists() {
  const { userId, partnerId } = useListOwner();
  return useQuery({
    queryKey: scenarioKeys.reviewing(partnerId),
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
      await queryClient.invalidateQueries({ queryKey: scenarioKeys.all });
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
    onSuccess: async ({ message }) => {
      notifySuccess(message);
      onDeleted();
      await queryClient.invalidateQueries({ queryKey: scenarioKeys.all });
    },
    onError: notifyAdminCallFailure,
  });
}

export function scenarioDetailQuery(id: number) {
  return queryOptions({
    queryKey: scenarioKeys.detail(id),
    queryFn: () => apiCall(scenariosApi.detail, { params: { id } }),
  });
}

/** GET api/scenario/{id}/fields-by-type/2: the fields a learner sees (the learner brief and tasks). */
export function useLearnerFields(id: number) {
  return useQuery({
    queryKey: scenarioKeys.learnerFields(id),
    queryFn: () => apiCall(scenariosApi.fieldsByType, { params: { id, type: SCENARIO_FIELD_TYPE.learner } }),
  });
}

export function useScenarioShare(id: number) {
  return useQuery({
    queryKey: scenarioKeys.share(id),
    queryFn: () => apiCall(scenariosApi.share, { params: { id } }),
  });
}

/** GET api/scenario/{id}/print or api/scenario/{id}/verbal-feedback: the scenario and the fields to print. */
export function useScenarioPrint(id: number, kind: 'print' | 'verbal-feedback') {
  return useQuery({
    queryKey: scenarioKeys.print(id, kind),
    queryFn: () => apiCall(kind === 'print' ? scenariosApi.print : scenariosApi.verbalFeedback, { params: { id } }),
    // What is printed should be what the scenario says now.
    staleTime: 0,
  });
}
