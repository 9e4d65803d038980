/** A training session's kind (spec 002 §7) and the practice page's refusals (decision 0030). */
export const TRAINING_SESSION_TYPE = { zero: 0, scenario: 1, onboarding: 2, grouped: 3, large_group: 4 } as const;

export const TRAINING_PRACTICE_MESSAGES = {
  notFound: 'Training session not found.',
  noAccess: 'You do not have access to this training session.',
  noScenario: 'This training session has no scenario to practice.',
  notEnabled: "The SP Scorecard is not enabled for this training session's scenario.",
} as const;
