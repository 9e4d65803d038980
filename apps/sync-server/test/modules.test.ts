import { emptyVisitJobsRun } from '@simvisit/schema';
import { describe, expect, it } from 'vitest';
import type { Services } from '../src/app-services';
import type { Config } from '../src/config';
import type { Database } from '../src/db/database';
import { composeServices, defineModule, type TimedJob } from '../src/module';
import { MODULES } from '../src/modules';
import { createJobRunner } from '../src/platform/jobs';
import { SYNC_COLLECTIONS } from '../src/sync/collections';

// The composition root as modules.ts drives it (docs/decisions/0043): no database is touched while composing.
const db = {} as Database;
const config = { uploadsDir: '/tmp/unused' } as Config;

describe('server modules', () => {
  it('refuses a service read before the module that creates it', () => {
    const early = defineModule({ name: 'early', services: ({ services }) => ({ contact: services.mail as never }) });
    expect(() => composeServices([early], db, config)).toThrow("The service 'mail' is used before its module created it");
  });

  it('lets a function read a later module’s service when it runs', () => {
    const first = defineModule({
      name: 'first',
      services: ({ services }) => ({ lookups: { list: () => services.partners as never, one: async () => null as never } }),
    });
    const second = defineModule({ name: 'second', services: () => ({ partners: 'later' as never }) });
    const built = composeServices([first, second], db, config);
    expect(built.lookups.list('any' as never)).toBe('later');
  });

  it('refuses two modules creating the same service', () => {
    const a = defineModule({ name: 'a', services: () => ({ files: 1 as never }) });
    const b = defineModule({ name: 'b', services: () => ({ files: 2 as never }) });
    expect(() => composeServices([a, b], db, config)).toThrow("The service 'files' is created by two modules (the second is 'b')");
  });

  it('names every module once and serves every replicated collection once', () => {
    const names = MODULES.map((m) => m.name);
    expect(new Set(names).size).toBe(names.length);
    const collections = SYNC_COLLECTIONS.map((c) => c.name);
    expect(new Set(collections).size).toBe(collections.length);
  });
});

describe('timed jobs (docs/decisions/0065)', () => {
  const declared = MODULES.flatMap((m) => ('jobs' in m ? (m.jobs ?? []).map((job) => ({ module: m.name, job })) : []));

  it('are declared by the modules that own them, each part of a run’s summary by exactly one', () => {
    const { skipped: _s, errors: _e, ...report } = emptyVisitJobsRun();
    const reporting = declared.filter(({ job }) => job.cadence !== 'housekeeping').map(({ job }) => job.name);
    expect([...reporting].sort()).toEqual(Object.keys(report).sort());
    const owner = (name: string) => declared.find(({ job }) => job.name === name)?.module;
    expect(owner('autoCanceled')).toBe('visit-jobs');
    expect(owner('passcodesRotated')).toBe('brand-passwords');
    expect(owner('interviewRequestsExpired')).toBe('recruitment');
    expect(owner('events')).toBe('visit-messages');
    expect(
      declared
        .filter(({ job }) => job.cadence === 'housekeeping')
        .map(({ module }) => module)
        .sort(),
    ).toEqual(['rate-limit', 'session-counter', 'sessions']);
  });

  it('run rules in the modules’ order, then messages; a failing job is reported and the others still run', async () => {
    const order: string[] = [];
    const services = {} as Services;
    const ran = <T>(name: string, result: T) => {
      order.push(name);
      return result;
    };
    const jobs: TimedJob[] = [
      { name: 'events', cadence: 'messages', run: async () => ran('events', { processed: 2, failed: 0 }) },
      { name: 'autoCanceled', cadence: 'rules', run: async () => ran('autoCanceled', [7]) },
      { name: 'reminded', cadence: 'rules', run: async () => ran('reminded', null) },
      {
        name: 'requestsExpired',
        cadence: 'rules',
        run: async () => {
          order.push('requestsExpired');
          throw new Error('database gone');
        },
      },
      { name: 'sweep', cadence: 'housekeeping', run: async () => order.push('sweep') },
    ];
    const runner = createJobRunner(jobs, services);
    const run = await runner.runDue(new Date('2033-01-01T00:00:00Z'));
    expect(order).toEqual(['autoCanceled', 'reminded', 'requestsExpired', 'events']);
    expect(run).toMatchObject({
      autoCanceled: [7],
      reminded: [],
      requestsExpired: 0,
      events: { processed: 2, failed: 0 },
      skipped: ['reminded'],
      errors: ['requestsExpired: database gone'],
    });
    order.length = 0;
    await runner.run('housekeeping');
    expect(order).toEqual(['sweep']);
  });
});
