/**
 * npm run bench, live sync at scale (issue 23 item 5): one server process holding BENCH_STREAMS (10,000) open
 * change streams of BENCH_STREAM_PEOPLE (2,000) SPs, five devices each, one session per device (the product's cap
 * of eight streams per session stays as it is). It prints, as ratios beside their bars:
 *  - a push's acknowledgement with the streams open, next to the same with none (bar: at most 2×, medians);
 *  - the time from a push to the RESYNC on the person's other device, and to the pulled document there (bar: p95
 *    at most 50 ms with the streams open);
 *  - how many of the other people's streams the pushes woke (bar: none, the change hints go by audience).
 * The server runs here on a database of its own (BENCH_DATABASE_URL, default the PostgreSQL at
 * 127.0.0.1:5432/test, or `pglite`), listening over TCP with the product's connection bounds; the devices run in a
 * child process (scripts/bench-streams-devices.ts) over 200 loopback addresses.
 */

import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import { sql } from 'kysely';
import { DEFAULT_BOUNDS, listen } from '../apps/sync-server/src/http/node-server';
import { sessionCookieName } from '../apps/sync-server/src/platform/sessions/session-cookies';
import { median, quantile, startBenchApp } from './bench-app';

const STREAMS = Number(process.env.BENCH_STREAMS ?? 10_000);
const PEOPLE = Number(process.env.BENCH_STREAM_PEOPLE ?? 2_000);
const PUSHES = Number(process.env.BENCH_STREAM_PUSHES ?? 200);
const PORT = Number(process.env.BENCH_STREAM_PORT ?? 8897);
const BASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

type Reply = Record<string, unknown>;

function ask(child: ChildProcess, message: unknown): Promise<Reply> {
  return new Promise((resolve, reject) => {
    child.once('message', (reply: Reply) => (reply.error ? reject(new Error(String(reply.error))) : resolve(reply)));
    child.send(message as never);
  });
}

const ms = (v: number) => `${v.toFixed(1)} ms`;
const verdict = (ok: boolean) => (ok ? 'within the bar' : 'OVER THE BAR');

async function main() {
  const bench = await startBenchApp(BASE_URL, { port: PORT });
  const config = (await import('../apps/sync-server/src/config')).loadConfig(process.env, { appUrl: 'http://localhost:8080' });
  const cookieName = sessionCookieName(config);
  const server = listen(bench.app.fetch, { port: PORT, hostname: '127.0.0.1' }, DEFAULT_BOUNDS);
  const child = fork(path.join(import.meta.dirname, 'bench-streams-devices.ts'), {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, BENCH_STREAM_PORT: String(PORT) },
  });
  try {
    await new Promise((resolve) => child.once('message', resolve));
    const device = async (userId: number) => {
      const { token, record } = await bench.services.sessions.rotateForUser(null, userId, 1, { ip: '127.0.0.1', userAgent: 'bench' });
      return { cookie: `${cookieName}=${token}; XSRF-TOKEN=${encodeURIComponent(record.csrf_token)}`, csrf: record.csrf_token };
    };
    const sp = (await bench.services.users.byEmail('sp@demo.test'))!;
    const measure = async () =>
      (await ask(child, {
        measure: { pusher: await device(sp.id), receiver: await device(sp.id), userId: sp.id, pushes: PUSHES, warmup: 20 },
      })) as { ack: number[]; hint: number[]; pulled: number[]; missed: number };

    const none = await measure();

    // The other people: SPs of partner 1, the demo SP's password hash copied rather than computed 2,000 times.
    const { password } = await bench.db
      .selectFrom('users')
      .select('password')
      .where('email', '=', 'sp@demo.test')
      .executeTakeFirstOrThrow();
    await sql`INSERT INTO users (email, password, first_name, last_name, created_at, updated_at)
      SELECT 'stream' || g || '@bench.test', ${password}, 'Stream', 'No ' || g, now(), now()
      FROM generate_series(1, ${sql.lit(PEOPLE)}) AS g`.execute(bench.db);
    await sql`INSERT INTO user_roles (user_id, role_id, partner_id, is_approved, pay_rate, created_at, updated_at)
      SELECT id, 2, 1, true, 30, now(), now() FROM users WHERE email LIKE 'stream%@bench.test'`.execute(bench.db);
    const people = await bench.db.selectFrom('users').select('id').where('email', 'like', 'stream%@bench.test').orderBy('id').execute();
    const cookies: string[] = [];
    for (let i = 0; i < STREAMS; i++) cookies.push((await device(people[i % people.length]!.id)).cookie);
    const openedAt = performance.now();
    const { opened, failed } = (await ask(child, { open: cookies })) as { opened: number; failed: number };
    const openMs = performance.now() - openedAt;
    const rssOpen = process.memoryUsage().rss;

    const full = await measure();
    const { resyncs } = (await ask(child, { resyncs: true })) as { resyncs: number };

    const ackNone = median(none.ack);
    const ackFull = median(full.ack);
    const ratio = ackFull / ackNone;
    const hint95 = quantile(full.hint, 0.95);
    const pulled95 = quantile(full.pulled, 0.95);
    console.log(`\nLive sync with ${opened.toLocaleString('en-US')} open change streams in one server process (${bench.kind})`);
    console.log(
      `  streams opened: ${opened} of ${STREAMS} (${failed} failed) in ${(openMs / 1000).toFixed(1)} s; server memory ${(rssOpen / 2 ** 20).toFixed(0)} MB`,
    );
    console.log(`  push acknowledgement, no streams:  median ${ms(ackNone)}, p95 ${ms(quantile(none.ack, 0.95))} (${PUSHES} pushes)`);
    console.log(`  push acknowledgement, streams open: median ${ms(ackFull)}, p95 ${ms(quantile(full.ack, 0.95))}`);
    console.log(`  ratio (open / none): ${ratio.toFixed(2)}x   bar: at most 2x   ${verdict(ratio <= 2)}`);
    console.log(
      `  push → RESYNC on the other device: p95 ${ms(hint95)} (none open: ${ms(quantile(none.hint, 0.95))})   bar: 50 ms   ${verdict(hint95 <= 50)}  (${(hint95 / 50).toFixed(2)}x of the bar)`,
    );
    console.log(
      `  push → document pulled on the other device: p95 ${ms(pulled95)} (none open: ${ms(quantile(none.pulled, 0.95))})   ${(pulled95 / 50).toFixed(2)}x of 50 ms`,
    );
    console.log(`  other people's streams woken by the pushes: ${resyncs}   bar: 0   ${verdict(resyncs === 0)}`);
    console.log(`  RESYNCs the other device never got (5 s): ${none.missed} with no streams, ${full.missed} with them open`);
    await ask(child, { close: true }).catch(() => undefined);
  } finally {
    child.kill();
    // The streams end with their connections before the database closes under them.
    server.closeAllConnections?.();
    await new Promise((r) => setTimeout(r, 500));
    server.close();
    server.closeAllConnections?.();
    await bench.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
