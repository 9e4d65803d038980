/**
 * npm run bench, second part (issues 20 and 23 item 2): the dashboards' calls, the visit lists with paging, the
 * visit reports and the financial reports at 10,000 and at 1,000,000 visits, each figure printed with its ratio
 * (1M / 10k) beside the bar of 1.5×. Each size is a fresh database of its own seeded by the large seed
 * (apps/sync-server/src/seed/large-seed.ts) at the same shape — 50 partners, a user for every ten visits, three
 * years — on the PostgreSQL at BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test; the bench
 * creates and drops `simvisit_bench_<pid>`, never touching `test` itself), or embedded PGlite when
 * BENCH_DATABASE_URL=pglite. The real server runs in this process (app.request, no network); each figure is the
 * median of BENCH_RUNS calls after one warm-up.
 *
 * At the largest size every SELECT a call runs is explained (EXPLAIN (ANALYZE, BUFFERS)) and the slowest of each
 * call are written with the figures to docs/bench/reports.md (BENCH_REPORT to write elsewhere).
 */

import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import type { ParticipantsReport } from '@simvisit/schema';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import pg from 'pg';
import { DEMO_PASSWORD } from '../apps/sync-server/src/seed/demo-seed';
import { type LargeSeedSize, seedLargeData } from '../apps/sync-server/src/seed/large-seed';
import { type BenchApp, type BenchDb, Caller, median, startBenchApp } from './bench-app';

/** The visit counts measured, smallest first; the ratio is last over first. */
const SIZES = (process.env.BENCH_SIZES ?? '10000,1000000').split(',').map(Number);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const BASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REPORT = process.env.BENCH_REPORT ?? 'docs/bench/reports.md';
/** Issue 23 item 2: every figure at 1M at most 1.5× its figure at 10k. */
const BAR = 1.5;

const sizeOf = (visits: number): LargeSeedSize => ({
  visits,
  users: Math.max(1_000, Math.round(visits / 10)),
  partners: 50,
  scenariosPerPartner: 4,
  years: 3,
});

/** Records the statements the server sends while `on` (PostgreSQL only): the bench explains them afterwards. */
const recorder = { on: false, statements: [] as { text: string; values: unknown[] }[] };
const originalQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const [first, second] = args as [unknown, unknown];
  if (recorder.on && typeof first === 'string') recorder.statements.push({ text: first, values: Array.isArray(second) ? second : [] });
  else if (recorder.on && first && typeof first === 'object' && 'text' in first) {
    const q = first as { text: string; values?: unknown[] };
    recorder.statements.push({ text: q.text, values: q.values ?? (Array.isArray(second) ? second : []) });
  }
  return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
} as typeof pg.Client.prototype.query;

type Call = () => Promise<Response>;

/** The people an export holds: the rows of its "Report" sheet less the header and the grand total. */
async function exportedRows(call: Call): Promise<number> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(await (await call()).arrayBuffer()) as unknown as ArrayBuffer);
  return Math.max(0, (workbook.getWorksheet('Report')?.rowCount ?? 2) - 2);
}
/** The participants a participants report lists (at most PARTICIPANT_REPORT_LIMIT). */
async function reportedRows(call: Call): Promise<number> {
  const answer = (await (await call()).json()) as ParticipantsReport;
  return answer.participants.reduce((sum, group) => sum + group.visits.reduce((n, visit) => n + visit.participants.length, 0), 0);
}
/**
 * The calls whose cost is per row written, with how to count their rows: their per-row figure is printed beside the
 * call's. The export writes every person of the month; the participants report lists up to 500 participants, and a
 * partner's whole history at 10k visits holds fewer than that.
 */
const PER_ROW = new Map<string, (call: Call) => Promise<number>>([
  ['financial report export (.xlsx)', exportedRows],
  ['participants report (partner admin)', reportedRows],
]);

/** The medians of two calls timed in turns after a warm-up of each. */
async function timedInTurns(a: Call, b: Call): Promise<[number, number]> {
  for (const call of [a, b]) {
    const first = await call();
    if (first.status !== 200) throw new Error(`${first.status} ${await first.text()}`);
    await first.arrayBuffer();
  }
  const times: [number[], number[]] = [[], []];
  for (let i = 0; i < RUNS; i++) {
    for (const [k, call] of [a, b].entries()) {
      const t0 = performance.now();
      const res = await call();
      await res.arrayBuffer();
      times[k]!.push(performance.now() - t0);
    }
  }
  return [median(times[0]), median(times[1])];
}

