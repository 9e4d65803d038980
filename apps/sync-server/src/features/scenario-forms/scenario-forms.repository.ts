import type { ScenarioFactsRow, ScenarioFormKind } from '@simvisit/schema';
import { SCENARIO_FORM_ENABLED_COLUMN } from '@simvisit/schema';
import type { Database } from '../../db/database';
import { answersOf, formItems, type ItemOut } from './form-items';

/**
 * Reads a scenario's facts on an executor; `lock` holds the scenario row. Given by the composition root (the
 * scenarios feature owns the SQL), so this feature does not depend on the scenarios feature, which uses it.
 */
export type ScenarioFactsLoader = (
  ex: Database,
  scenarioId: string | number,
  viewerId: number,
  lock: boolean,
) => Promise<ScenarioFactsRow | null>;

export interface NewFormQuestion {
  question: string;
  short_description: string | null;
  question_type_id: number;
  answers: string[];
}

export interface FormRow {
  id: number;
  scenario_id: string;
  kind: ScenarioFormKind;
  instructions: string | null;
}

/**
 * SQL of the scenario forms. Every method works on the executor it is bound to, so the service can run a
 * change inside one transaction that first locks the scenario row (`facts(..., lock)`): all changes to a
 * scenario's forms are serialized by that lock, which also guards the positions computed here.
 */
