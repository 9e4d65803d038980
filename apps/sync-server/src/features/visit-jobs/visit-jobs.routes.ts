import { visitJobsApi as api } from '@simvisit/schema';
import { type AnyRoute, implement } from '../../http/route';
import { clock } from '../../platform/clock';

/** The demo's "run the timed rules now" (contract in packages/schema/src/api/visit-jobs.ts); 404 outside demo mode. */
export const visitJobsRoutes: AnyRoute[] = [implement(api.runDue, ({ c }) => c.var.services.visitJobs.runDue(clock.now()))];
