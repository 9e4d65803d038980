import {
  giftcardCampaignSchema,
  messageSchema,
  patientImageSchema,
  type ScenarioDetail,
  scenarioDetailResponseSchema,
  scenarioIdResponseSchema,
  scenarioPartnerSchema,
  scenarioUserSchema,
  userOptionSchema,
} from '@simvisit/schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest, isConnectionError } from '../../lib/api';
import { readCached, writeCached } from '../../lib/offline-cache';

/**
 * The scenario REST calls of spec 001 §7 used by the authoring page. Answers are checked against the shared
 * schemas; the wrappers below only name the keys the server puts around them.
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
        const { scenario } = await apiRequest(`/api/scenario/${id}`, { schema: scenarioDetailResponseSchema });
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

/** Reference lists shared by everyone on the device, kept for offline reading like the other lookups. */
function cachedListQuery<T>(key: string, path: string, schema: z.ZodType<T>) {
  return queryOptions({
    queryKey: ['scenario-lookups', key],
    queryFn: async () => {
      try {
        const answer = await apiRequest(path, { schema });
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

const patientImagesSchema = z.object({ images: z.array(patientImageSchema) });
export type PatientImage = z.infer<typeof patientImageSchema>;
export function usePatientImages(enabled: boolean) {
  return useQuery({ ...cachedListQuery('patient-images', '/api/patient-images', patientImagesSchema), enabled });
}

const campaignsSchema = z.object({ giftcard_options: z.array(giftcardCampaignSchema) });
export function useGiftcardCampaigns() {
  return useQuery(cachedListQuery('giftcard-campaigns', '/api/giftcard/campaigns', campaignsSchema));
}

const partnerOptionSchema = z.object({ id: z.number(), long_name: z.string(), short_name: z.string() });
const partnerListSchema = z.object({ partners: z.array(partnerOptionSchema) });
export function usePartnerOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['scenario-lookups', 'partner-list'],
    queryFn: () => apiRequest('/api/partner/list', { schema: partnerListSchema }),
    enabled,
    staleTime: 60_000,
  });
}

export type UserOptionsKind = 'sp-options' | 'observer-options' | 'trainer-options';
const userOptionsSchema = z.object({ users: z.array(userOptionSchema) });
export type UserOption = z.infer<typeof userOptionSchema>;
export function useUserOptions(id: number, kind: UserOptionsKind, enabled: boolean) {
  return useQuery({
    queryKey: scenarioKeys.options(id, kind),
    queryFn: () => apiRequest(`/api/scenario/${id}/${kind}`, { schema: userOptionsSchema }),
    enabled,
    staleTime: 0,
  });
}

const scorecardDisplaySchema = z.object({
  display_options: z.array(z.object({ id: z.number(), name: z.string() })),
  scorecard_display_type_id: z.number().nullable(),
});
export function useScorecardDisplay(id: number, enabled: boolean) {
  return useQuery({
    queryKey: scenarioKeys.scorecardDisplay(id),
    queryFn: () => apiRequest(`/api/scenario/${id}/scorecard-display`, { schema: scorecardDisplaySchema }),
    enabled,
  });
}

// ---- calls that change the scenario (online only) ----

export const scenarioAnswerSchema = scenarioDetailResponseSchema;
export const partnersAnswerSchema = z.object({ message: z.string(), scenario_partners: z.array(scenarioPartnerSchema) });
export const usersAnswerSchema = z.object({ message: z.string(), users: z.array(scenarioUserSchema) });
export const trainerAnswerSchema = z.object({ message: z.string() }).loose();
export const cloneAnswerSchema = scenarioIdResponseSchema;
export const savedMessageSchema = messageSchema.loose();
export const commentAnswerSchema = z.object({
  comment: z.object({
    id: z.union([z.string(), z.number()]).transform(String),
    user: z.object({ id: z.number(), name: z.string(), image: z.string().nullable() }),
    content: z.string(),
    field: z.string(),
    created_at: z.string(),
  }),
});
export const fieldAnswerSchema = z.object({ field: z.object({ scenario_field_id: z.number(), value: z.string().nullable() }) });

/** PUT api/scenario/{id}/update-field/{field}: a core field, the status, live edit, or the trainer. */
export function updateScenarioField(id: number, field: string, value: unknown) {
  return apiRequest(`/api/scenario/${id}/update-field/${encodeURIComponent(field)}`, {
    method: 'PUT',
    body: { value },
    schema: scenarioAnswerSchema,
  });
}

/** POST api/scenario/{id}/fields/{fieldId}: one grouped field's value. */
export function saveScenarioFieldValue(id: number, fieldId: number, value: string) {
  return apiRequest(`/api/scenario/${id}/fields/${fieldId}`, { method: 'POST', body: { value }, schema: fieldAnswerSchema });
}

/** POST api/scenario/{id}/comment: used when the scenario is not on this device (an admin reviewing). */
export function postScenarioComment(id: number, field: string, content: string) {
  return apiRequest(`/api/scenario/${id}/comment`, { method: 'POST', body: { content, field }, schema: commentAnswerSchema });
}
