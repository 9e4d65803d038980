import type { Database } from '../../db/database';
import { loadScenarioFacts } from '../scenario-facts';

/** One submitted SP or observer scorecard of a completed visit, with its answers as stored in the document. */
export interface SubmittedScorecard {
  visit_id: number;
  start_at: Date;
  kind: 'scorecard' | 'feedback-form';
  user_id: number;
  first_name: string;
  last_name: string;
  responses: { question_id: number; response: unknown }[];
}

export interface QuestionFacts {
  id: number;
  question: string;
  short_description: string | null;
  question_type_id: number;
  answer_count: number;
}

/** The answers in a stored document; anything else in it is not this report's business. */
function responsesOf(doc: unknown): SubmittedScorecard['responses'] {
  const list = (doc as { responses?: unknown } | null)?.responses;
  if (!Array.isArray(list)) return [];
  return list.filter(
    (r): r is { question_id: number; response: unknown } => typeof r === 'object' && r !== null && typeof r.question_id === 'number',
  );
}

export function createScoringAgreementRepository(db: Database) {
  return {
    scenarioFacts: (id: string) => loadScenarioFacts(db, id),

    async scenarioTitle(id: string): Promise<string> {
      const row = await db.selectFrom('scenarios').select('title').where('id', '=', id).executeTakeFirst();
      return row?.title ?? '';
    },

    /** Scenarios with a completed visit (at the partner; every partner when null), by title. */
    async scenariosWithVisits(partnerId: number | null): Promise<{ id: string; title: string }[]> {
      let q = db
        .selectFrom('scenarios')
        .select(['scenarios.id', 'scenarios.title'])
        .where('scenarios._deleted', '=', false)
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('visits')
              .select('visits.id')
              .whereRef('visits.scenario_id', '=', 'scenarios.id')
              .where('visits.is_complete', '=', true)
              .$if(partnerId !== null, (w) => w.where('visits.partner_id', '=', partnerId!)),
          ),
        );
      q = q.orderBy('scenarios.title').orderBy('scenarios.id');
      return (await q.execute()).map((r) => ({ id: r.id, title: r.title ?? '' }));
    },

    /**
     * The submitted SP scorecards (feedback form) and observer scorecards of the scenario's completed visits that
     * started in [from, until): no-shows and canceled visits were never scored as a whole. `partnerId` null: all.
     */
    async submittedScorecards(scenarioId: string, partnerId: number | null, from: Date, until: Date): Promise<SubmittedScorecard[]> {
      let q = db
        .selectFrom('visit_scorecards')
        .innerJoin('visits', 'visits.id', 'visit_scorecards.visit_id')
        .innerJoin('users', 'users.id', 'visit_scorecards.user_id')
        .select([
          'visits.id as visit_id',
          'visits.start_at',
          'visit_scorecards.kind',
          'visit_scorecards.user_id',
          'users.first_name',
          'users.last_name',
          'visit_scorecards.doc',
        ])
        .where('visits.scenario_id', '=', scenarioId)
        .where('visits.is_complete', '=', true)
        .where('visits.no_show', '=', false)
        .where('visits.is_canceled', '=', false)
        .where('visits.start_at', '>=', from)
        .where('visits.start_at', '<', until)
        .where('visit_scorecards.kind', 'in', ['scorecard', 'feedback-form'])
        .where('visit_scorecards.submitted_at', 'is not', null)
        .where('visit_scorecards._deleted', '=', false);
      if (partnerId !== null) q = q.where('visits.partner_id', '=', partnerId);
      const rows = await q.orderBy('visits.id').orderBy('visit_scorecards.kind').orderBy('visit_scorecards.user_id').execute();
      return rows.map(({ doc, ...r }) => ({ ...r, kind: r.kind as SubmittedScorecard['kind'], responses: responsesOf(doc) }));
    },

    /** The questions answered, with how many answers each offers (the categories AC1 counts). */
    async questions(ids: readonly number[]): Promise<QuestionFacts[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom('questions')
        .leftJoin('question_answers', 'question_answers.question_id', 'questions.id')
        .select((eb) => [
          'questions.id',
          'questions.question',
          'questions.short_description',
          'questions.question_type_id',
          eb.fn.count<string>('question_answers.id').as('answer_count'),
        ])
        .where('questions.id', 'in', [...ids])
        .groupBy(['questions.id', 'questions.question', 'questions.short_description', 'questions.question_type_id'])
        .orderBy('questions.id')
        .execute();
      return rows.map((r) => ({ ...r, answer_count: Number(r.answer_count) }));
    },
  };
}

export type ScoringAgreementRepository = ReturnType<typeof createScoringAgreementRepository>;
