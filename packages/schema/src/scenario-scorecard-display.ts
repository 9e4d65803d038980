/**
 * Scorecard display types (spec 002 §3: 0 zero, 1 none, 2 feedback, 3 feedback_individual, 4 feedback_merged,
 * 5 feedback_individual_merged, 6 individual, 7 merged, 8 individual_merged): which scorecards the learner of a
 * visit sees (the SP scorecard = feedback form, each observer's scorecard, the observers' merged scorecard).
 * The option names are the product's (docs/decisions/0030-visit-scorecards.md).
 */
export const SCORECARD_DISPLAY_TYPE = {
  zero: 0,
  none: 1,
  feedback: 2,
  feedback_individual: 3,
  feedback_merged: 4,
  feedback_individual_merged: 5,
  individual: 6,
  merged: 7,
  individual_merged: 8,
} as const;
export type ScorecardDisplayTypeId = (typeof SCORECARD_DISPLAY_TYPE)[keyof typeof SCORECARD_DISPLAY_TYPE];

export const SCORECARD_DISPLAY_OPTIONS = [
  { id: 1, name: 'No scorecards for the learner' },
  { id: 2, name: 'SP Scorecard only' },
  { id: 3, name: 'SP and individual Observer Scorecards' },
  { id: 4, name: 'SP and merged Observer Scorecards' },
  { id: 5, name: 'SP, individual and merged Observer Scorecards' },
  { id: 6, name: 'Individual Observer Scorecards only' },
  { id: 7, name: 'Merged Observer Scorecards only' },
  { id: 8, name: 'Individual and merged Observer Scorecards' },
] as const;
