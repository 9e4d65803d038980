import { emptyVisitJobsRun, type VisitJobsRun } from '@simvisit/schema';
import type { Services } from '../../app-services';
import type { JobCadence, TimedJob } from '../../module';
import { clock } from '../clock';

/**
 * Runs the timed jobs the modules declare (docs/decisions/0065). A job that fails does not stop the others: its
 * error is in the run's summary (and logged), its part of the summary stays empty.
 */
export function createJobRunner(jobs: readonly TimedJob[], services: Services) {
  const of = (cadence: JobCadence) => jobs.filter((job) => job.cadence === cadence);

  async function runEach(cadence: JobCadence, now: Date, run: VisitJobsRun): Promise<void> {
    for (const job of of(cadence)) {
      try {
        const result = await job.run(services, now);
        if (job.cadence === 'housekeeping') continue;
        if (result === null) run.skipped.push(job.name);
        // TimedJob pairs each name of the summary with its result's type.
        else Object.assign(run, { [job.name]: result });
      } catch (err) {
        const message = `${job.name}: ${err instanceof Error ? err.message : String(err)}`;
        console.error('[jobs]', message);
        run.errors.push(message);
      }
    }
  }

  return {
    /**
     * One run of every rule, in modules.ts's order, then the messages of every due event (so what the rules
     * recorded goes out in the same run).
     */
    async runDue(now: Date = clock.now()): Promise<VisitJobsRun> {
      const run = emptyVisitJobsRun();
      await runEach('rules', now, run);
      await runEach('messages', now, run);
      return run;
    },
    /** The jobs of one cadence alone (the timers' in-between runs; tests send due messages with it). */
    async run(cadence: Exclude<JobCadence, 'rules'>, now: Date = clock.now()): Promise<VisitJobsRun> {
      const run = emptyVisitJobsRun();
      await runEach(cadence, now, run);
      return run;
    },
  };
}
export type JobRunner = ReturnType<typeof createJobRunner>;

/** How often each cadence runs in a server process. */
export const CADENCE_MS: Record<JobCadence, number> = { rules: 60_000, messages: 10_000, housekeeping: 10 * 60_000 };

/** What a run did, in a line, when it did anything. */
function summary(run: VisitJobsRun): string | null {
  const acted = Object.entries(run)
    .filter(([name]) => name !== 'skipped' && name !== 'errors' && name !== 'events')
    .map(([name, value]) => [name, Array.isArray(value) ? value.length : Number(value)] as const)
    .filter(([, count]) => count > 0);
  return acted.length ? acted.map(([name, count]) => `${name} ${count}`).join(', ') : null;
}

/**
 * Runs the jobs in this server process (started from main.ts): every cadence on its own timer, the first run of
 * the rules soon after start. One run at a time per process (a tick that finds a run in progress is skipped;
 * housekeeping has a lane of its own); across processes each job keeps its own effects single. The timers are
 * unref'd so they never keep the process alive; `stop` waits for the runs in progress.
 */
export function startJobRunner(runner: JobRunner, intervals: Partial<Record<JobCadence, number>> = {}) {
  const running: Record<'timed' | 'housekeeping', Promise<void> | null> = { timed: null, housekeeping: null };
  let stopped = false;
  const tick = (cadence: JobCadence) => {
    const lane = cadence === 'housekeeping' ? 'housekeeping' : 'timed';
    if (stopped || running[lane]) return;
    running[lane] = (async () => {
      try {
        const run = cadence === 'rules' ? await runner.runDue(clock.now()) : await runner.run(cadence, clock.now());
        const line = cadence === 'rules' ? summary(run) : null;
        if (line) console.log(`[jobs] ${line}`);
      } catch (err) {
        console.error('[jobs]', err instanceof Error ? err.message : err);
      } finally {
        running[lane] = null;
      }
    })();
  };
  const timers = (Object.keys(CADENCE_MS) as JobCadence[]).map((cadence) =>
    setInterval(() => tick(cadence), intervals[cadence] ?? CADENCE_MS[cadence]),
  );
  // A first run soon after start (not during it: migrations and the seed come first); housekeeping too, so a day's
  // readings (seat usage) do not wait ten minutes.
  const first = setTimeout(() => {
    tick('rules');
    tick('housekeeping');
  }, 2_000);
  for (const timer of [...timers, first]) timer.unref();
  return {
    async stop(): Promise<void> {
      stopped = true;
      for (const timer of timers) clearInterval(timer);
      clearTimeout(first);
      await Promise.all(Object.values(running));
    },
  };
}