/** The plans of the slowest reads one call makes (the ones that are not the session's or the user's own). */
async function explain(db: BenchDb, call: Call): Promise<string[]> {
  recorder.statements = [];
  recorder.on = true;
  try {
    await (await call()).arrayBuffer();
  } finally {
    recorder.on = false;
  }
  const reads = recorder.statements.filter(
    (s) => /^\s*(select|with)\b/i.test(s.text) && !/\b(insert|update|delete)\b/i.test(s.text) && !/from "?sessions"?/i.test(s.text),
  );
  const plans: { ms: number; text: string }[] = [];
  for (const s of reads) {
    const { rows } = await sql<{ 'QUERY PLAN': string }>`${sql.raw(`EXPLAIN (ANALYZE, BUFFERS) ${inline(s.text, s.values)}`)}`.execute(db);
    const lines = rows.map((r) => r['QUERY PLAN']);
    const ms = Number(/Execution Time: ([\d.]+)/.exec(lines.join('\n'))?.[1] ?? 0);
    plans.push({ ms, text: `${clip(s.text.replace(/\s+/g, ' ').trim(), 800)}\n\n${clipPlan(lines)}` });
  }
  return plans
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 3)
    .map((p) => p.text);
}

/** The report is read by people: a statement's long tail (column lists, id arrays) says nothing about its plan. */
function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)} …` : text;
}
/** A plan's first 40 lines (where its cost is) and its timing lines, each line at most 300 characters. */
function clipPlan(lines: string[]): string {
  const kept = lines.length > 42 ? [...lines.slice(0, 40), '  …', ...lines.filter((l) => /^(Planning|Execution) Time/.test(l))] : lines;
  return kept.map((l) => clip(l, 300)).join('\n');
}

/** The statement with its parameters written in as literals (EXPLAIN takes no parameters of a prepared call). */
function inline(text: string, values: unknown[]): string {
  return text.replace(/\$(\d+)/g, (_, i: string) => literal(values[Number(i) - 1]));
}
function literal(v: unknown): string {
  if (v === null || v === undefined) return 'NULL';
  if (typeof v === 'number' || typeof v === 'bigint') return String(v);
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (v instanceof Date) return `'${v.toISOString()}'`;
  if (Array.isArray(v)) return `ARRAY[${v.map(literal).join(', ')}]`;
  return `'${String(v).replace(/'/g, "''")}'`;
}

async function signIn(app: BenchApp, email: string, slug: string) {
  const client = new Caller(app);
  await client.get('/sanctum/csrf-cookie');
  const res = await client.post('/api/login', { email, password: DEMO_PASSWORD, slug });
  if (res.status !== 200) throw new Error(`login of ${email}: ${res.status} ${await res.text()}`);
  return client;
}

