import { giftcardCampaignsResponseSchema, patientImagesResponseSchema, scenariosApi } from '@simvisit/schema';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiCall, isConnectionError } from '../../lib/api';
import { readCached, writeCached } from '../../lib/offline-cache';
import { callPrefix, invalidateCalls, queryKeyOf } from '../../lib/query-keys';
import { type LoadedScenario, scenarioDetailQuery } from '../scenarios';

/**
 * The scenario REST calls of spec 001 §7 used by the authoring page, through their contracts
 * (packages/schema/src/api/scenario-*.ts), which check each answer.
 */

const DAY = 24 * 60 * 60 * 1000;

export type { LoadedScenario };

/** GET api/scenario/{id} through the scenarios feature's query: the overview and this page share its entry. */
export function useScenarioDetail(userId: number, id: number) {
  return useQuery(scenarioDetailQuery(userId, id));
}

/**
 * Reference lists shared by everyone on the device, kept for offline reading like the other lookups. `schema`
 * is the call's shared answer schema, which reads the saved copy back.
 */
function cachedListQuery<T>(key: string, queryKey: readonly unknown[], call: () => Promise<T>, schema: z.core.$ZodType<T>) {
  return queryOptions({
    queryKey,
    queryFn: async () => {
      try {
        const answer = await call();
        writeCached(`scenario-lookups:${key}`, answer);
        return answer;
      } catch (error) {
        const saved = isConnectionError(error) ? readCached(`scenario-lookups:${key}`, schema) : null;
        if (saved) return saved;
        throw error;
      }
    },
    initialData: () => readCached(`scenario-lookups:${key}`, schema) ?? undefined,
    initialDataUpdatedAt: 0,
    staleTime: DAY,
  });
}

export function usePatientImages(enabled: boolean) {
  return useQuery({
    ...cachedListQuery(
      'patient-images',
      queryKeyOf(scenariosApi.patientImages),
      () => apiCall(scenariosApi.patientImages),
      patientImagesResponseSchema,
    ),
    enabled,
  });
}

export function useGiftcardCampaigns() {
  return useQuery(
    cachedListQuery(
      'giftcard-campaigns',
      queryKeyOf(scenariosApi.campaigns),
      () => apiCall(scenariosApi.campaigns),
      giftcardCampaignsResponseSchema,
    ),
  );
}

export function usePartnerOptions(enabled: boolean) {
  return useQuery({
    queryKey: queryKeyOf(scenariosApi.partnerList),
    queryFn: () => apiCall(scenariosApi.partnerList),
    enabled,
    staleTime: 60_000,
  });
}

export type UserOptionsKind = 'sp-options' | 'observer-options' | 'trainer-options';
const OPTION_CALLS = {
  'sp-options': scenariosApi.spOptions,
  'observer-options': scenariosApi.observerOptions,
  'trainer-options': scenariosApi.trainerOptions,
} satisfies Record<UserOptionsKind, unknown>;
/** The calls whose answers are about one scenario: reloaded together after a change, dropped after a delete. */
const PER_SCENARIO_CALLS = [scenariosApi.detail, ...Object.values(OPTION_CALLS), scenariosApi.scorecardDisplay];

/** Marks everything cached about scenario `id` stale (its detail, user options and display settings). */
export function invalidateScenario(queryClient: QueryClient, id: number): Promise<void> {
  return invalidateCalls(queryClient, PER_SCENARIO_CALLS, { params: { id } });
}

/** Drops everything cached about scenario `id` (it was deleted). */
export function forgetScenario(queryClient: QueryClient, id: number): void {
  for (const call of PER_SCENARIO_CALLS) queryClient.removeQueries({ queryKey: callPrefix(call, { params: { id } }) });
}

export function useUserOptions(id: number, kind: UserOptionsKind, enabled: boolean) {
  return useQuery({
    queryKey: queryKeyOf(OPTION_CALLS[kind], { params: { id } }),
    queryFn: () => apiCall(OPTION_CALLS[kind], { params: { id } }),
    enabled,
    staleTime: 0,
  });
}

export function useScorecardDisplay(id: number, enabled: boolean) {
  return useQuery({
    queryKey: queryKeyOf(scenariosApi.scorecardDisplay, { params: { id } }),
    queryFn: () => apiCall(scenariosApi.scorecardDisplay, { params: { id } }),
    enabled,
  });
}

// ---- calls that change the scenario (online only) ----

/** PUT api/scenario/{id}/update-field/{field}: a core field, the status, live edit, or the trainer. */
export function updateScenarioField(id: number, field: string, value: unknown) {
  return apiCall(scenariosApi.updateField, { params: { id, field }, body: { value } });
}

/** POST api/scenario/{id}/fields/{fieldId}: one grouped field's value. */
export function saveScenarioFieldValue(id: number, fieldId: number, value: string) {
  return apiCall(scenariosApi.saveFieldValue, { params: { id, fieldId }, body: { value } });
}

/** POST api/scenario/{id}/comment: used when the scenario is not on this device (an admin reviewing). */
export function postScenarioComment(id: number, field: string, content: string) {
  return apiCall(scenariosApi.comment, { params: { id }, body: { content, field } });
}
