import {
  type AnswerPair,
  categoricalAgreement,
  htmlTextContent,
  inPartnerCatalogue,
  isDrifting,
  LIKERT_ANSWER_COUNT,
  likertAgreement,
  SCORING_AGREEMENT_MESSAGES as M,
  QUESTION_TYPE,
  SCORING_DRIFT_THRESHOLD,
  SCORING_MIN_VISITS,
  type ScoredAnswer,
  type ScorerDriftDto,
  type ScoringAgreementQuery,
  type ScoringAgreementResponse,
  type ScoringQuestion,
  type ScoringScenariosResponse,
  scorerDriftFromAnswers,
  totalsAgreement,
} from '@simvisit/schema';
import { notFound } from '../../http/errors';
import type { Actor } from '../../platform/actor';
import type { QuestionFacts, ScoringAgreementRepository, SubmittedScorecard } from './scoring-agreement.repository';

/**
 * The scoring agreement report (issue 20 item 7; docs/decisions/0077). The service turns submitted scorecards into
 * what the pure statistics of packages/schema take: pairs of answers to the same question on the same visit (the
 * SP against each observer, and every two observers), each visit's totals, and each scorer's totals by month.
 */

const DAY_MS = 86_400_000;
const CATEGORICAL: readonly number[] = [QUESTION_TYPE.multiple_choice, QUESTION_TYPE.true_false];

/** A stored answer as a comparable value: an answer id (categorical) or 1..5 (Likert); null when it is neither. */
function answerValue(type: number, raw: unknown): number | null {
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d{1,10}$/.test(raw.trim()) ? Number(raw) : Number.NaN;
  if (!Number.isInteger(n)) return null;
  if (type === QUESTION_TYPE.likert) return n >= 1 && n <= LIKERT_ANSWER_COUNT ? n : null;
  return CATEGORICAL.includes(type) && n > 0 ? n : null;
}

/** A visit's scorers in a fixed order: the SP first, then the observers by id (pairs keep the SP on one side). */
function byVisit(cards: readonly SubmittedScorecard[]): SubmittedScorecard[][] {
  const visits = new Map<number, SubmittedScorecard[]>();
  for (const c of cards) visits.set(c.visit_id, [...(visits.get(c.visit_id) ?? []), c]);
  const order = (c: SubmittedScorecard) => (c.kind === 'feedback-form' ? 0 : 1);
  return [...visits.values()].map((v) => [...v].sort((a, b) => order(a) - order(b) || a.user_id - b.user_id));
}

function answerOf(card: SubmittedScorecard, q: QuestionFacts): number | null {
  const r = card.responses.find((x) => x.question_id === q.id);
  return r ? answerValue(q.question_type_id, r.response) : null;
}

function questionFigures(q: QuestionFacts, visits: readonly SubmittedScorecard[][]): ScoringQuestion {
  const pairs: AnswerPair<number>[] = [];
  let visitCount = 0;
  for (const cards of visits) {
    const answers = cards.map((c) => answerOf(c, q)).filter((a): a is number => a !== null);
    if (answers.length < 2) continue;
    visitCount += 1;
    for (let i = 0; i < answers.length; i += 1) for (let j = i + 1; j < answers.length; j += 1) pairs.push([answers[i]!, answers[j]!]);
  }
  const likert = q.question_type_id === QUESTION_TYPE.likert;
  const base = {
    question_id: q.id,
    question: q.short_description?.trim() || htmlTextContent(q.question),
    question_type_id: q.question_type_id,
    scale: likert ? ('likert' as const) : ('categorical' as const),
    pairs: pairs.length,
    visits: visitCount,
  };
  if (likert) {
    const f = likertAgreement(pairs, visitCount, LIKERT_ANSWER_COUNT);
    return { ...base, percent_agreement: f.percent_agreement, kappa: null, ac1: null, weighted_kappa: f.weighted_kappa };
  }
  const f = categoricalAgreement(pairs, visitCount, q.answer_count || undefined);
  return { ...base, percent_agreement: f.percent_agreement, kappa: f.kappa, ac1: f.ac1, weighted_kappa: null };
}

/**
 * Each visit's totals: the sum of the Likert answers every scorer of the visit gave (only questions all of them
 * answered, so the totals compare like with like). Visits with one scorer or no common Likert question tell nothing.
 */
