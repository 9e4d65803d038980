/**
 * npm run bench, a centre's load (issue 23 items 3 and 4, docs/decisions/0093): the server as production runs it
 * (`NODE_ENV=production`, its own process) on PostgreSQL and on the embedded PGlite, each with the demo data,
 * under autocannon with BENCH_LOAD_CONNECTIONS (200) connections for BENCH_LOAD_SECONDS (20) per call:
 * `GET /api/config` (a bare call of the same server, no database), then `GET /api/auth/user`, get-user-visits and
 * update-dashboard. Prints each call's p99 as a ratio to the bare call's p99 in the same run beside its bar (3×),
 * its errors, timeouts and 503s, and the server's memory before, at its peak and after the load.
 * PostgreSQL is BENCH_DATABASE_URL (or the test server at 127.0.0.1:5432, skipped when none answers).
 * BENCH_LOAD_DATABASES (`postgres,pglite`) names the databases to run, in that order. On PostgreSQL it then runs
 * the three database calls together for BENCH_LOAD_SOAK_SECONDS (600; 0 skips it) and prints the server's memory
 * minute by minute: item 3's "memory flat over a 10-minute run".
 */

import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon, { type Result } from 'autocannon';
import pg from 'pg';
import { openDatabase } from '../apps/sync-server/src/db/database';
import { migrateToLatest } from '../apps/sync-server/src/db/migrate';
import { syncReferenceData } from '../apps/sync-server/src/db/reference-data';
import { DEMO_PASSWORD, seedDemoData } from '../apps/sync-server/src/seed/demo-seed';
import { freshBenchDatabase } from './bench-app';

const CONNECTIONS = Number(process.env.BENCH_LOAD_CONNECTIONS ?? 200);
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 20);
const PORT = Number(process.env.BENCH_LOAD_PORT ?? 8898);
const SETTLE_MS = Number(process.env.BENCH_LOAD_SETTLE_MS ?? 15_000);
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const DATABASES = (process.env.BENCH_LOAD_DATABASES ?? 'postgres,pglite').split(',').map((name) => name.trim().toLowerCase());
const SOAK_SECONDS = Number(process.env.BENCH_LOAD_SOAK_SECONDS ?? 600);
const P99_BAR = 3;
const MEMORY_BAR = 1.2;
/** Flat: the last minute's memory at most this much above the first minute's (a warm server has levelled off by then). */
const FLAT_BAR = 1.1;
const root = path.resolve(import.meta.dirname, '..');
const base = `http://127.0.0.1:${PORT}`;

interface Target {
  label: string;
  method: 'GET' | 'POST';
  path: string;
  as: 'nobody' | 'learner' | 'admin';
  body?: unknown;
}

