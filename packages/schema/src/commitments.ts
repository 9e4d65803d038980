/**
 * Commitments (issue 12 item 6; docs/decisions/0050-commitments-and-calendar-feed.md): the times a person is
 * taken by a visit, an interview or a training session. The database keeps them (commitments_no_overlap); these
 * are the lengths it uses and the one message every refused scheduling answers.
 */

/** The one 409 of every scheduling call that would put a person in two places at once. */
export const COMMITMENT_MESSAGES = {
  overlap: 'This person already has a visit, interview or training session at that time.',
} as const;

/** The database constraint whose violation means a double booking across visits, interviews and training sessions. */
export const COMMITMENTS_CONSTRAINT = 'commitments_no_overlap';

/** An interview has only a start; it takes one hour (the spec is silent; decisions 0048, 0050). */
export const INTERVIEW_MINUTES = 60;

/** The length of a training session by its type (0 zero, 1 scenario, 2 onboarding, 3 grouped, 4 large group). */
export const TRAINING_SESSION_MINUTES: Readonly<Record<number, number>> = { 0: 60, 1: 120, 2: 60, 3: 180, 4: 240 };

export function trainingSessionMinutes(typeId: number): number {
  return TRAINING_SESSION_MINUTES[typeId] ?? 60;
}
