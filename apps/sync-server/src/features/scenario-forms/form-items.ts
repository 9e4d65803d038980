import type { ScorecardFormSnapshot, ScorecardKind } from '@simvisit/schema';
import type { Executor } from '../../db/database';

export interface QuestionOut {
  id: number;
  question: string;
  short_description: string | null;
  question_type_id: number;
  answers: { id: number; answer: string }[];
}

/** One item as stored, with what it shows: its own question, or the attached rubric and the rubric's questions. */
export type ItemOut =
  | { id: number; position: number; type: 'question'; question: QuestionOut }
  | {
      id: number;
      position: number;
      type: 'rubric';
      rubric: {
        id: number;
        name: string;
        learner_instructions: string | null;
        scorer_instructions: string | null;
        display_type: number;
        questions: QuestionOut[];
      };
    };

export async function answersOf(db: Executor, questionIds: number[]) {
  if (!questionIds.length) return new Map<number, { id: number; answer: string }[]>();
  const rows = await db
    .selectFrom('question_answers')
    .where('question_id', 'in', questionIds)
    .select(['id', 'question_id', 'answer'])
    .orderBy('question_id')
    .orderBy('position')
    .orderBy('id')
    .execute();
  const map = new Map<number, { id: number; answer: string }[]>();
  for (const r of rows) map.set(r.question_id, [...(map.get(r.question_id) ?? []), { id: r.id, answer: r.answer }]);
  return map;
}

const questionColumns = ['questions.id', 'questions.question', 'questions.short_description', 'questions.question_type_id'] as const;

/** A form's items in order, each with its question or its rubric and the rubric's questions. */
export async function formItems(db: Executor, formId: number): Promise<ItemOut[]> {
  const rows = await db
    .selectFrom('scenario_form_items')
    .where('form_id', '=', formId)
    .select(['id', 'position', 'question_id', 'rubric_id'])
    .orderBy('position')
    .orderBy('id')
    .execute();
  const questionIds = rows.flatMap((r) => (r.question_id === null ? [] : [r.question_id]));
  const rubricIds = rows.flatMap((r) => (r.rubric_id === null ? [] : [r.rubric_id]));
  const own = questionIds.length
    ? await db.selectFrom('questions').where('id', 'in', questionIds).where('deleted_at', 'is', null).select(questionColumns).execute()
    : [];
  const rubrics = rubricIds.length
    ? await db
        .selectFrom('rubrics')
        .where('id', 'in', rubricIds)
        .where('deleted_at', 'is', null)
        .select(['id', 'name', 'learner_instructions', 'scorer_instructions', 'display_type'])
        .execute()
    : [];
  const rubricQuestions = rubricIds.length
    ? await db
        .selectFrom('rubric_questions')
        .innerJoin('questions', 'questions.id', 'rubric_questions.question_id')
        .where('rubric_questions.rubric_id', 'in', rubricIds)
        .where('questions.deleted_at', 'is', null)
        .select([...questionColumns, 'rubric_questions.rubric_id'])
        .orderBy('rubric_questions.rubric_id')
        .orderBy('rubric_questions.position')
        .orderBy('questions.id')
        .execute()
    : [];
  const answers = await answersOf(db, [...own.map((q) => q.id), ...rubricQuestions.map((q) => q.id)]);
  const shape = (q: (typeof own)[number]): QuestionOut => ({
    id: q.id,
    question: q.question,
    short_description: q.short_description,
    question_type_id: q.question_type_id,
    answers: answers.get(q.id) ?? [],
  });
  const out: ItemOut[] = [];
  for (const r of rows) {
    if (r.question_id !== null) {
      const q = own.find((x) => x.id === r.question_id);
      if (q) out.push({ id: r.id, position: r.position, type: 'question', question: shape(q) });
    } else {
      const rubric = rubrics.find((x) => x.id === r.rubric_id);
      if (!rubric) continue;
      const questions = rubricQuestions.filter((q) => q.rubric_id === rubric.id).map(shape);
      out.push({ id: r.id, position: r.position, type: 'rubric', rubric: { ...rubric, questions } });
    }
  }
  return out;
}

/** The scenario's form of a kind as it is now (instructions and items); empty when it was never made. */
export async function formSnapshot(ex: Executor, scenarioId: string, kind: ScorecardKind): Promise<ScorecardFormSnapshot> {
  const form = await ex
    .selectFrom('scenario_forms')
    .select(['id', 'instructions'])
    .where('scenario_id', '=', scenarioId)
    .where('kind', '=', kind)
    .executeTakeFirst();
  if (!form) return { instructions: null, items: [] };
  return { instructions: form.instructions, items: await formItems(ex, form.id) };
}