function bind(db: Database, loadFacts: ScenarioFactsLoader) {
  return {
    /** Scenario facts for the rules; `lock` holds the scenario row until the transaction ends. */
    facts: (scenarioId: string | number, viewerId: number, lock = false) => loadFacts(db, scenarioId, viewerId, lock),

    /** A form of a live scenario. */
    findForm: (formId: number): Promise<FormRow | undefined> =>
      db
        .selectFrom('scenario_forms')
        .innerJoin('scenarios', 'scenarios.id', 'scenario_forms.scenario_id')
        .where('scenario_forms.id', '=', formId)
        .where('scenarios._deleted', '=', false)
        .select(['scenario_forms.id', 'scenario_forms.scenario_id', 'scenario_forms.kind', 'scenario_forms.instructions'])
        .executeTakeFirst(),

    /** The scenario's form of a kind, created empty the first time (idempotent under concurrent calls). */
    async ensureForm(scenarioId: string, kind: ScenarioFormKind): Promise<number> {
      await db
        .insertInto('scenario_forms')
        .values({ scenario_id: scenarioId, kind })
        .onConflict((oc) => oc.columns(['scenario_id', 'kind']).doNothing())
        .execute();
      const row = await db
        .selectFrom('scenario_forms')
        .where('scenario_id', '=', scenarioId)
        .where('kind', '=', kind)
        .select('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async isEnabled(scenarioId: string, kind: ScenarioFormKind): Promise<boolean> {
      const column = SCENARIO_FORM_ENABLED_COLUMN[kind];
      const row = await db.selectFrom('scenarios').where('id', '=', scenarioId).select(column).executeTakeFirstOrThrow();
      return Number((row as Record<string, unknown>)[column]) === 1;
    },

    /** The scenario's switch for this form (a server-owned column; the replicated document never carries it). */
    async setEnabled(scenarioId: string, kind: ScenarioFormKind, enabled: boolean) {
      await db
        .updateTable('scenarios')
        .set({ [SCENARIO_FORM_ENABLED_COLUMN[kind]]: enabled ? 1 : 0, updated_at: new Date() })
        .where('id', '=', scenarioId)
        .execute();
    },

    setInstructions: (formId: number, instructions: string | null) =>
      db.updateTable('scenario_forms').set({ instructions, updated_at: new Date() }).where('id', '=', formId).execute(),

    /** The form's items in order, each with its question or its rubric and the rubric's questions. */
    items: (formId: number): Promise<ItemOut[]> => formItems(db, formId),

    async itemIds(formId: number): Promise<number[]> {
      const rows = await db.selectFrom('scenario_form_items').where('form_id', '=', formId).select('id').execute();
      return rows.map((r) => r.id);
    },

    findQuestionItem: (formId: number, questionId: number) =>
      db
        .selectFrom('scenario_form_items')
        .innerJoin('questions', 'questions.id', 'scenario_form_items.question_id')
        .where('scenario_form_items.form_id', '=', formId)
        .where('scenario_form_items.question_id', '=', questionId)
        .where('questions.deleted_at', 'is', null)
        .select(['scenario_form_items.id', 'scenario_form_items.question_id'])
        .executeTakeFirst(),

    findRubricItem: (formId: number, rubricId: number) =>
      db.selectFrom('scenario_form_items').where('form_id', '=', formId).where('rubric_id', '=', rubricId).select('id').executeTakeFirst(),

    /** Appends an item (a new question, or a rubric) after the last one. */
    async appendItem(formId: number, item: { question_id: number } | { rubric_id: number }): Promise<number> {
      const last = await db
        .selectFrom('scenario_form_items')
        .where('form_id', '=', formId)
        .select((e) => e.fn.max('position').as('p'))
        .executeTakeFirst();
      const position = last?.p === null || last?.p === undefined ? 0 : Number(last.p) + 1;
      const row = await db
        .insertInto('scenario_form_items')
        .values({ form_id: formId, position, question_id: null, rubric_id: null, ...item })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db.updateTable('scenario_forms').set({ updated_at: new Date() }).where('id', '=', formId).execute();
      return row.id;
    },

    /** A new question of the shared questions table, with its answers in order. */
    async insertQuestion(q: NewFormQuestion, userId: number): Promise<number> {
      const row = await db
        .insertInto('questions')
        .values({ question: q.question, short_description: q.short_description, question_type_id: q.question_type_id, created_by: userId })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (q.answers.length) {
        await db
          .insertInto('question_answers')
          .values(q.answers.map((answer, position) => ({ question_id: row.id, answer, position })))
          .execute();
      }
      return row.id;
    },

    /** Replaces a question's text, type and answers (answers are rewritten in the given order). */
    async updateQuestion(questionId: number, q: NewFormQuestion) {
      await db
        .updateTable('questions')
        .set({ question: q.question, short_description: q.short_description, question_type_id: q.question_type_id, updated_at: new Date() })
        .where('id', '=', questionId)
        .execute();
      await db.deleteFrom('question_answers').where('question_id', '=', questionId).execute();
      if (q.answers.length) {
        await db
          .insertInto('question_answers')
          .values(q.answers.map((answer, position) => ({ question_id: questionId, answer, position })))
          .execute();
      }
    },

    /**
     * Removes an item. A question no longer used by any form or rubric is soft-deleted (answers already given
     * on visits keep pointing at it); an attached rubric is only detached.
     */
    async removeItem(formId: number, itemId: number, questionId: number | null) {
      await db.deleteFrom('scenario_form_items').where('id', '=', itemId).where('form_id', '=', formId).execute();
      if (questionId !== null) {
        const inForm = await db.selectFrom('scenario_form_items').where('question_id', '=', questionId).select('id').executeTakeFirst();
        const inRubric = await db
          .selectFrom('rubric_questions')
          .where('question_id', '=', questionId)
          .select('rubric_id')
          .executeTakeFirst();
        if (!inForm && !inRubric) {
          await db.updateTable('questions').set({ deleted_at: new Date(), updated_at: new Date() }).where('id', '=', questionId).execute();
        }
      }
      await db.updateTable('scenario_forms').set({ updated_at: new Date() }).where('id', '=', formId).execute();
    },

    /**
     * Copies every form of one scenario to another (a scenario clone): instructions, and the items in order,
     * each question as a new copy with its answers, each rubric attached again. The switches are the
     * scenario's columns and go with the scenario row.
     */
    async copyForms(fromScenarioId: string, toScenarioId: string, userId: number) {
      const forms = await db.selectFrom('scenario_forms').where('scenario_id', '=', fromScenarioId).selectAll().orderBy('id').execute();
      for (const source of forms) {
        const target = await db
          .insertInto('scenario_forms')
          .values({ scenario_id: toScenarioId, kind: source.kind, instructions: source.instructions })
          .onConflict((oc) => oc.columns(['scenario_id', 'kind']).doUpdateSet({ instructions: source.instructions }))
          .returning('id')
          .executeTakeFirstOrThrow();
        const items = await db
          .selectFrom('scenario_form_items')
          .leftJoin('questions', 'questions.id', 'scenario_form_items.question_id')
          .where('scenario_form_items.form_id', '=', source.id)
          .select([
            'scenario_form_items.position',
            'scenario_form_items.rubric_id',
            'questions.id as question_id',
            'questions.question',
            'questions.short_description',
            'questions.question_type_id',
            'questions.deleted_at',
          ])
          .orderBy('scenario_form_items.position')
          .orderBy('scenario_form_items.id')
          .execute();
        const answers = await answersOf(
          db,
          items.flatMap((i) => (i.question_id === null ? [] : [i.question_id])),
        );
        let position = 0;
        for (const item of items) {
          let values: { question_id: number | null; rubric_id: number | null };
          if (item.rubric_id !== null) values = { question_id: null, rubric_id: item.rubric_id };
          else if (item.question_id !== null && item.question !== null && item.question_type_id !== null && item.deleted_at === null) {
            const copy = await db
              .insertInto('questions')
              .values({
                question: item.question,
                short_description: item.short_description,
                question_type_id: item.question_type_id,
                created_by: userId,
              })
              .returning('id')
              .executeTakeFirstOrThrow();
            const list = answers.get(item.question_id) ?? [];
            if (list.length) {
              await db
                .insertInto('question_answers')
                .values(list.map((a, i) => ({ question_id: copy.id, answer: a.answer, position: i })))
                .execute();
            }
            values = { question_id: copy.id, rubric_id: null };
          } else continue;
          await db
            .insertInto('scenario_form_items')
            .values({ form_id: target.id, position: position++, ...values })
            .execute();
        }
      }
    },

    async setPositions(formId: number, order: number[]) {
      for (const [position, itemId] of order.entries()) {
        await db.updateTable('scenario_form_items').set({ position }).where('id', '=', itemId).where('form_id', '=', formId).execute();
      }
      await db.updateTable('scenario_forms').set({ updated_at: new Date() }).where('id', '=', formId).execute();
    },
  };
}

export type ScenarioFormsStore = ReturnType<typeof bind>;

export function createScenarioFormsRepository(db: Database, loadFacts: ScenarioFactsLoader) {
  return {
    ...bind(db, loadFacts),
    /** Runs `fn` in one transaction with the same methods bound to it. */
    transaction: <T>(fn: (tx: ScenarioFormsStore) => Promise<T>): Promise<T> => db.transaction().execute((trx) => fn(bind(trx, loadFacts))),
    /** The same methods on another feature's open transaction. */
    on: (executor: Database) => bind(executor, loadFacts),
  };
}
export type ScenarioFormsRepository = ReturnType<typeof createScenarioFormsRepository>;