function visitTotals(visits: readonly SubmittedScorecard[][], likert: readonly QuestionFacts[]) {
  const out: { card: SubmittedScorecard; sum: number; mean: number }[][] = [];
  for (const cards of visits) {
    if (cards.length < 2) continue;
    const common = likert.filter((q) => cards.every((c) => answerOf(c, q) !== null));
    if (common.length === 0) continue;
    out.push(
      cards.map((card) => {
        const sum = common.reduce((s, q) => s + (answerOf(card, q) ?? 0), 0);
        return { card, sum, mean: sum / common.length };
      }),
    );
  }
  return out;
}

const monthOf = (d: Date) => d.toISOString().slice(0, 7);

/** Each scorer's drift by month, from their Likert answers compared question by question (scorerDriftFromAnswers). */
function driftSeries(visits: readonly SubmittedScorecard[][], likert: readonly QuestionFacts[]): ScorerDriftDto[] {
  const answers: ScoredAnswer[] = [];
  const names = new Map<number, string>();
  for (const cards of visits) {
    if (cards.length < 2) continue;
    for (const card of cards) {
      names.set(card.user_id, `${card.first_name} ${card.last_name}`.trim());
      for (const q of likert) {
        const value = answerOf(card, q);
        if (value !== null) {
          answers.push({ visit_id: card.visit_id, scorer_id: card.user_id, month: monthOf(card.start_at), question_id: q.id, value });
        }
      }
    }
  }
  const series = new Map<number, ScorerDriftDto>();
  for (const p of scorerDriftFromAnswers(answers)) {
    const entry = series.get(p.scorer_id) ?? { user_id: p.scorer_id, name: names.get(p.scorer_id) ?? '', drifting: false, points: [] };
    const drifting = isDrifting(p.drift);
    entry.points.push({ month: p.month, drift: p.drift, visits: p.visits, flagged: p.flagged, drifting });
    entry.drifting ||= drifting;
    series.set(p.scorer_id, entry);
  }
  return [...series.values()].sort((a, b) => a.name.localeCompare(b.name) || a.user_id - b.user_id);
}

export function createScoringAgreementService(d: { repo: ScoringAgreementRepository }) {
  const partnerOf = (actor: Actor) => (actor.user.super_admin ? null : actor.partnerId);
  return {
    /** The picker's scenarios; another partner's visits never put a scenario on it. */
    async scenarios(actor: Actor): Promise<ScoringScenariosResponse> {
      const partnerId = partnerOf(actor);
      const rows = await d.repo.scenariosWithVisits(partnerId);
      return { scenarios: rows };
    },

    async report(actor: Actor, query: ScoringAgreementQuery): Promise<ScoringAgreementResponse> {
      const scenarioId = String(query.scenario_id);
      const facts = await d.repo.scenarioFacts(scenarioId);
      const superAdmin = Boolean(actor.user.super_admin);
      // Another partner's scenario is not there for this caller (404, not 403: its existence is not theirs to know).
      if (!facts || (!superAdmin && !inPartnerCatalogue(actor.partnerId, facts))) throw notFound(M.notFound);
      const from = new Date(`${query.from}T00:00:00Z`);
      const until = new Date(Date.parse(`${query.to}T00:00:00Z`) + DAY_MS);
      const cards = await d.repo.submittedScorecards(scenarioId, partnerOf(actor), from, until);
      const visits = byVisit(cards);
      const ids = [...new Set(cards.flatMap((c) => c.responses.map((r) => r.question_id)))].filter((id) => Number.isInteger(id) && id > 0);
      const questions = (await d.repo.questions(ids)).filter(
        (q) => q.question_type_id === QUESTION_TYPE.likert || CATEGORICAL.includes(q.question_type_id),
      );
      const likert = questions.filter((q) => q.question_type_id === QUESTION_TYPE.likert);
      const totals = visitTotals(visits, likert);
      return {
        scenario: { id: scenarioId, title: await d.repo.scenarioTitle(scenarioId) },
        from: query.from,
        to: query.to,
        min_visits: SCORING_MIN_VISITS,
        drift_threshold: SCORING_DRIFT_THRESHOLD,
        visits: visits.filter((v) => v.length >= 2).length,
        questions: questions.map((q) => questionFigures(q, visits)).filter((q) => q.pairs > 0),
        icc: totalsAgreement(totals.map((v) => v.map((t) => t.sum))),
        scorers: driftSeries(visits, likert),
      };
    },
  };
}

export type ScoringAgreementService = ReturnType<typeof createScoringAgreementService>;
