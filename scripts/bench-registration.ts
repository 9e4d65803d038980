/**
 * npm run bench, registration timing (issue 21 item 8, AUTH-01): POST api/register with a new address and with a
 * taken one must not be told apart by the time of the answer. Registers BENCH_REGISTRATIONS of each, alternating
 * which goes first, each from an address of its own (X-Forwarded-For behind a trusted proxy, so the per-address
 * limit is not what is measured) and each taken address once (so the per-recipient mail cap is not either), and
 * prints the median and the 90th percentile of both and their difference. The database is embedded PGlite unless
 * BENCH_DATABASE_URL names a PostgreSQL server.
 */

import { performance } from 'node:perf_hooks';
import { ROLE } from '@simvisit/schema';
import { createTestPartner, createTestUser } from '../apps/sync-server/src/seed/test-factories';
import { Caller, quantile, startBenchApp } from './bench-app';

const COUNT = Number(process.env.BENCH_REGISTRATIONS ?? 40);
const WARM_UP = 3;
const BASE_URL = process.env.BENCH_DATABASE_URL ?? 'pglite';

async function main() {
  const bench = await startBenchApp(BASE_URL, { trustProxy: true });
  try {
    const partner = await createTestPartner(bench.db, {
      slug_prefix: 'bench-reg',
      is_sim: false,
      seats: 10_000,
      used_seats: 0,
      passcode: null,
    });
    const taken: string[] = [];
    for (let i = 0; i < COUNT + WARM_UP; i++) {
      const user = await createTestUser(bench.db, {
        email_prefix: `bench-taken-${i}`,
        first_name: 'Taken',
        last_name: `No ${i}`,
        roles: [{ role_id: ROLE.learner, partner_id: partner.id }],
      });
      taken.push(user.email);
    }

    let address = 0;
    const register = async (email: string): Promise<number> => {
      address += 1;
      const caller = new Caller(bench.app, { 'x-forwarded-for': `198.51.${Math.floor(address / 250)}.${address % 250}` });
      await caller.get('/sanctum/csrf-cookie');
      const body = {
        partner_slug: partner.slug,
        first_name: 'Riley',
        last_name: 'Bench',
        email,
        password: 'a-long-secret-2026',
        password_confirmation: 'a-long-secret-2026',
        custom_fields: [],
      };
      const started = performance.now();
      const res = await caller.post('/api/register', body);
      await res.arrayBuffer();
      const ms = performance.now() - started;
      if (res.status !== 200) throw new Error(`register ${email}: ${res.status}`);
      return ms;
    };

    const fresh: number[] = [];
    const known: number[] = [];
    for (let i = 0; i < COUNT + WARM_UP; i++) {
      const newEmail = `bench-new-${i}-${process.pid}@register.simvisit.test`;
      // Which goes first alternates, so a warmer cache or a later timer tick favours neither.
      const newFirst = i % 2 === 0;
      const a = await register(newFirst ? newEmail : taken[i]!);
      const b = await register(newFirst ? taken[i]! : newEmail);
      const pair = newFirst ? [a, b] : [b, a];
      if (i < WARM_UP) continue;
      fresh.push(pair[0]!);
      known.push(pair[1]!);
    }
    await bench.services.mail.idle();

    const line = (label: string, times: number[]) =>
      `${label.padEnd(28)}${`${quantile(times, 0.5).toFixed(1)} ms`.padStart(12)}${`${quantile(times, 0.9).toFixed(1)} ms`.padStart(12)}`;
    console.log(`\nregistration timing (AUTH-01), ${COUNT} of each after ${WARM_UP} warm-up, ${bench.kind}`);
    console.log(`${'address'.padEnd(28)}${'median'.padStart(12)}${'p90'.padStart(12)}`);
    console.log(line('new', fresh));
    console.log(line('taken', known));
    const gap = quantile(fresh, 0.5) - quantile(known, 0.5);
    console.log(
      `difference of the medians (new − taken): ${gap.toFixed(1)} ms (${((100 * gap) / quantile(fresh, 0.5)).toFixed(0)}% of new)`,
    );
  } finally {
    await bench.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
