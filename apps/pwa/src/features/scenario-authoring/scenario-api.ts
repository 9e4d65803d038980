import {
  giftcardCampaignsResponseSchema,
  patientImagesResponseSchema,
  type ScenarioDetail,
  scenarioDetailResponseSchema,
  scenariosApi,
} from '@simvisit/schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiCall, isConnectionError } from '../../lib/api';
import { readCached, writeCached } from '../../lib/offline-cache';

/**
 * The scenario REST calls of spec 001 §7 used by the authoring page, through their contracts
 * (packages/schema/src/api/scenario-*.ts), which check each answer.
 */

export const scenarioKeys = {
  all: ['scenario'] as const,
  scenario: (id: number) => ['scenario', id] as const,
  detail: (id: number) => ['scenario', id, 'detail'] as const,
  options: (id: number, kind: UserOptionsKind) => ['scenario', id, 'options', kind] as const,
  scorecardDisplay: (id: number) => ['scenario', id, 'scorecard-display'] as const,
};

const DAY = 24 * 60 * 60 * 1000;

/** GET api/scenario/{id}, and where it came from: the server, or the copy saved on this device (offline). */
export interface LoadedScenario {
  scenario: ScenarioDetail;
  fromDevice: boolean;
}

/** The detail is kept per user (removed with the user's other data at logout) for reading offline. */
const detailCacheKey = (userId: number, id: number) => `user:${userId}:scenario:${id}`;

export function scenarioDetailQuery(userId: number, id: number) {
  return queryOptions({
    queryKey: scenarioKeys.detail(id),
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

export function useScenarioDetail(userId: number, id: number) {
  return useQuery(scenarioDetailQuery(userId, id));
}

/**
 * Reference lists shared by everyone on the device, kept for offline reading like the other lookups. `schema`
 * is the call's shared answer schema, which reads the saved copy back.
 */
function cachedListQuery<T>(key: string, call: () => Promise<T>, schema: z.ZodType<T>) {
  return queryOptions({
    queryKey: ['scenario-lookups', key],
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
    ...cachedListQuery('patient-images', () => apiCall(scenariosApi.patientImages), patientImagesResponseSchema),
    enabled,
  });
}

export function useGiftcardCampaigns() {
  return useQuery(cachedListQuery('giftcard-campaigns', () => apiCall(scenariosApi.campaigns), giftcardCampaignsResponseSchema));
}

export function usePartnerOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['scenario-lookups', 'partner-list'],
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
export function useUserOptions(id: number, kind: UserOptionsKind, enabled: boolean) {
  return useQuery({
    queryKey: scenarioKeys.options(id, kind),
    queryFn: () => apiCall(OPTION_CALLS[kind], { params: { id } }),
    enabled,
    staleTime: 0,
  });
}

export function useScorecardDisplay(id: number, enabled: boolean) {
  return useQuery({
    queryKey: scenarioKeys.scorecardDisplay(id),
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
