import {
  type AddQuestionRequest,
  type EditQuestionRequest,
  RUBRIC_PAGE_SIZE,
  type RubricSummary,
  rubricsApi,
  type ScenarioForm,
  type ScenarioFormKind,
  scenarioFormsApi,
} from '@simvisit/schema';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../lib/api';
import { queryKeyOf } from '../../lib/query-keys';

/**
 * The form calls of spec 001 §7 (contracts in packages/schema/src/api/scenario-forms.ts). Forms are edited
 * online (DESIGN.md §5 keeps them out of the local store), so they go through React Query. Every change
 * answers with the whole form, which replaces the cached copy.
 */
export const scenarioFormKeys = {
  form: (kind: ScenarioFormKind, scenarioId: number) => queryKeyOf(scenarioFormsApi[kind].find, { params: { id: scenarioId } }),
  /** not one call's answer but the pages of GET api/rubric/all read together, so a key of its own */
  publishedRubrics: () => ['scenario-forms', 'published-rubrics'] as const,
};

/** GET api/{kind}/find/{scenarioId}: the scenario's form of this kind with its ordered items. */
export function useScenarioForm(kind: ScenarioFormKind, scenarioId: number) {
  return useQuery({
    queryKey: scenarioFormKeys.form(kind, scenarioId),
    queryFn: async () => (await apiCall(scenarioFormsApi[kind].find, { params: { id: scenarioId } })).form,
  });
}

/** The calls of the form's own kind (api/scorecard, api/feedback-form or api/participant-feedback). */
const callsOf = (form: ScenarioForm) => scenarioFormsApi[form.kind];

export const formCalls = {
  addQuestion: (form: ScenarioForm, body: AddQuestionRequest) => apiCall(callsOf(form).addQuestion, { params: { id: form.id }, body }),
  editQuestion: (form: ScenarioForm, body: EditQuestionRequest) => apiCall(callsOf(form).editQuestion, { params: { id: form.id }, body }),
  removeQuestion: (form: ScenarioForm, questionId: number) =>
    apiCall(callsOf(form).removeQuestion, { params: { id: form.id, qid: questionId } }),
  removeRubric: (form: ScenarioForm, rubricId: number) => apiCall(callsOf(form).removeRubric, { params: { id: form.id, rid: rubricId } }),
  attachRubric: (form: ScenarioForm, rubricId: number) => apiCall(callsOf(form).attachRubric, { params: { id: rubricId, x: form.id } }),
  reorder: (form: ScenarioForm, order: readonly number[]) =>
    apiCall(callsOf(form).reorder, { params: { id: form.id }, body: { order: [...order] } }),
  saveInstructions: (form: ScenarioForm, instructions: string) =>
    apiCall(callsOf(form).saveInstructions, { params: { id: form.id }, body: { instructions } }),
  enable: (form: ScenarioForm, enabled: boolean) =>
    apiCall(callsOf(form).enable, { params: { id: form.id }, body: { is_enabled: enabled ? 1 : 0 } }),
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
    const res = await apiCall(rubricsApi.all, { query: { page_start: page * RUBRIC_PAGE_SIZE } });
    out.push(...res.published);
    if (res.published.length < RUBRIC_PAGE_SIZE || out.length >= res.published_total) break;
  }
  return out.sort((a, b) => a.name.localeCompare(b.name));
}

export function usePublishedRubrics(enabled: boolean) {
  return useQuery({ queryKey: scenarioFormKeys.publishedRubrics(), queryFn: allPublishedRubrics, enabled });
}
