import { clock } from '../../platform/clock';
import type { VisitJobs } from './visit-jobs.service';

/** How often the timed rules run, and how often due visit events are sent in between. */
export const RULES_INTERVAL_MS = 60_000;
export const EVENTS_INTERVAL_MS = 10_000;

/**
 * Runs the visit jobs in this server process (started from main.ts): the rules every minute, the event
 * processor every ten seconds. One run at a time per process (a tick that finds a run in progress is skipped);
 * across processes the rules' advisory locks and the events' SKIP LOCKED claims keep every effect single.
 * The timers are unref'd so they never keep the process alive; `stop` waits for a run in progress.
 */
export function startVisitJobRunner(jobs: VisitJobs, opts: { rulesMs?: number; eventsMs?: number } = {}) {
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = (what: 'rules' | 'events') => {
    if (stopped || running) return;
    running = (async () => {
      try {
        if (what === 'rules') {
          const run = await jobs.runDue(clock.now());
          const acted =
            run.autoCanceled.length +
            run.confirmationRequested.length +
            run.reminded.length +
            run.requestsExpired +
            run.passcodesRotated.length +
            run.interviewRequestsExpired +
            run.unconfirmedApplicantsRemoved;
          if (acted) {
            console.log(
              `[visit-jobs] auto-cancelled ${run.autoCanceled.length}, asked to confirm ${run.confirmationRequested.length}, ` +
                `reminded ${run.reminded.length}, expired ${run.requestsExpired} request(s) and ` +
                `${run.interviewRequestsExpired} interview request(s), removed ${run.unconfirmedApplicantsRemoved} unconfirmed applicant(s), ` +
                `rotated ${run.passcodesRotated.length} passcode(s)`,
            );
          }
        } else {
          await jobs.processEvents(clock.now());
        }
      } catch (err) {
        console.error('[visit-jobs]', err instanceof Error ? err.message : err);
      } finally {
        running = null;
      }
    })();
  };
  const rules = setInterval(() => tick('rules'), opts.rulesMs ?? RULES_INTERVAL_MS);
  const events = setInterval(() => tick('events'), opts.eventsMs ?? EVENTS_INTERVAL_MS);
  rules.unref();
  events.unref();
  // A first run soon after start (not during it: migrations and the seed come first).
  const first = setTimeout(() => tick('rules'), 2_000);
  first.unref();
  return {
    async stop(): Promise<void> {
      stopped = true;
      clearInterval(rules);
      clearInterval(events);
      clearTimeout(first);
      if (running) await running;
    },
  };
}
