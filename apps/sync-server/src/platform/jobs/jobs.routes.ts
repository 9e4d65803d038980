import { visitJobsApi as api } from '@simvisit/schema';
import { type AnyRoute, implement } from '../../http/route';
import { clock } from '../clock';

/** The demo's "run the timed jobs now" (contract in packages/schema/src/api/visit-jobs.ts); 404 outside demo mode. */
export const jobsRoutes: AnyRoute[] = [implement(api.runDue, ({ c }) => c.var.services.jobs.runDue(clock.now()))];
