import type { VisitJobsRun } from '@simvisit/schema';
import type { Services } from './app-services';
import type { Config } from './config';
import type { Database } from './db/database';
import type { AnyRoute } from './http/route';
import type { SyncCollection, SyncDoc } from './sync/sync-collection';

/**
 * What a module's `services` factory is handed. `services` holds every service the modules listed before it in
 * modules.ts created; reading one that does not exist yet throws at startup (so a wrong order cannot go unseen),
 * while a closure that reads it later, at call time, may name any service (how two services that need each
 * other are wired without an import cycle).
 */
export interface ModuleContext {
  db: Database;
  config: Config;
  services: Services;
  /** every module of the list, for the platform part that gathers what they declare (the job runner) */
  modules: readonly ServerModule[];
}

/** What the timed jobs report, job by job: the summary of a run (the demo's run-due call answers it). */
export type JobReport = Omit<VisitJobsRun, 'skipped' | 'errors'>;

/**
 * How often a job runs (platform/jobs): `rules` every minute, in modules.ts's order; `messages` after the rules
 * of every run and every ten seconds in between (they send what the rules recorded); `housekeeping` every ten
 * minutes.
 */
export type JobCadence = 'rules' | 'messages' | 'housekeeping';

/**
 * A timed job, declared by the module that owns it and run by the platform's job runner (docs/decisions/0065).
 * A job that reports puts its result under its name in a run's summary; it answers null when another runner
 * holds its lock (the run lists it as skipped). Each job keeps its own effects single across server processes
 * (advisory locks, compare and swap, SKIP LOCKED claims); `now` comes from the runner, so tests need no clock.
 */
export type TimedJob =
  | {
      [K in keyof JobReport]: {
        name: K;
        cadence: Exclude<JobCadence, 'housekeeping'>;
        run(services: Services, now: Date): Promise<JobReport[K] | null>;
      };
    }[keyof JobReport]
  | { name: string; cadence: 'housekeeping'; run(services: Services, now: Date): Promise<unknown> };

/**
 * One server module (a feature or a platform part): the services it adds to `Services` (declared by declaration
 * merging in its index.ts), its REST routes, its replicated collections and its timed jobs. A new module is one line in
 * modules.ts; nothing central changes (docs/adding-a-feature.md, docs/decisions/0043).
 */
export interface ServerModule<S extends Partial<Services> = Partial<Services>> {
  name: string;
  services?: (ctx: ModuleContext) => S;
  routes?: readonly AnyRoute[];
  collections?: readonly SyncCollection<SyncDoc>[];
  /** its timed jobs, run by platform/jobs */
  jobs?: readonly TimedJob[];
}

export function defineModule<S extends Partial<Services> = Record<never, never>>(module: ServerModule<S>): ServerModule<S> {
  return module;
}

/** A replicated collection as the module list holds it (each collection's own document type is erased). */
export function syncCollection<D extends SyncDoc>(collection: SyncCollection<D>): SyncCollection<SyncDoc> {
  return collection as unknown as SyncCollection<SyncDoc>;
}

/** Builds every module's services in the list's order (the composition root). */
export function composeServices(modules: readonly ServerModule[], db: Database, config: Config): Services {
  const built: Record<string, unknown> = {};
  const services = new Proxy(built, {
    get(target, key) {
      if (typeof key === 'string' && !(key in target)) {
        throw new Error(`The service '${key}' is used before its module created it: list that module earlier in modules.ts.`);
      }
      return Reflect.get(target, key);
    },
  }) as unknown as Services;
  for (const module of modules) {
    const provided = module.services?.({ db, config, services, modules }) ?? {};
    for (const [key, value] of Object.entries(provided)) {
      if (key in built) throw new Error(`The service '${key}' is created by two modules (the second is '${module.name}').`);
      built[key] = value;
    }
  }
  return built as unknown as Services;
}
