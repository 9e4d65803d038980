/**
 * npm run bench, second part (issue 20): the financial report and the dashboards' queries at 10,000 and at
 * 1,000,000 visits, with the time of each at both sizes and the ratio. It runs the real server in this process
 * (app.request, no network) on a database of its own: a fresh database on the PostgreSQL at BENCH_DATABASE_URL
 * (default postgres://postgres@127.0.0.1:5432/test; the bench creates and drops `simvisit_bench_<pid>`), or embedded
 * PGlite when BENCH_DATABASE_URL=pglite. Each figure is the median of BENCH_RUNS calls after one warm-up.
 *
 * The visits are made in SQL (generate_series): BENCH_PEOPLE SPs and as many learners, each pair with its own
 * non-overlapping schedule (the commitments constraint refuses a person in two places at once), spread over the
 * 24 months before now, with every state the report counts.
 */

import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import pg from 'pg';
import { createApp } from '../apps/sync-server/src/app';
import { loadConfig } from '../apps/sync-server/src/config';
import { openDatabase } from '../apps/sync-server/src/db/database';
import { migrateToLatest } from '../apps/sync-server/src/db/migrate';
import { syncReferenceData } from '../apps/sync-server/src/db/reference-data';
import { DEMO_PASSWORD, seedDemoData } from '../apps/sync-server/src/seed/demo-seed';
import { createServices } from '../apps/sync-server/src/services';
import { ChangeFeed } from '../apps/sync-server/src/sync/change-feed';

