import { z } from 'zod';

const visitIds = z.array(z.number().int());

/**
 * What one run of the timed jobs did (docs/decisions/0029, 0065): the visits each visit rule changed, what the
 * other modules' jobs expired, rotated or removed, and the visit events sent.
 */
export const visitJobsRunSchema = z.object({
  autoCanceled: visitIds,
  confirmationRequested: visitIds,
  reminded: visitIds,
  requestsExpired: z.number().int(),
  /** partners whose brand passcode was rotated (decision 0059) */
  passcodesRotated: z.array(z.number().int()),
  /** interview requests whose dates all passed unanswered (decision 0060) */
  interviewRequestsExpired: z.number().int(),
  /** accounts removed because their email was never confirmed (decision 0060) */
  unconfirmedApplicantsRemoved: z.number().int(),
  /** registrations whose confirmation link expired: seat given back, account removed (decision 0080) */
  expiredRegistrationsRemoved: z.number().int(),
  events: z.object({ processed: z.number().int(), failed: z.number().int() }),
  /** rules skipped because another runner held their lock */
  skipped: z.array(z.string()),
  errors: z.array(z.string()),
});
export type VisitJobsRun = z.infer<typeof visitJobsRunSchema>;

/** A run in which no job acted yet: what a job that fails leaves in the summary (its error is listed). */
export function emptyVisitJobsRun(): VisitJobsRun {
  return {
    autoCanceled: [],
    confirmationRequested: [],
    reminded: [],
    requestsExpired: 0,
    passcodesRotated: [],
    interviewRequestsExpired: 0,
    unconfirmedApplicantsRemoved: 0,
    expiredRegistrationsRemoved: 0,
    events: { processed: 0, failed: 0 },
    skipped: [],
    errors: [],
  };
}
