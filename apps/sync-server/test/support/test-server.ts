import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { createApp } from '../../src/app';
import { type Config, loadConfig } from '../../src/config';
import { openDatabase } from '../../src/db/database';
import { allowTestClock, resetTestClock } from '../../src/platform/clock';
import { createServices } from '../../src/services';
import { ChangeFeed } from '../../src/sync/change-feed';
import { adminQuery, databaseUrl, prepareDatabase, type TemplateKind, type Templates } from './template-databases';

export const TEST_DB = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/** A throwaway database of its own per test file: PGlite in memory, or a fresh database on the PostgreSQL server. */
export async function freshDatabase(template?: string): Promise<{ url: string | null; drop: () => Promise<void> }> {
  if (TEST_DB === 'pglite') return { url: null, drop: async () => {} };
  const name = `simvisit_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  return { url: databaseUrl(name), drop: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** This run's templates from the global setup, when this file runs under it and on the same kind of database. */
function runTemplates(): Templates | null {
  const templates = inject('serverTestTemplates') as Templates | undefined;
  return templates?.db === TEST_DB ? templates : null;
}

const snapshots = new Map<string, Blob>();
/** A PGlite template's dump, read once per worker: each file of the worker opens its own database from it. */
function pgliteSnapshot(file: string): Blob {
  let snapshot = snapshots.get(file);
  if (!snapshot) {
    snapshot = new Blob([readFileSync(file)]);
    snapshots.set(file, snapshot);
  }
  return snapshot;
}

/**
 * The app on a fresh database of its own (never shared with another call); `seed: false` starts from an empty
 * database, as a production deployment does.
 */
export async function startTestServer(overrides: Partial<Config> = {}, opts: { seed?: boolean } = {}) {
  // A copy of the run's template (migrated, with the demo data unless `seed` is false), or, without a template,
  // a new database migrated and seeded here.
  const kind: TemplateKind = opts.seed === false ? 'empty' : 'demo';
  const templates = runTemplates();
  const target = await freshDatabase(TEST_DB === 'postgres' ? templates?.where[kind] : undefined);
  const config = loadConfig(
    { NODE_ENV: 'test' },
    {
      databaseUrl: target.url,
      dataDir: 'memory://',
      demoMode: true,
      // The test clock and data routes (decision 0039); tests may also move src/platform/clock directly.
      testMode: true,
      appUrl: 'http://localhost:8080',
      baseHosts: ['localhost'],
      pwaDist: '/nonexistent-dist',
      ...overrides,
    },
  );
  if (config.testMode) allowTestClock();
  // A worker runs its files one after another in one module graph (vitest.config.ts): a clock a former file moved
  // must not reach this one.
  resetTestClock();
  const snapshot = TEST_DB === 'pglite' && templates ? pgliteSnapshot(templates.where[kind]) : undefined;
  const handle = await openDatabase({ ...config, pgliteSnapshot: snapshot });
  if (!templates) await prepareDatabase(handle, kind);
  const services = createServices(handle.db, config);
  const feed = new ChangeFeed();
  await feed.start(handle);
  const { app, registry } = createApp({ config, db: handle.db, services, feed });
  return {
    app,
    registry,
    config,
    handle,
    feed,
    db: handle.db,
    services,
    async close() {
      await services.mail.idle();
      await feed.close();
      await handle.close();
      await target.drop();
    },
  };
}
export type TestServer = Awaited<ReturnType<typeof startTestServer>>;
