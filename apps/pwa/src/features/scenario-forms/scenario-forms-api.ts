import {
  type AddQuestionRequest,
  type EditQuestionRequest,
  formChangedResponseSchema,
  formEnabledResponseSchema,
  formQuestionResponseSchema,
  RUBRIC_PAGE_SIZE,
  type RubricSummary,
  rubricAllResponseSchema,
  type ScenarioForm,
  type ScenarioFormKind,
  scenarioFormResponseSchema,
} from '@simvisit/schema';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../lib/api';

/**
 * The form calls of spec 001 §7 (server: apps/sync-server/src/features/scenario-forms). Forms are edited
 * online (DESIGN.md §5 keeps them out of the local store), so they go through React Query. Every change
 * answers with the whole form, which replaces the cached copy.
 */
export const scenarioFormKeys = {
  all: ['scenario-forms'] as const,
  form: (kind: ScenarioFormKind, scenarioId: number) => [...scenarioFormKeys.all, kind, scenarioId] as const,
  publishedRubrics: () => [...scenarioFormKeys.all, 'published-rubrics'] as const,
};

/** GET api/{kind}/find/{scenarioId}: the scenario's form of this kind with its ordered items. */
export function useScenarioForm(kind: ScenarioFormKind, scenarioId: number) {
  return useQuery({
    queryKey: scenarioFormKeys.form(kind, scenarioId),
    queryFn: async () => (await apiRequest(`/api/${kind}/find/${scenarioId}`, { schema: scenarioFormResponseSchema })).form,
  });
}

const post = <T>(path: string, schema: z.ZodType<T>, body?: unknown) => apiRequest(path, { method: 'POST', body, schema });

export const formCalls = {
  addQuestion: (form: ScenarioForm, body: AddQuestionRequest) =>
    post(`/api/${form.kind}/${form.id}/add-question`, formQuestionResponseSchema, body),
  editQuestion: (form: ScenarioForm, body: EditQuestionRequest) =>
    post(`/api/${form.kind}/${form.id}/edit-question`, formQuestionResponseSchema, body),
  removeQuestion: (form: ScenarioForm, questionId: number) =>
    post(`/api/${form.kind}/${form.id}/remove-question/${questionId}`, formChangedResponseSchema),
  removeRubric: (form: ScenarioForm, rubricId: number) =>
    post(`/api/${form.kind}/${form.id}/remove-rubric/${rubricId}`, formChangedResponseSchema),
  attachRubric: (form: ScenarioForm, rubricId: number) =>
    post(`/api/rubric/${rubricId}/${form.kind}/${form.id}`, formChangedResponseSchema),
  reorder: (form: ScenarioForm, order: readonly number[]) =>
    post(`/api/${form.kind}/${form.id}/reorder`, formChangedResponseSchema, { order }),
  saveInstructions: (form: ScenarioForm, instructions: string) =>
    post(`/api/${form.kind}/${form.id}/instructions`, formChangedResponseSchema, { instructions }),
  enable: (form: ScenarioForm, enabled: boolean) =>
    post(`/api/${form.kind}/${form.id}/enable`, formEnabledResponseSchema, { is_enabled: enabled ? 1 : 0 }),
};

/** Pages of api/rubric/all read at most: 50 pages of 10 published rubrics. */
const MAX_RUBRIC_PAGES = 50;

/**
 * Every published rubric, for the Attach Rubric picker. GET api/rubric/all pages drafts and published rubrics
 * together by 10, so the picker reads pages until it has the published total.
 */
async function allPublishedRubrics(): Promise<RubricSummary[]> {
  const out: RubricSummary[] = [];
  for (let page = 0; page < MAX_RUBRIC_PAGES; page++) {
    const res = await apiRequest(`/api/rubric/all?page_start=${page * RUBRIC_PAGE_SIZE}`, { schema: rubricAllResponseSchema });
    out.push(...res.published);
    if (res.published.length < RUBRIC_PAGE_SIZE || out.length >= res.published_total) break;
  }
  return out.sort((a, b) => a.name.localeCompare(b.name));
}

export function usePublishedRubrics(enabled: boolean) {
  return useQuery({ queryKey: scenarioFormKeys.publishedRubrics(), queryFn: allPublishedRubrics, enabled });
}