/** The calls measured, by label; some need a first answer (a cursor) before they can be made. */
async function callsOf(app: BenchApp): Promise<[string, Call][]> {
  const seed = (who: string) => signIn(app, `${who}1@seed.test`, 'seed-1');
  const [learner, sp, observer, trainer, admin] = await Promise.all([
    seed('learner'),
    seed('sp'),
    seed('observer'),
    seed('trainer'),
    seed('admin'),
  ]);
  const superAdmin = await signIn(app, 'superadmin@demo.test', 'sp');
  const finance = await signIn(app, 'finance@demo.test', 'sp');
  const dashboard = (c: Caller, role: number) => () =>
    c.post('/api/visit/update-dashboard', { role_id: role, partner_id: 0, scenario_id: 0 });
  const list = (c: Caller, type: string, pageStart: number, cursor?: string) => () =>
    c.post('/api/visit/get-user-visits', { role_id: 5, type, page_start: pageStart, ...(cursor ? { cursor } : {}) });
  /** The first page's cursor to the next page, and where the last page starts. */
  const firstPage = async (c: Caller, type: string) => {
    const first = (await (await list(c, type, 0)()).json()) as Record<string, unknown>;
    const total = first[`${type}_visits_total`] as number;
    return {
      next: (first[`${type}_visits_cursors`] as { last: string } | null)?.last,
      lastStart: Math.max(0, Math.floor((total - 1) / 10) * 10),
    };
  };
  const [adminFirst, superFirst] = await Promise.all([firstPage(admin, 'completed'), firstPage(superAdmin, 'completed')]);
  const now = new Date();
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 15));
  const month = last.getUTCMonth() + 1;
  const year = last.getUTCFullYear();
  const query = `month=${month}&year=${year}&get_menu_items=1`;
  return [
    ['learner dashboard (update-dashboard)', dashboard(learner, 1)],
    ['SP dashboard (update-dashboard)', dashboard(sp, 2)],
    ['observer dashboard (update-dashboard)', dashboard(observer, 3)],
    ['trainer dashboard (update-dashboard)', dashboard(trainer, 4)],
    ["partner admin's dashboard (update-dashboard)", dashboard(admin, 5)],
    ["super admin's dashboard, every partner", dashboard(superAdmin, 5)],
    ['completed visits page 2 by key (partner admin)', list(admin, 'completed', 10, adminFirst.next)],
    ['completed visits last page (partner admin)', list(admin, 'completed', adminFirst.lastStart, 'end')],
    ['completed visits page 2 by key (super admin)', list(superAdmin, 'completed', 10, superFirst.next)],
    ['completed visits last page (super admin)', list(superAdmin, 'completed', superFirst.lastStart, 'end')],
    ['scheduled visits page 1 (super admin)', list(superAdmin, 'scheduled', 0)],
    ['overview report (super admin)', () => superAdmin.post('/api/reports/visit/overview', { partner_id: 0, scenario_id: 0 })],
    ['overview report (partner admin)', () => admin.post('/api/reports/visit/overview', { partner_id: 0, scenario_id: 0 })],
    [
      'participants report (partner admin)',
      () => admin.post('/api/reports/participants', { partner_id: 0, scenario_id: 0, status: 'all' }),
    ],
    [
      'participants report (super admin)',
      () => superAdmin.post('/api/reports/participants', { partner_id: 0, scenario_id: 0, status: 'all' }),
    ],
    ['financial report (every partner)', () => finance.get(`/api/reports/financial?${query}`)],
    ['financial report export (.xlsx)', () => finance.get(`/api/reports/financial/export?${query}`)],
    ['payment report', () => finance.get(`/api/reports/payment?month=${month}&year=${year}`)],
    ['financial overview (super admin: everyone)', () => superAdmin.post('/api/financial/overview', { month, year })],
    ["financial overview (an SP's own)", () => sp.post('/api/financial/overview', { month, year })],
  ];
}

/** A size's database: seeded, with the calls signed in. */
async function prepare(visits: number) {
  const bench = await startBenchApp(BASE_URL, {}, `simvisit_bench_${process.pid}_${visits}`);
  try {
    const started = performance.now();
    await seedLargeData(bench.db, sizeOf(visits), new Date());
    const seeded = (performance.now() - started) / 1000;
    console.log(`seeded ${visits.toLocaleString('en-US')} visits in ${seeded.toFixed(0)} s (${bench.kind})`);
    return { bench, seeded, calls: await callsOf(bench.app) };
  } catch (err) {
    await bench.close();
    throw err;
  }
}

