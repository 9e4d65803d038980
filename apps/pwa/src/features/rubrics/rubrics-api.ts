import {
  type AddQuestionRequest,
  type EditQuestionRequest,
  RUBRIC_PAGE_SIZE,
  type RubricDetail,
  type RubricField,
  rubricsApi,
} from '@simvisit/schema';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../lib/api';
import { callPrefix, queryKeyOf } from '../../lib/query-keys';

/**
 * The rubric calls of spec 001 §7 (contracts in packages/schema/src/api/rubrics.ts). Rubrics are online-only
 * (DESIGN.md §5 keeps them out of the local store), so they go through React Query like user management.
 */

/** The cache keys of the rubric calls, derived from their contracts (lib/query-keys.ts). */
export const rubricKeys = {
  /** every page of the list, whatever its offset */
  lists: () => callPrefix(rubricsApi.all),
  page: (page: number) => queryKeyOf(rubricsApi.all, { query: { page_start: pageStart(page) } }),
  detail: (id: number) => queryKeyOf(rubricsApi.show, { params: { id } }),
};

const pageStart = (page: number) => (page - 1) * RUBRIC_PAGE_SIZE;

/**
 * GET api/rubric/all: one page of drafts and one of published rubrics at the same offset. Each tab keeps its
 * own page, so a tab on page 3 asks for offset 20 and reads only its own half of the answer.
 */
export function useRubricPage(page: number) {
  return useQuery({
    queryKey: rubricKeys.page(page),
    queryFn: () => apiCall(rubricsApi.all, { query: { page_start: pageStart(page) } }),
    placeholderData: keepPreviousData,
  });
}

/** GET api/rubric/{id}: the rubric with its questions in order. */
export function useRubric(id: number) {
  return useQuery({
    queryKey: rubricKeys.detail(id),
    queryFn: async () => (await apiCall(rubricsApi.show, { params: { id } })).rubric,
  });
}

export function createRubric() {
  return apiCall(rubricsApi.create, { body: {} });
}

export function cloneRubric(id: number) {
  return apiCall(rubricsApi.clone, { body: { rubric_id: id } });
}

export function deleteRubric(id: number) {
  return apiCall(rubricsApi.remove, { params: { id } });
}

export function publishRubric(id: number) {
  return apiCall(rubricsApi.publish, { params: { id } });
}

export function saveRubricField(id: number, field: RubricField, value: string | number | null) {
  return apiCall(rubricsApi.saveField, { body: { rubric_id: id, field, value } });
}

export function addQuestion(id: number, body: AddQuestionRequest) {
  return apiCall(rubricsApi.addQuestion, { params: { id }, body });
}

export function editQuestion(id: number, body: EditQuestionRequest) {
  return apiCall(rubricsApi.editQuestion, { params: { id }, body });
}

export function removeQuestion(id: number, questionId: number) {
  return apiCall(rubricsApi.removeQuestion, { params: { id, qid: questionId } });
}

export function reorderQuestions(id: number, order: readonly number[]) {
  return apiCall(rubricsApi.reorder, { params: { id }, body: { order: [...order] } });
}

/** The rubric with its questions put in `order` (ids), as the server stores them after a reorder. */
export function withQuestionOrder(rubric: RubricDetail, order: readonly number[]): RubricDetail {
  const byId = new Map(rubric.questions.map((q) => [q.id, q]));
  const questions = order.map((id) => byId.get(id)).filter((q) => q !== undefined);
  return {
    ...rubric,
    questions,
    rubric_questions: questions.map((question, i) => ({ question_id: question.id, position: i, question })),
  };
}
