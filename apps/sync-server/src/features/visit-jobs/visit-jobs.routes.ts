import { z } from 'zod';
import { type AnyRoute, defineRoute } from '../../http/route';

const runSchema = z.object({
  autoCanceled: z.array(z.number().int()),
  confirmationRequested: z.array(z.number().int()),
  reminded: z.array(z.number().int()),
  requestsExpired: z.number().int(),
  events: z.object({ processed: z.number().int(), failed: z.number().int() }),
  skipped: z.array(z.string()),
  errors: z.array(z.string()),
});

/**
 * Demo mode only: runs the timed visit rules and sends due messages now, instead of within the next minute (the
 * demo and its journeys show invites and texts without waiting). Outside demo mode the route is 404.
 */
export const visitJobsRoutes: AnyRoute[] = [
  defineRoute({
    method: 'POST',
    path: '/api/demo/jobs/run-due',
    tag: 'Demo',
    summary: 'Run the timed visit rules and send due visit messages now (demo mode only)',
    access: { type: 'demo' },
    scope: 'none',
    response: runSchema,
    handler: ({ c }) => c.var.services.visitJobs.runDue(new Date()),
  }),
];
