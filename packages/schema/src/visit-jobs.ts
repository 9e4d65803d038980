import { z } from 'zod';

const visitIds = z.array(z.number().int());

/** What one run of the timed visit rules did (docs/decisions/0029): the visits each rule changed, the requests that expired, and the events sent. */
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
  events: z.object({ processed: z.number().int(), failed: z.number().int() }),
  /** rules skipped because another runner held their lock */
  skipped: z.array(z.string()),
  errors: z.array(z.string()),
});
export type VisitJobsRun = z.infer<typeof visitJobsRunSchema>;
