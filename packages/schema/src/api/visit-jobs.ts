import { defineContract } from '../api-contract';
import { visitJobsRunSchema } from '../visit-jobs';

/**
 * Demo mode only: runs the timed visit rules and sends due messages now, instead of within the next minute (the
 * demo and its journeys show invites and texts without waiting). Outside demo mode the call answers 404.
 */
export const visitJobsApi = {
  runDue: defineContract({
    method: 'POST',
    path: '/api/demo/jobs/run-due',
    tag: 'Demo',
    summary: 'Run the timed visit rules and send due visit messages now (demo mode only)',
    access: { type: 'demo' },
    scope: 'none',
    response: visitJobsRunSchema,
  }),
};