/** The visit counts measured, smallest first (BENCH_SIZES=10000,1000000 by default); the ratio is last over first. */
const SIZES = (process.env.BENCH_SIZES ?? '10000,1000000').split(',').map(Number);
const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 2_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const BASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function freshDatabase(): Promise<{ url: string | null; drop: () => Promise<void> }> {
  if (BASE_URL === 'pglite') return { url: null, drop: async () => {} };
  const name = `simvisit_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: BASE_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(BASE_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: BASE_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

type Db = Awaited<ReturnType<typeof openDatabase>>['db'];

/** BENCH_PEOPLE SPs with rates and as many learners, at partner 1; answers their id ranges. */
async function makePeople(db: Db): Promise<{ firstSp: number; firstLearner: number }> {
  // Everyone signs in with the demo password: the demo SP's hash is copied, not computed 4,000 times.
  const { password } = await db.selectFrom('users').select('password').where('email', '=', 'sp@demo.test').executeTakeFirstOrThrow();
  const insertUsers = async (prefix: string) => {
    const { rows } = await sql<{ id: number }>`
      INSERT INTO users (email, password, first_name, last_name, created_at, updated_at)
      SELECT ${prefix} || g || '@bench.test', ${password}, initcap(${prefix}), 'No ' || g, now(), now()
      FROM generate_series(1, ${sql.lit(PEOPLE)}) AS g ORDER BY g RETURNING id`.execute(db);
    return rows[0]!.id;
  };
  const firstSp = await insertUsers('sp');
  const firstLearner = await insertUsers('learner');
  await sql`INSERT INTO user_roles (user_id, role_id, partner_id, is_approved, pay_rate, created_at, updated_at)
    SELECT id, 2, 1, true, 25 + (id % 20), now() - interval '3 years', now() - interval '3 years'
    FROM users WHERE email LIKE 'sp%@bench.test'`.execute(db);
  await sql`INSERT INTO user_roles (user_id, role_id, partner_id, is_approved, created_at, updated_at)
    SELECT id, 1, 1, true, now(), now() FROM users WHERE email LIKE 'learner%@bench.test'`.execute(db);
  return { firstSp, firstLearner };
}

/**
 * Visits `from`..`to`: visit n belongs to pair n mod PEOPLE and is that pair's k-th (k = n div PEOPLE). The pair's
 * slots are a step apart (the largest size spread over 24 months); k goes to slot (263k + 37·pair) mod slots, a
 * bijection for each pair (263 is prime to the slot count), so no pair is booked twice at once and the first
 * 10,000 visits are already spread over every month instead of crowding the first week.
 */
async function addVisits(db: Db, people: { firstSp: number; firstLearner: number }, scenarioId: string, from: number, to: number) {
  // The demo seed writes its visits with fixed ids (9001…); new rows start above them.
  await sql`SELECT setval(pg_get_serial_sequence('visits', 'id'), (SELECT max(id) FROM visits))`.execute(db);
  const perPair = Math.ceil(SIZES[SIZES.length - 1]! / PEOPLE);
  const stepMinutes = Math.floor((24 * 30 * 24 * 60) / perPair);
  const chunk = 100_000;
  for (let start = from; start <= to; start += chunk) {
    const end = Math.min(to, start + chunk - 1);
    await sql`
      INSERT INTO visits (scenario_id, partner_id, learner_user_id, sp_user_id, start_at, end_at, is_confirmed,
        is_complete, completed_at, no_show, learner_technical_issue, is_canceled, canceled_at, is_sp_cancellation)
      SELECT ${scenarioId}, 1, ${sql.lit(people.firstLearner)} + (n % ${sql.lit(PEOPLE)}), ${sql.lit(people.firstSp)} + (n % ${sql.lit(PEOPLE)}), s, s + interval '30 minutes', true,
        n % 10 < 7, CASE WHEN n % 10 < 7 THEN s + interval '30 minutes' END, n % 10 = 7, n % 10 = 8,
        n % 10 IN (8, 9), CASE WHEN n % 10 IN (8, 9) THEN s - interval '5 hours' END, false
      FROM (SELECT n, now() - interval '24 months' + ((((n / ${sql.lit(PEOPLE)}) * 263 + (n % ${sql.lit(PEOPLE)}) * 37) % ${sql.lit(perPair)}) * ${sql.lit(stepMinutes)}) * interval '1 minute' AS s
            FROM generate_series(${sql.lit(start)}, ${sql.lit(end)}) AS n) v`.execute(db);
  }
  await sql`ANALYZE`.execute(db);
}

type App = ReturnType<typeof createApp>['app'];

/** A signed-in caller over app.request(): keeps the cookies and echoes the CSRF token, as the PWA does. */
class Caller {
  private cookies = new Map<string, string>();
  constructor(private app: App) {}

  async request(method: string, path: string, json?: unknown): Promise<Response> {
    const headers: Record<string, string> = { accept: 'application/json', host: 'localhost:8080' };
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

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function timed(label: string, call: () => Promise<Response>): Promise<[string, number]> {
  const first = await call();
  if (first.status !== 200) throw new Error(`${label}: ${first.status} ${await first.text()}`);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    const res = await call();
    await res.arrayBuffer();
    times.push(performance.now() - t0);
  }
  return [label, median(times)];
}

async function main() {
  const database = await freshDatabase();
  const config = loadConfig(process.env, {
    port: 0,
    appUrl: 'http://localhost:8080',
    baseHosts: ['localhost'],
    databaseUrl: database.url,
    dataDir: 'memory://',
    demoMode: true,
  });
  const handle = await openDatabase(config);
  const feed = new ChangeFeed();
  try {
    await migrateToLatest(handle.db);
    await syncReferenceData(handle.db);
    await seedDemoData(handle.db);
    const services = createServices(handle.db, config);
    await feed.start(handle);
    const { app } = createApp({ config, db: handle.db, services, feed });
    const scenario = await handle.db
      .selectFrom('scenarios')
      .select('id')
      .where('partner_id', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const people = await makePeople(handle.db);

    const signIn = async (email: string) => {
      const client = new Caller(app);
      await client.get('/sanctum/csrf-cookie');
      const res = await client.post('/api/login', { email, password: DEMO_PASSWORD, slug: 'sp' });
      if (res.status !== 200) throw new Error(`login of ${email}: ${res.status}`);
      return client;
    };
    const now = new Date();
    const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 15));
    const month = last.getUTCMonth() + 1;
    const year = last.getUTCFullYear();

    const results = new Map<string, number[]>();
    let made = 0;
    for (const size of SIZES) {
      const started = performance.now();
      await addVisits(handle.db, people, scenario.id, made + 1, size);
      made = size;
      console.log(`made ${size.toLocaleString('en-US')} visits (${((performance.now() - started) / 1000).toFixed(0)} s)`);
      const finance = await signIn('finance@demo.test');
      const admin = await signIn('superadmin@demo.test');
      const sp = await signIn('sp1@bench.test');
      const query = `month=${month}&year=${year}&get_menu_items=1`;
      const figures = [
        await timed('financial report (every partner)', () => finance.get(`/api/reports/financial?${query}`)),
        await timed('financial report export (.xlsx)', () => finance.get(`/api/reports/financial/export?${query}`)),
        await timed('payment report', () => finance.get(`/api/reports/payment?month=${month}&year=${year}`)),
        await timed('financial overview (super admin: everyone)', () => admin.post('/api/financial/overview', { month, year })),
        await timed("financial overview (an SP's own)", () => sp.post('/api/financial/overview', { month, year })),
        await timed('admin dashboard: completed visits', () =>
          admin.post('/api/visit/get-user-visits', { role_id: 5, type: 'completed', page_start: 0 }),
        ),
        await timed('admin dashboard: visit stats', () => admin.post('/api/reports/visit/overview', { partner_id: 0, scenario_id: 0 })),
      ];
      for (const [label, ms] of figures) results.set(label, [...(results.get(label) ?? []), ms]);
    }
    console.log(`\nmedian of ${RUNS} calls, ${database.url ? 'PostgreSQL' : 'PGlite'}; month ${month}/${year}`);
    console.log(
      `${'query'.padEnd(46)}${[SIZES[0]!, SIZES[SIZES.length - 1]!].map((s) => `${s.toLocaleString('en-US')} visits`.padStart(18)).join('')}     ratio`,
    );
    for (const [label, times] of results) {
      const small = times[0];
      const large = times[times.length - 1];
      console.log(
        `${label.padEnd(46)}${`${small!.toFixed(1)} ms`.padStart(18)}${`${large!.toFixed(1)} ms`.padStart(18)}  ${(large! / small!).toFixed(1)}x`,
      );
    }
  } finally {
    await feed.close();
    await handle.close();
    await database.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
