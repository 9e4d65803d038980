import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createApp } from '../../src/app';
import { type Config, loadConfig } from '../../src/config';
import { openDatabase } from '../../src/db/database';
import { migrateToLatest } from '../../src/db/migrate';
import { syncReferenceData } from '../../src/db/reference-data';
import { allowTestClock } from '../../src/platform/clock';
import { seedDemoData } from '../../src/seed/demo-seed';
import { createServices } from '../../src/services';
import { ChangeFeed } from '../../src/sync/change-feed';

export const TEST_DB = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
const PG_ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** A throwaway database of its own per test file: PGlite in memory, or a fresh database on the PostgreSQL server. */
export async function freshDatabase(): Promise<{ url: string | null; drop: () => Promise<void> }> {
  if (TEST_DB === 'pglite') return { url: null, drop: async () => {} };
  const name = `simvisit_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: PG_ADMIN_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** `seed: false` starts from an empty database, as a production deployment does. */
export async function startTestServer(overrides: Partial<Config> = {}, opts: { seed?: boolean } = {}) {
  const target = await freshDatabase();
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
  const handle = await openDatabase(config);
  await migrateToLatest(handle.db);
  await syncReferenceData(handle.db);
  if (opts.seed !== false) await seedDemoData(handle.db);
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