const TARGETS: Target[] = [
  { label: 'GET /api/config (bare)', method: 'GET', path: '/api/config', as: 'nobody' },
  { label: 'GET /api/auth/user', method: 'GET', path: '/api/auth/user', as: 'learner' },
  { label: 'get-user-visits (learner)', method: 'POST', path: '/api/visit/get-user-visits', as: 'learner', body: { role_id: 1 } },
  { label: 'update-dashboard (admin)', method: 'POST', path: '/api/visit/update-dashboard', as: 'admin', body: { role_id: 5 } },
];

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** A migrated database with the demo data: a fresh PostgreSQL database, or a PGlite folder of its own. */
async function prepare(kind: 'PostgreSQL' | 'PGlite'): Promise<{ env: Record<string, string>; drop: () => Promise<void> }> {
  // The server's data folder (uploads; PGlite's files too): the bench's own, removed afterwards.
  const dir = mkdtempSync(path.join(os.tmpdir(), 'simvisit-load-'));
  const database = kind === 'PGlite' ? { url: null, drop: async () => {} } : await freshBenchDatabase(PG_URL);
  const pgliteDir = path.join(dir, 'pglite');
  const handle = await openDatabase({ databaseUrl: database.url, dataDir: pgliteDir });
  try {
    await migrateToLatest(handle.db);
    await syncReferenceData(handle.db);
    await seedDemoData(handle.db);
  } finally {
    await handle.close();
  }
  const env: Record<string, string> = { DATA_DIR: dir, ...(database.url ? { DATABASE_URL: database.url } : { PGLITE_DIR: pgliteDir }) };
  return {
    env,
    drop: async () => {
      await database.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The server as production starts it, in a process of its own whose memory the bench reads. */
async function startServer(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/sync-server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      ...env,
      NODE_ENV: 'production',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      APP_URL: `http://localhost:${PORT}`,
      // 200 people of a centre do not share one address: behind a proxy the per-address cap is the proxy's.
      TRUST_PROXY: 'true',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors = (errors + chunk.toString()).slice(-4_000);
  });
  for (let waited = 0; waited < 180_000; waited += 250) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${errors}`);
    if (
      await fetch(`${base}/api/config`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return child;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the server did not answer within 180 s:\n${errors}`);
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** The session cookies of a demo account, signed in over HTTP as the PWA does. */
async function cookiesOf(email: string): Promise<string> {
  const jar = new Map<string, string>();
  const call = async (method: string, pathname: string, body?: unknown) => {
    const headers: Record<string, string> = { accept: 'application/json', host: `localhost:${PORT}` };
    if (jar.size) headers.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const xsrf = jar.get('XSRF-TOKEN');
    if (xsrf) headers['x-xsrf-token'] = decodeURIComponent(xsrf);
    if (body) headers['content-type'] = 'application/json';
    const res = await fetch(`${base}${pathname}`, { method, headers, body: body ? JSON.stringify(body) : undefined });
    for (const line of res.headers.getSetCookie()) {
      const pair = line.split(';')[0]!;
      const eq = pair.indexOf('=');
      jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
    return res;
  };
  await call('GET', '/sanctum/csrf-cookie');
  const res = await call('POST', '/api/login', { email, password: DEMO_PASSWORD, slug: 'sp' });
  if (res.status !== 200) throw new Error(`login of ${email}: ${res.status} ${await res.text()}`);
  return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
}

/** The server's resident memory in MB (Linux), read from outside as an operator's tools see it. */
function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
  return line ? Number(line[1]) / 1024 : Number.NaN;
}

interface Figures {
  target: Target;
  result: Result;
}

async function load(
  target: Target,
  cookies: Record<Target['as'], string>,
  { connections = CONNECTIONS, seconds = SECONDS } = {},
): Promise<Figures> {
  const headers: Record<string, string> = { accept: 'application/json', 'accept-encoding': 'gzip', host: `localhost:${PORT}` };
  if (target.as !== 'nobody') headers.cookie = cookies[target.as];
  if (target.body) headers['content-type'] = 'application/json';
  const result = await autocannon({
    url: `${base}${target.path}`,
    connections,
    duration: seconds,
    method: target.method,
    headers,
    body: target.body ? JSON.stringify(target.body) : undefined,
  });
  return { target, result };
}

async function run(kind: 'PostgreSQL' | 'PGlite'): Promise<void> {
  const database = await prepare(kind);
  const server = await startServer(database.env);
  try {
    const cookies = { nobody: '', learner: await cookiesOf('learner@demo.test'), admin: await cookiesOf('admin@demo.test') };
    for (const target of TARGETS.slice(1)) {
      const check = await fetch(`${base}${target.path}`, {
        method: target.method,
        headers: { cookie: cookies[target.as], 'content-type': 'application/json', host: `localhost:${PORT}` },
        body: target.body ? JSON.stringify(target.body) : undefined,
      });
      if (check.status !== 200) throw new Error(`${target.label} answered ${check.status} before the load: ${await check.text()}`);
    }
    const before = rssMb(server.pid!);
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMb(server.pid!));
    }, 250);
    const figures: Figures[] = [];
    for (const target of TARGETS) figures.push(await load(target, cookies));
    clearInterval(sampler);
    // The load is over: memory is read after the server has had a moment to give back what it no longer uses.
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    const after = rssMb(server.pid!);
    report(kind, figures, { before, peak, after });
    if (kind === 'PostgreSQL' && SOAK_SECONDS > 0) await soak(server, cookies);
  } finally {
    await stopServer(server);
    await database.drop();
  }
}

