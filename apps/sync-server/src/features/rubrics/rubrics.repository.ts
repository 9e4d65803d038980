import type { Database } from '../../db/database';
import type { RubricRow } from '../../db/types';

/** The outcome of a change to a draft, decided under the rubric's row lock. */
export type DraftLock = 'ok' | 'published' | 'gone';

export interface NewRubric {
  name: string;
  learner_instructions: string | null;
  scorer_instructions: string | null;
  display_type: number;
  creator_user_id: number;
  partner_id: number | null;
}

export interface NewQuestion {
  question: string;
  short_description: string | null;
  question_type_id: number;
  answers: string[];
}

export function createRubricsRepository(db: Database) {
  const summaries = () =>
    db
      .selectFrom('rubrics')
      .innerJoin('users', 'users.id', 'rubrics.creator_user_id')
      .where('rubrics.deleted_at', 'is', null)
      .select([
        'rubrics.id',
        'rubrics.name',
        'rubrics.is_published',
        'rubrics.display_type',
        'rubrics.learner_instructions',
        'rubrics.scorer_instructions',
        'rubrics.creator_user_id',
        'rubrics.created_at',
        'rubrics.updated_at',
        'users.first_name',
        'users.last_name',
      ])
      .select((eb) =>
        eb
          .selectFrom('rubric_questions')
          .whereRef('rubric_questions.rubric_id', '=', 'rubrics.id')
          .select((e) => e.fn.countAll<number>().as('n'))
          .as('question_count'),
      );

  async function insertQuestion(trx: Database, q: NewQuestion, userId: number): Promise<number> {
    const row = await trx
      .insertInto('questions')
      .values({ question: q.question, short_description: q.short_description, question_type_id: q.question_type_id, created_by: userId })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (q.answers.length) {
      await trx
        .insertInto('question_answers')
        .values(q.answers.map((answer, position) => ({ question_id: row.id, answer, position })))
        .execute();
    }
    return row.id;
  }

  /** Locks the rubric row for the transaction: 'ok' for a live draft, else why not. */
  async function lockDraft(trx: Database, rubricId: number): Promise<DraftLock> {
    const row = await trx
      .selectFrom('rubrics')
      .select(['id', 'is_published'])
      .where('id', '=', rubricId)
      .where('deleted_at', 'is', null)
      .forUpdate()
      .executeTakeFirst();
    if (!row) return 'gone';
    return row.is_published ? 'published' : 'ok';
  }
  const touch = (trx: Database, rubricId: number) =>
    trx.updateTable('rubrics').set({ updated_at: new Date() }).where('id', '=', rubricId).execute();

  return {
    /** Rubrics created by the user, newest first. */
    byCreator: (userId: number) =>
      summaries()
        .where('rubrics.creator_user_id', '=', userId)
        .orderBy('rubrics.created_at', 'desc')
        .orderBy('rubrics.id', 'desc')
        .execute(),

    /** A page of drafts (only the creator's unless creatorId is null) or of published rubrics, with the total. */
    async page(filter: { published: boolean; creatorId: number | null }, offset: number, limit: number) {
      let q = summaries().where('rubrics.is_published', '=', filter.published);
      if (filter.creatorId !== null) q = q.where('rubrics.creator_user_id', '=', filter.creatorId);
      const rows = await q.orderBy('rubrics.created_at', 'desc').orderBy('rubrics.id', 'desc').offset(offset).limit(limit).execute();
      let count = db
        .selectFrom('rubrics')
        .where('deleted_at', 'is', null)
        .where('is_published', '=', filter.published)
        .select((e) => e.fn.countAll<number>().as('n'));
      if (filter.creatorId !== null) count = count.where('creator_user_id', '=', filter.creatorId);
      const total = await count.executeTakeFirstOrThrow();
      return { rows, total: Number(total.n) };
    },

    summary: (rubricId: number) => summaries().where('rubrics.id', '=', rubricId).executeTakeFirst(),

    find: (rubricId: number): Promise<RubricRow | undefined> =>
      db.selectFrom('rubrics').selectAll().where('id', '=', rubricId).where('deleted_at', 'is', null).executeTakeFirst(),

    /** The rubric's questions in order, each with its answers in order. */
    async questionsOf(rubricId: number) {
      const questions = await db
        .selectFrom('rubric_questions')
        .innerJoin('questions', 'questions.id', 'rubric_questions.question_id')
        .where('rubric_questions.rubric_id', '=', rubricId)
        .where('questions.deleted_at', 'is', null)
        .select([
          'questions.id',
          'questions.question',
          'questions.short_description',
          'questions.question_type_id',
          'rubric_questions.position',
        ])
        .orderBy('rubric_questions.position')
        .orderBy('questions.id')
        .execute();
      const ids = questions.map((q) => q.id);
      const answers = ids.length
        ? await db
            .selectFrom('question_answers')
            .where('question_id', 'in', ids)
            .select(['id', 'question_id', 'answer'])
            .orderBy('question_id')
            .orderBy('position')
            .orderBy('id')
            .execute()
        : [];
      return questions.map((q) => ({
        ...q,
        answers: answers.filter((a) => a.question_id === q.id).map((a) => ({ id: a.id, answer: a.answer })),
      }));
    },

    async create(values: NewRubric): Promise<number> {
      const row = await db.insertInto('rubrics').values(values).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },

    /** A new draft with copies of the source's questions and answers, in one transaction. */
    clone(values: NewRubric, questions: NewQuestion[]): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const rubric = await trx.insertInto('rubrics').values(values).returning('id').executeTakeFirstOrThrow();
        let position = 0;
        for (const q of questions) {
          const questionId = await insertQuestion(trx, q, values.creator_user_id);
          await trx
            .insertInto('rubric_questions')
            .values({ rubric_id: rubric.id, question_id: questionId, position: position++ })
            .execute();
        }
        return rubric.id;
      });
    },

    /**
     * Changes a draft only: the update is conditional on is_published = false, so a publish that lands
     * between the check and the write cannot be overwritten. Returns whether a row changed.
     */
    async updateDraft(
      rubricId: number,
      values: Partial<{ name: string; learner_instructions: string | null; scorer_instructions: string | null; display_type: number }>,
    ) {
      const res = await db
        .updateTable('rubrics')
        .set({ ...values, updated_at: new Date() })
        .where('id', '=', rubricId)
        .where('is_published', '=', false)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    },

    /** Publishes a draft that has at least one question, under the row lock. */
    publish(rubricId: number): Promise<DraftLock | 'empty'> {
      return db.transaction().execute(async (trx) => {
        const state = await lockDraft(trx, rubricId);
        if (state !== 'ok') return state;
        const n = await trx
          .selectFrom('rubric_questions')
          .where('rubric_id', '=', rubricId)
          .select((e) => e.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow();
        if (Number(n.n) === 0) return 'empty';
        await trx.updateTable('rubrics').set({ is_published: true, updated_at: new Date() }).where('id', '=', rubricId).execute();
        return 'ok';
      });
    },

    async softDeleteDraft(rubricId: number) {
      const res = await db
        .updateTable('rubrics')
        .set({ deleted_at: new Date(), updated_at: new Date() })
        .where('id', '=', rubricId)
        .where('is_published', '=', false)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    },

    addQuestion(rubricId: number, q: NewQuestion, userId: number): Promise<DraftLock | number> {
      return db.transaction().execute(async (trx) => {
        const state = await lockDraft(trx, rubricId);
        if (state !== 'ok') return state;
        const questionId = await insertQuestion(trx, q, userId);
        const last = await trx
          .selectFrom('rubric_questions')
          .where('rubric_id', '=', rubricId)
          .select((e) => e.fn.max('position').as('p'))
          .executeTakeFirst();
        const position = last?.p === null || last?.p === undefined ? 0 : Number(last.p) + 1;
        await trx.insertInto('rubric_questions').values({ rubric_id: rubricId, question_id: questionId, position }).execute();
        await touch(trx, rubricId);
        return questionId;
      });
    },

    /** Replaces a question's text, type and answers (answers are rewritten in the given order). */
    editQuestion(rubricId: number, questionId: number, q: NewQuestion): Promise<DraftLock> {
      return db.transaction().execute(async (trx) => {
        const state = await lockDraft(trx, rubricId);
        if (state !== 'ok') return state;
        await trx
          .updateTable('questions')
          .set({
            question: q.question,
            short_description: q.short_description,
            question_type_id: q.question_type_id,
            updated_at: new Date(),
          })
          .where('id', '=', questionId)
          .execute();
        await trx.deleteFrom('question_answers').where('question_id', '=', questionId).execute();
        if (q.answers.length) {
          await trx
            .insertInto('question_answers')
            .values(q.answers.map((answer, position) => ({ question_id: questionId, answer, position })))
            .execute();
        }
        await touch(trx, rubricId);
        return 'ok' as const;
      });
    },

    /** Detaches a question; a question no longer used by any rubric is soft-deleted. */
    removeQuestion(rubricId: number, questionId: number): Promise<DraftLock> {
      return db.transaction().execute(async (trx) => {
        const state = await lockDraft(trx, rubricId);
        if (state !== 'ok') return state;
        await trx.deleteFrom('rubric_questions').where('rubric_id', '=', rubricId).where('question_id', '=', questionId).execute();
        const other = await trx.selectFrom('rubric_questions').where('question_id', '=', questionId).select('rubric_id').executeTakeFirst();
        if (!other)
          await trx.updateTable('questions').set({ deleted_at: new Date(), updated_at: new Date() }).where('id', '=', questionId).execute();
        await touch(trx, rubricId);
        return 'ok' as const;
      });
    },

    /** Sets the order when it lists exactly the rubric's questions ('mismatch' otherwise). */
    reorder(rubricId: number, order: number[]): Promise<DraftLock | 'mismatch'> {
      return db.transaction().execute(async (trx) => {
        const state = await lockDraft(trx, rubricId);
        if (state !== 'ok') return state;
        const current = (await trx.selectFrom('rubric_questions').where('rubric_id', '=', rubricId).select('question_id').execute()).map(
          (r) => r.question_id,
        );
        const wanted = new Set(order);
        if (wanted.size !== order.length || order.length !== current.length || current.some((q) => !wanted.has(q))) return 'mismatch';
        for (const [position, questionId] of order.entries()) {
          await trx
            .updateTable('rubric_questions')
            .set({ position })
            .where('rubric_id', '=', rubricId)
            .where('question_id', '=', questionId)
            .execute();
        }
        await touch(trx, rubricId);
        return 'ok' as const;
      });
    },
  };
}
export type RubricsRepository = ReturnType<typeof createRubricsRepository>;