async function main() {
  const smallVisits = SIZES[0]!;
  const largeVisits = SIZES[SIZES.length - 1]!;
  const small = await prepare(smallVisits);
  const large = await prepare(largeVisits).catch(async (err) => {
    await small.bench.close();
    throw err;
  });
  const rows: string[] = [];
  const plans = new Map<string, string[]>();
  let over = 0;
  try {
    const head = `${'call'.padEnd(48)}${`${smallVisits.toLocaleString('en-US')} visits`.padStart(16)}${`${largeVisits.toLocaleString('en-US')} visits`.padStart(18)}   ratio  bar`;
    console.log(`\nmedian of ${RUNS} calls at each size, taken in turns, ${large.bench.kind}\n${head}`);
    for (const [i, [label, smallCall]] of small.calls.entries()) {
      const largeCall = large.calls[i]![1];
      // In turns, so a busy moment of a shared machine weighs on both sizes alike.
      const [smallMs, largeMs] = await timedInTurns(smallCall, largeCall);
      const ratio = largeMs / smallMs;
      const ok = ratio <= BAR;
      if (!ok) over++;
      console.log(
        `${label.padEnd(48)}${`${smallMs.toFixed(1)} ms`.padStart(16)}${`${largeMs.toFixed(1)} ms`.padStart(18)}${`${ratio.toFixed(2)}x`.padStart(8)}  ${BAR}x ${ok ? 'ok' : 'OVER'}`,
      );
      rows.push(
        `| ${label} | ${smallMs.toFixed(1)} ms | ${largeMs.toFixed(1)} ms | ${ratio.toFixed(2)}× | ${ok ? 'within' : '**over**'} |`,
      );
      const rowsOf = PER_ROW.get(label);
      if (rowsOf) {
        // A month at 1M holds a hundred times the people of one at 10k, and a partner's history more than one report
        // lists: the cost of a row is printed beside the call's.
        const [smallRows, largeRows] = await Promise.all([rowsOf(smallCall), rowsOf(largeCall)]);
        const smallPer = smallMs / Math.max(1, smallRows);
        const largePer = largeMs / Math.max(1, largeRows);
        const perRatio = largePer / smallPer;
        const perOk = perRatio <= BAR;
        const perLabel = `  … per row (${smallRows.toLocaleString('en-US')} / ${largeRows.toLocaleString('en-US')} rows)`;
        console.log(
          `${perLabel.padEnd(48)}${`${smallPer.toFixed(3)} ms`.padStart(16)}${`${largePer.toFixed(3)} ms`.padStart(18)}${`${perRatio.toFixed(2)}x`.padStart(8)}  ${BAR}x ${perOk ? 'ok' : 'OVER'}`,
        );
        rows.push(
          `| ${perLabel.trim()} | ${smallPer.toFixed(3)} ms | ${largePer.toFixed(3)} ms | ${perRatio.toFixed(2)}× | ${perOk ? 'within' : '**over**'} |`,
        );
      }
      if (large.bench.kind === 'PostgreSQL') plans.set(label, await explain(large.bench.db, largeCall));
    }
    console.log(`${over} of ${small.calls.length} figures over the bar of ${BAR}x`);
  } finally {
    await small.bench.close();
    await large.bench.close();
  }

  const { rows: version } = await pgVersion();
  const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, ${version}`;
  const doc = [
    '# Reports and dashboards at 10,000 and 1,000,000 visits',
    '',
    `Written by \`npm run bench\` (scripts/bench-reports.ts) on ${new Date().toISOString().slice(0, 10)}: ${machine}.`,
    `Each size seeded by the large seed (${large.seeded.toFixed(0)} s for ${largeVisits.toLocaleString('en-US')} visits); median of ${RUNS} calls at each size, taken in turns; bar ${BAR}× (issue 23 item 2).`,
    '',
    `| call | ${smallVisits.toLocaleString('en-US')} visits | ${largeVisits.toLocaleString('en-US')} visits | ratio | bar ${BAR}× |`,
    '| --- | --- | --- | --- | --- |',
    ...rows,
    '',
    `## EXPLAIN (ANALYZE, BUFFERS) at ${largeVisits.toLocaleString('en-US')} visits`,
    '',
    'The slowest reads of each call (up to three), with their parameters written in.',
    '',
    ...[...plans].flatMap(([label, p]) => [`### ${label}`, '', ...p.flatMap((text) => ['```', text, '```', ''])]),
  ];
  writeFileSync(REPORT, `${doc.join('\n')}\n`);
  // The report is committed, and the lint checks Markdown's layout (padded tables): let the formatter lay it out.
  execFileSync(process.execPath, ['node_modules/@biomejs/biome/bin/biome', 'format', '--write', REPORT], { stdio: 'ignore' });
  console.log(`plans and figures written to ${REPORT}`);
}

async function pgVersion() {
  if (BASE_URL === 'pglite') return { rows: 'PGlite' };
  const client = new pg.Client({ connectionString: BASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ server_version: string }>('SHOW server_version');
    return { rows: `PostgreSQL ${rows[0]!.server_version}` };
  } finally {
    await client.end();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