/**
 * The three database calls together, a third of the connections each, for SOAK_SECONDS; the server's memory read
 * each minute. A leak grows minute after minute; a warm server levels off within its first minute.
 */
async function soak(server: ChildProcess, cookies: Record<Target['as'], string>): Promise<void> {
  const connections = Math.max(1, Math.floor(CONNECTIONS / 3));
  const readings: number[] = [];
  const sampler = setInterval(() => readings.push(rssMb(server.pid!)), 60_000);
  const runs = await Promise.all(TARGETS.slice(1).map((target) => load(target, cookies, { connections, seconds: SOAK_SECONDS })));
  clearInterval(sampler);
  const served = runs.reduce((sum, { result }) => sum + result.requests.total, 0);
  const errors = runs.reduce((sum, { result }) => sum + result.errors, 0);
  const timeouts = runs.reduce((sum, { result }) => sum + result.timeouts, 0);
  const growth = readings.length >= 2 ? readings.at(-1)! / readings[0]! : Number.NaN;
  console.log(
    `\nPostgreSQL, ${SOAK_SECONDS / 60} minutes of ${TARGETS.slice(1)
      .map((t) => t.label)
      .join(', ')} together (${connections} connections each): ${served} requests, ${errors} errors, ${timeouts} timeouts`,
  );
  console.log(`memory (RSS) minute by minute: ${readings.map((mb) => mb.toFixed(0)).join(', ')} MB`);
  console.log(`last minute / first minute: ${growth.toFixed(2)}× (bar ${FLAT_BAR}×: flat)${growth <= FLAT_BAR ? '' : ' !'}`);
}

function report(kind: string, figures: Figures[], memory: { before: number; peak: number; after: number }): void {
  const bare = figures[0]!.result.latency.p99;
  const col = (text: string | number, width: number) => String(text).padStart(width);
  console.log(`\n${kind}: ${CONNECTIONS} connections, ${SECONDS} s per call, server with NODE_ENV=production, demo data`);
  console.log(
    `${'call'.padEnd(28)}${col('req/s', 8)}${col('p50 ms', 8)}${col('p99 ms', 8)}${col('p99 ×bare', 11)}${col('bar', 5)}${col('errors', 8)}${col('timeouts', 9)}${col('503', 7)}${col('other', 7)}`,
  );
  for (const { target, result } of figures) {
    const ratio = result.latency.p99 / Math.max(bare, 1);
    const refused = result.statusCodeStats['503']?.count ?? 0;
    const other = result.non2xx - refused;
    const ratioText = target.path === '/api/config' ? '—' : `${ratio.toFixed(1)}×`;
    const bar = target.path === '/api/config' ? '' : `${P99_BAR}×`;
    const mark = target.path === '/api/config' ? ' ' : ratio <= P99_BAR ? ' ' : '!';
    console.log(
      `${target.label.padEnd(28)}${col(Math.round(result.requests.average), 8)}${col(result.latency.p50, 8)}${col(result.latency.p99, 8)}${col(ratioText, 10)}${mark}${col(bar, 5)}${col(result.errors, 8)}${col(result.timeouts, 9)}${col(refused, 7)}${col(other, 7)}`,
    );
  }
  const back = memory.after / memory.before;
  console.log(
    `memory (RSS): ${memory.before.toFixed(0)} MB before, ${memory.peak.toFixed(0)} MB at the peak, ${memory.after.toFixed(0)} MB ${SETTLE_MS / 1000} s after: ${back.toFixed(2)}× the start (bar ${MEMORY_BAR}×)${back <= MEMORY_BAR ? '' : ' !'}`,
  );
}

async function main() {
  if (DATABASES.includes('postgres')) {
    if (await reachable(PG_URL)) await run('PostgreSQL');
    else console.log(`\nPostgreSQL: skipped, nothing answers at ${PG_URL}`);
  }
  if (DATABASES.includes('pglite')) await run('PGlite');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
