/**
 * What the in-process benches share (npm run bench): a database of their own, the real server built on it (called
 * with app.request, no network), a signed-in caller and the median.
 */

import pg from 'pg';
import { createApp } from '../apps/sync-server/src/app';
import { type Config, loadConfig } from '../apps/sync-server/src/config';
import { openDatabase } from '../apps/sync-server/src/db/database';
import { migrateToLatest } from '../apps/sync-server/src/db/migrate';
import { syncReferenceData } from '../apps/sync-server/src/db/reference-data';
import { seedDemoData } from '../apps/sync-server/src/seed/demo-seed';
import { createServices } from '../apps/sync-server/src/services';
import { ChangeFeed } from '../apps/sync-server/src/sync/change-feed';

/**
 * A fresh database on the PostgreSQL at `baseUrl` (`simvisit_bench_<pid>`, created and dropped), or embedded PGlite
 * in memory when `baseUrl` is 'pglite'.
 */
export async function freshBenchDatabase(
  baseUrl: string,
  name = `simvisit_bench_${process.pid}`,
): Promise<{ url: string | null; drop: () => Promise<void> }> {
  if (baseUrl === 'pglite') return { url: null, drop: async () => {} };
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`DROP DATABASE IF EXISTS ${name}`);
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

export type BenchDb = Awaited<ReturnType<typeof openDatabase>>['db'];
export type BenchApp = ReturnType<typeof createApp>['app'];

/**
 * The demo data, migrated and seeded on a fresh database (`name`, default `simvisit_bench_<pid>`: two at once need
 * two names), and the server's app on it; `close` removes it all.
 */
export async function startBenchApp(baseUrl: string, overrides: Partial<Config> = {}, name?: string) {
  const database = await freshBenchDatabase(baseUrl, name);
  const config = loadConfig(process.env, {
    port: 0,
    appUrl: 'http://localhost:8080',
    baseHosts: ['localhost'],
    databaseUrl: database.url,
    dataDir: 'memory://',
    demoMode: true,
    ...overrides,
  });
  const handle = await openDatabase(config);
  const feed = new ChangeFeed();
  const close = async () => {
    await feed.close();
    await handle.close();
    await database.drop();
  };
  try {
    await migrateToLatest(handle.db);
    await syncReferenceData(handle.db);
    await seedDemoData(handle.db);
    const services = createServices(handle.db, config);
    await feed.start(handle);
    const { app } = createApp({ config, db: handle.db, services, feed });
    return { app, db: handle.db, services, kind: database.url ? 'PostgreSQL' : 'PGlite', close };
  } catch (err) {
    await close();
    throw err;
  }
}

/** A caller over app.request(): keeps the cookies and echoes the CSRF token, as the PWA does. */
export class Caller {
  private cookies = new Map<string, string>();
  constructor(
    private app: BenchApp,
    private extraHeaders: Record<string, string> = {},
  ) {}

  async request(method: string, path: string, json?: unknown): Promise<Response> {
    const headers: Record<string, string> = { accept: 'application/json', host: 'localhost:8080', ...this.extraHeaders };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const xsrf = this.cookies.get('XSRF-TOKEN');
    if (xsrf) headers['x-xsrf-token'] = decodeURIComponent(xsrf);
    if (json !== undefined) headers['content-type'] = 'application/json';
    const res = await this.app.request(`http://localhost:8080${path}`, {
      method,
      headers,
      body: json === undefined ? undefined : JSON.stringify(json),
    });
    for (const line of res.headers.getSetCookie()) {
      const pair = line.split(';')[0]!;
      const eq = pair.indexOf('=');
      this.cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
    return res;
  }

  get = (path: string) => this.request('GET', path);
  post = (path: string, json: unknown) => this.request('POST', path, json);
}

/** The value at `q` (0–1) of the sorted values: 0.5 is the median. */
export function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]!;
}

export const median = (values: number[]) => quantile(values, 0.5);
