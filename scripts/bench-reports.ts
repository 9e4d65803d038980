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
import { DEMO_PASSWORD } from '../apps/sync-server/src/seed/demo-seed';
import { type BenchDb, Caller, median, startBenchApp } from './bench-app';

/** The visit counts measured, smallest first (BENCH_SIZES=10000,1000000 by default); the ratio is last over first. */
const SIZES = (process.env.BENCH_SIZES ?? '10000,1000000').split(',').map(Number);
const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 2_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const BASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** BENCH_PEOPLE SPs with rates and as many learners, at partner 1; answers their id ranges. */
async function makePeople(db: BenchDb): Promise<{ firstSp: number; firstLearner: number }> {
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
async function addVisits(db: BenchDb, people: { firstSp: number; firstLearner: number }, scenarioId: string, from: number, to: number) {
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
  const bench = await startBenchApp(BASE_URL);
  const { app, db } = bench;
  try {
    const scenario = await db.selectFrom('scenarios').select('id').where('partner_id', '=', 1).orderBy('id').executeTakeFirstOrThrow();
    const people = await makePeople(db);

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
      await addVisits(db, people, scenario.id, made + 1, size);
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
    console.log(`\nmedian of ${RUNS} calls, ${bench.kind}; month ${month}/${year}`);
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
    await bench.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
