import {
  type AddQuestionRequest,
  type EditQuestionRequest,
  messageSchema,
  RUBRIC_PAGE_SIZE,
  type RubricDetail,
  type RubricField,
  rubricAllResponseSchema,
  rubricCreatedResponseSchema,
  rubricDetailResponseSchema,
  rubricFieldSavedResponseSchema,
  rubricQuestionResponseSchema,
} from '@simvisit/schema';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';

/**
 * The rubric calls of spec 001 §7 (server: apps/sync-server/src/features/rubrics). Rubrics are online-only
 * (DESIGN.md §5 keeps them out of the local store), so they go through React Query like user management.
 */

export const rubricKeys = {
  all: ['rubrics'] as const,
  lists: () => [...rubricKeys.all, 'list'] as const,
  page: (page: number) => [...rubricKeys.lists(), page] as const,
  detail: (id: number) => [...rubricKeys.all, 'detail', id] as const,
};

/**
 * GET api/rubric/all: one page of drafts and one of published rubrics at the same offset. Each tab keeps its
 * own page, so a tab on page 3 asks for offset 20 and reads only its own half of the answer.
 */
export function useRubricPage(page: number) {
  return useQuery({
    queryKey: rubricKeys.page(page),
    queryFn: () => apiRequest(`/api/rubric/all?page_start=${(page - 1) * RUBRIC_PAGE_SIZE}`, { schema: rubricAllResponseSchema }),
    placeholderData: keepPreviousData,
  });
}

/** GET api/rubric/{id}: the rubric with its questions in order. */
export function useRubric(id: number) {
  return useQuery({
    queryKey: rubricKeys.detail(id),
    queryFn: async () => (await apiRequest(`/api/rubric/${id}`, { schema: rubricDetailResponseSchema })).rubric,
  });
}

export function createRubric() {
  return apiRequest('/api/rubric/create', { method: 'POST', body: {}, schema: rubricCreatedResponseSchema });
}

export function cloneRubric(id: number) {
  return apiRequest('/api/rubric/clone', { method: 'POST', body: { rubric_id: id }, schema: rubricCreatedResponseSchema });
}

export function deleteRubric(id: number) {
  return apiRequest(`/api/rubric/${id}/delete`, { method: 'POST', schema: messageSchema });
}

const publishedResponseSchema = rubricDetailResponseSchema.extend({ message: messageSchema.shape.message });

export function publishRubric(id: number) {
  return apiRequest(`/api/rubric/${id}/publish`, { method: 'POST', schema: publishedResponseSchema });
}

export function saveRubricField(id: number, field: RubricField, value: string | number | null) {
  return apiRequest('/api/rubric/save-field', {
    method: 'POST',
    body: { rubric_id: id, field, value },
    schema: rubricFieldSavedResponseSchema,
  });
}

export function addQuestion(id: number, body: AddQuestionRequest) {
  return apiRequest(`/api/rubric/${id}/add-question`, { method: 'POST', body, schema: rubricQuestionResponseSchema });
}

export function editQuestion(id: number, body: EditQuestionRequest) {
  return apiRequest(`/api/rubric/${id}/edit-question`, { method: 'POST', body, schema: rubricQuestionResponseSchema });
}

export function removeQuestion(id: number, questionId: number) {
  return apiRequest(`/api/rubric/${id}/remove-question/${questionId}`, { method: 'POST', schema: messageSchema });
}

export function reorderQuestions(id: number, order: readonly number[]) {
  return apiRequest(`/api/rubric/${id}/reorder`, { method: 'POST', body: { order }, schema: messageSchema });
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
