import { z } from 'zod';
import { idSchema } from './ids';
import { isCalendarDate } from './zoned-time';

/**
 * The scoring agreement report's request, answer and words (issue 20 item 7; docs/decisions/0077). The statistics
 * themselves are the pure functions of scoring-agreement.ts; this file only shapes what the call takes and gives.
 */

/** Drift at or beyond this many scale points (Likert 1..5, per question) marks a scorer as drifting. */
export const SCORING_DRIFT_THRESHOLD = 1;
/** The longest period one report covers: two years keeps the drift series readable and the read bounded. */
export const SCORING_RANGE_MAX_DAYS = 731;

export const SCORING_AGREEMENT_MESSAGES = {
  scenarioRequired: 'Please select a scenario.',
  dateInvalid: 'Enter a date as YYYY-MM-DD.',
  rangeOrder: 'The end date must be on or after the start date.',
  rangeTooLong: `The period may span at most ${SCORING_RANGE_MAX_DAYS} days.`,
  notFound: 'Scenario not found.',
  loadError: 'Error retrieving scoring agreement.',
  tooFew: (visits: number) => `Too few visits (${visits})`,
  drifting: 'Drifting',
  noData: 'No completed visits with two or more submitted scorecards in this period.',
} as const;
const M = SCORING_AGREEMENT_MESSAGES;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A calendar date as YYYY-MM-DD that exists (2026-02-30 does not), from 2000 on. */
const dateSchema = z
  .string({ error: M.dateInvalid })
  .max(10, { error: M.dateInvalid })
  .refine((v) => DATE.test(v) && isCalendarDate(v), { error: M.dateInvalid });

const dayNumber = (v: string) => Date.parse(`${v}T00:00:00Z`) / 86_400_000;

export const scoringAgreementQuerySchema = z
  .object({ scenario_id: idSchema(M.scenarioRequired), from: dateSchema, to: dateSchema })
  .superRefine((q, ctx) => {
    const span = dayNumber(q.to) - dayNumber(q.from);
    if (span < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: M.rangeOrder });
    else if (span + 1 > SCORING_RANGE_MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: M.rangeTooLong });
  });
export type ScoringAgreementQuery = z.infer<typeof scoringAgreementQuerySchema>;

export const agreementFigureSchema = z.object({ value: z.number().nullable(), visits: z.number(), flagged: z.boolean() });
export type AgreementFigureDto = z.infer<typeof agreementFigureSchema>;

export const scoringQuestionSchema = z.object({
  question_id: z.number(),
  question: z.string(),
  question_type_id: z.number(),
  /** categorical: multiple choice, true/false; likert: the ordered 1..5 scale */
  scale: z.enum(['categorical', 'likert']),
  pairs: z.number(),
  visits: z.number(),
  percent_agreement: agreementFigureSchema,
  kappa: agreementFigureSchema.nullable(),
  ac1: agreementFigureSchema.nullable(),
  weighted_kappa: agreementFigureSchema.nullable(),
});
export type ScoringQuestion = z.infer<typeof scoringQuestionSchema>;

export const driftPointSchema = z.object({
  month: z.string(),
  /** mean Likert points per question above (+) or below (−) the other scorers of the same visits */
  drift: z.number(),
  visits: z.number(),
  flagged: z.boolean(),
  drifting: z.boolean(),
});
export const scorerDriftSchema = z.object({
  user_id: z.number(),
  name: z.string(),
  drifting: z.boolean(),
  points: z.array(driftPointSchema),
});
export type ScorerDriftDto = z.infer<typeof scorerDriftSchema>;

export const scoringAgreementResponseSchema = z.object({
  scenario: z.object({ id: z.string(), title: z.string() }),
  from: z.string(),
  to: z.string(),
  min_visits: z.number(),
  drift_threshold: z.number(),
  visits: z.number(),
  questions: z.array(scoringQuestionSchema),
  icc: agreementFigureSchema,
  scorers: z.array(scorerDriftSchema),
});
export type ScoringAgreementResponse = z.infer<typeof scoringAgreementResponseSchema>;

/** The scenario picker: scenarios with at least one completed visit the caller's report may read. */
export const scoringScenariosResponseSchema = z.object({ scenarios: z.array(z.object({ id: z.string(), title: z.string() })) });
export type ScoringScenariosResponse = z.infer<typeof scoringScenariosResponseSchema>;

/** Whether a drift figure is far enough from the others to mark. */
export const isDrifting = (drift: number) => Math.abs(drift) >= SCORING_DRIFT_THRESHOLD;
