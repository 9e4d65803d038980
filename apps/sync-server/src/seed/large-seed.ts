import { type RawBuilder, sql } from 'kysely';
import type { Database } from '../db/database';

/**
 * A full centre's history (issue 23 item 1, decision 0092): partners, people, scenarios, visits in every state,
 * their requests, payments, observers' scorecards and training sessions spread over years, written set-based
 * (generate_series, one statement per table) on top of the demo data, so a million visits take minutes.
 *
 * Nothing seeded is work for the timed jobs: past visits are closed (completed, no-show, technical issue or
 * cancelled), every open visit is confirmed and was asked to confirm, those inside the reminder's lead were
 * reminded, accepted requests have their visit, the few pending requests propose dates beyond the acceptance lead,
 * no visit event waits to be sent, and no account waits for a confirmation link.
 *
 * The people are laid out by arithmetic so that every row's partner agrees: member m of a role (0-based) belongs to
 * partner m mod P, and visit n is at partner n mod P with learner n mod L and SP n mod S (L and S multiples of P).
 * An SP's visits take distinct slots of a day grid (12:00–22:00 UTC, every 40 minutes), training sessions sit at
 * 04:00 UTC, so the database's rule that nobody is in two places at once holds for every row.
 */
export interface LargeSeedSize {
  visits: number;
  users: number;
  partners: number;
  /** scenarios each partner runs */
  scenariosPerPartner: number;
  /** years of history before today (30 days of the future are added) */
  years: number;
}

/** The full size of issue 23: 1M visits, 100k users, 50 partners, three years. */
export const LARGE_SEED_FULL: LargeSeedSize = { visits: 1_000_000, users: 100_000, partners: 50, scenariosPerPartner: 4, years: 3 };
/** The embedded (PGlite) variant: the same shape, small enough for a laptop's embedded database. */
export const LARGE_SEED_EMBEDDED: LargeSeedSize = { visits: 50_000, users: 5_000, partners: 10, scenariosPerPartner: 4, years: 3 };

/** The seeded people sign in with the demo password; their addresses end with this. */
export const LARGE_SEED_DOMAIN = 'seed.test';

const SLOTS_PER_DAY = 15;
const FUTURE_DAYS = 30;

/** The counts of each role, multiples of the partner count so every member's partner follows from their index. */
export function seedPeople(size: LargeSeedSize) {
  const P = size.partners;
  const share = (f: number) => Math.max(P, Math.round((size.users * f) / P) * P);
  return { learners: share(0.85), sps: share(0.1), observers: share(0.04), trainers: share(0.005), admins: P };
}

/** Seeds `size` on a migrated database holding the demo data; `log` hears each step and its seconds. */
export async function seedLargeData(db: Database, size: LargeSeedSize, now: Date, log: (line: string) => void = () => {}) {
  const P = size.partners;
  const K = size.scenariosPerPartner;
  const V = size.visits;
  const people = seedPeople(size);
  const { learners: L, sps: S, observers: O, trainers: T } = people;
  const days = size.years * 365 + FUTURE_DAYS;
  const totalSlots = days * SLOTS_PER_DAY;
  const perSp = Math.ceil(V / S);
  if (perSp > totalSlots) throw new Error(`${V} visits need more SPs or years: ${perSp} each over ${totalSlots} slots`);
  const stride = Math.floor(totalSlots / perSp);
  const lit = (n: number) => sql.lit(n);

  const template = await db.selectFrom('users').select('password').where('email', '=', 'sp@demo.test').executeTakeFirstOrThrow();
  const author = await db.selectFrom('users').select('id').where('email', '=', 'author@demo.test').executeTakeFirstOrThrow();
  const scenarioTemplate = await db
    .selectFrom('scenarios')
    .select('id')
    .where('status', '=', 5)
    .where('_deleted', '=', false)
    .orderBy('id')
    .executeTakeFirstOrThrow();

  await db.transaction().execute(async (trx) => {
    const step = async (label: string, run: () => Promise<unknown>) => {
      const t0 = Date.now();
      await run();
      log(`${label} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
    };
    const at = sql`${now}::timestamptz`;
    const day0 = sql`(date_trunc('day', ${at}) - make_interval(days => ${lit(size.years * 365)}))`;
    const range = async (table: string, where: RawBuilder<unknown>) => {
      const { rows } = await sql<{ lo: number; hi: number; n: number }>`SELECT min(id)::int AS lo, max(id)::int AS hi, count(*)::int AS n
        FROM ${sql.table(table)} WHERE ${where}`.execute(trx);
      const r = rows[0]!;
      // Every later statement finds rows by arithmetic on these ids.
      if (r.hi - r.lo + 1 !== r.n) throw new Error(`${table}: seeded ids are not contiguous`);
      return r.lo;
    };

    await step(`${P} partners`, () =>
      sql`INSERT INTO partners (slug, short_name, long_name, seats, used_seats, time_zone, created_at, updated_at)
        SELECT 'seed-' || g, 'Seed ' || g, 'Seed Partner ' || g, ${lit(Math.ceil((L / P) * 1.25))}, ${lit(L / P)},
          (ARRAY['America/New_York', 'America/Chicago', 'America/Denver', 'America/Los_Angeles', 'Europe/London'])[1 + g % 5],
          ${at} - make_interval(years => ${lit(size.years)}), ${at}
        FROM generate_series(1, ${lit(P)}) g ORDER BY g`.execute(trx),
    );
    const p0 = await range('partners', sql`slug LIKE 'seed-%'`);

    const roles: [string, number, number][] = [
      ['learner', 1, L],
      ['sp', 2, S],
      ['observer', 3, O],
      ['trainer', 4, T],
      ['admin', 5, P],
    ];
    const firstOf: Record<string, number> = {};
    await step(`${size.users.toLocaleString('en-US')} users and their roles`, async () => {
      for (const [key, roleId, count] of roles) {
        await sql`INSERT INTO users (email, password, first_name, last_name, created_at, updated_at)
          SELECT ${key} || g || ${`@${LARGE_SEED_DOMAIN}`}, ${template.password},
            (ARRAY['Ava','Ben','Chloe','Dev','Elena','Farid','Grace','Hiro','Ines','Jonas','Kemi','Liam'])[1 + g % 12],
            (ARRAY['Nguyen','Okafor','Patel','Quinn','Rossi','Schmidt','Tanaka','Usman','Varga','Walsh'])[1 + g % 10] || ' ' || g,
            ${at} - make_interval(years => ${lit(size.years)}), ${at}
          FROM generate_series(1, ${lit(count)}) g ORDER BY g`.execute(trx);
        firstOf[key] = await range('users', sql`email LIKE ${`${key}%@${LARGE_SEED_DOMAIN}`}`);
        // Rates from the start of the history, dated then (the rate in force for every seeded piece of work).
        const rate = roleId === 2 ? sql`25 + g % 10` : roleId === 3 ? sql`20 + g % 5` : roleId === 4 ? sql`40` : sql`NULL::numeric`;
        await sql`INSERT INTO user_roles (user_id, role_id, partner_id, is_approved, pay_rate, created_at, updated_at)
          SELECT ${lit(firstOf[key]!)} + g, ${lit(roleId)}, ${lit(p0)} + g % ${lit(P)}, true, ${rate},
            ${day0} - interval '1 day', ${day0} - interval '1 day'
          FROM generate_series(0, ${lit(count - 1)}) g`.execute(trx);
      }
      // Half the SPs got a raise halfway: the reports must use the rate in force at each visit.
      await sql`UPDATE user_roles SET pay_rate = pay_rate + 5, updated_at = ${day0} + make_interval(days => ${lit(Math.floor((size.years * 365) / 2))})
        WHERE role_id = 2 AND user_id BETWEEN ${lit(firstOf.sp!)} AND ${lit(firstOf.sp! + S - 1)} AND user_id % 2 = 0`.execute(trx);
    });
    const [l0, s0, o0, t0] = [firstOf.learner!, firstOf.sp!, firstOf.observer!, firstOf.trainer!];

    await step(`${P * K} scenarios`, async () => {
      await sql`INSERT INTO scenarios (status, title, patient_name, patient_image, author_user_id, partner_id, is_sim, fee,
          is_scorecard_enabled, scorecard_display_type_id, doc, created_at, updated_at)
        SELECT 5, 'Seed case ' || g, 'Patient ' || g, t.patient_image, ${lit(author.id)}, NULL, 0,
          CASE WHEN g % 2 = 0 THEN 45 END, 1, t.scorecard_display_type_id, t.doc, ${day0}, ${day0}
        FROM generate_series(0, ${lit(P * K - 1)}) g CROSS JOIN (SELECT * FROM scenarios WHERE id = ${scenarioTemplate.id}) t
        ORDER BY g`.execute(trx);
      // The replicated document carries its own id and title.
      await sql`UPDATE scenarios SET doc = doc || jsonb_build_object('id', id, 'title', title, 'patient_name', patient_name)
        WHERE title LIKE 'Seed case %'`.execute(trx);
    });
    const { rows: scenarioRows } = await sql<{ lo: number; hi: number; n: number }>`SELECT min(id::int)::int AS lo,
        max(id::int)::int AS hi, count(*)::int AS n FROM scenarios WHERE title LIKE 'Seed case %'`.execute(trx);
    const sc0 = scenarioRows[0]!.lo;
    if (scenarioRows[0]!.n !== P * K || scenarioRows[0]!.hi - sc0 + 1 !== P * K)
      throw new Error('scenarios: seeded ids are not contiguous');
    // Scenario g runs at partner g div K, with a job number; the partner's SPs play it.
    await sql`INSERT INTO scenario_partners (scenario_id, partner_id, featured, job_number)
      SELECT (${lit(sc0)} + g)::text, ${lit(p0)} + g / ${lit(K)}, CASE WHEN g % ${lit(K)} = 0 THEN 1 ELSE 0 END, 'JOB-' || (1000 + g)
      FROM generate_series(0, ${lit(P * K - 1)}) g`.execute(trx);
    await sql`INSERT INTO scenario_users (scenario_id, user_id, role_id)
      SELECT (${lit(sc0)} + (j % ${lit(P)}) * ${lit(K)} + k)::text, ${lit(s0)} + j, 2
      FROM generate_series(0, ${lit(S - 1)}) j CROSS JOIN generate_series(0, ${lit(K - 1)}) k`.execute(trx);

    // Visit n: its partner, scenario, people, start (the SP's k-th slot) and fate (r, a hash of n: spread evenly over every partner).
    // Scenario g (0-based) has a fee when g is even, as made above.
    const visitSource = sql`SELECT n, pi, ${lit(sc0)} + pi * ${lit(K)} + (n / ${lit(P)}) % ${lit(K)} AS scenario_num,
        (pi * ${lit(K)} + (n / ${lit(P)}) % ${lit(K)}) % 2 = 0 AS paid,
        ${lit(l0)} + n % ${lit(L)} AS learner, ${lit(s0)} + n % ${lit(S)} AS sp, start_at, start_at < ${at} AS past, (hashint4(n)::bigint & 2147483647) % 100 AS r
      FROM (SELECT n, n % ${lit(P)} AS pi,
        ${day0} + make_interval(days => slot / ${lit(SLOTS_PER_DAY)}, mins => 720 + (slot % ${lit(SLOTS_PER_DAY)}) * 40) AS start_at
        FROM (SELECT n, ((n / ${lit(S)}) * ${lit(stride)} + (n % ${lit(S)}) * 37) % ${lit(totalSlots)} AS slot
              FROM generate_series(0, ${lit(V - 1)}) n) x) y`;
    const { rows: bases } = await sql<{ req: number; rd: number; pay: number; visit: number }>`SELECT
        (SELECT COALESCE(max(id), 0) FROM requests) + 1 AS req, (SELECT COALESCE(max(id), 0) FROM request_dates) + 1 AS rd,
        (SELECT COALESCE(max(id), 0) FROM payments) + 1 AS pay, (SELECT COALESCE(max(id), 0) FROM visits) + 1 AS visit`.execute(trx);
    const base = bases[0]!;
    await sql`CREATE TEMP TABLE seed_visits ON COMMIT DROP AS ${visitSource}`.execute(trx);

    await step(`${V.toLocaleString('en-US')} payments, requests and their dates`, async () => {
      await sql`INSERT INTO payments (id, user_id, scenario_id, idempotency_key, provider, fee_cents, processing_fee_cents, amount_cents,
          amount_refunded_cents, status, name_on_card, visit_request_id, created_at, updated_at)
        SELECT ${lit(base.pay)} + n, learner, scenario_num::text, 'seed-' || n, 'demo', 4500, 160, 4660,
          CASE WHEN past AND r >= 94 THEN 4660 ELSE 0 END, 'succeeded', 'Seed Learner', ${lit(base.req)} + n,
          start_at - interval '10 days', start_at - interval '10 days'
        FROM seed_visits WHERE paid`.execute(trx);
      await sql`INSERT INTO requests (id, request_type_id, user_id, partner_id, scenario_id, status, payment_id, payment_amount_cents,
          timezone, duration_minutes, created_at, updated_at)
        SELECT ${lit(base.req)} + n, 1, learner, ${lit(p0)} + pi, scenario_num::text, 'accepted',
          CASE WHEN paid THEN ${lit(base.pay)} + n END, CASE WHEN paid THEN 4660 ELSE 0 END,
          'America/New_York', 30, start_at - interval '10 days', start_at - interval '9 days'
        FROM seed_visits`.execute(trx);
      await sql`INSERT INTO request_dates (id, request_id, start_at)
        SELECT ${lit(base.rd)} + n, ${lit(base.req)} + n, start_at FROM seed_visits`.execute(trx);
    });

    await step(`${V.toLocaleString('en-US')} visits`, async () => {
      // The SPs' commitments are written below in one statement instead of one trigger call per visit.
      await sql`ALTER TABLE visits DISABLE TRIGGER commitments_of_visits`.execute(trx);
      await sql`INSERT INTO visits (id, request_id, request_date_id, scenario_id, partner_id, learner_user_id, sp_user_id, start_at, end_at,
          payment_amount_cents, is_confirmed, confirmed_at, confirmation_requested_at, reminder_sent_at,
          is_complete, completed_at, no_show, learner_technical_issue, is_scorecard_complete,
          is_canceled, canceled_at, canceled_by_user_id, is_sp_cancellation, created_at, updated_at)
        SELECT ${lit(base.visit)} + n, ${lit(base.req)} + n, ${lit(base.rd)} + n, scenario_num::text, ${lit(p0)} + pi, learner, sp,
          start_at, start_at + interval '30 minutes', CASE WHEN paid THEN 4660 ELSE 0 END,
          true, start_at - interval '9 days', start_at - interval '3 days',
          CASE WHEN start_at - interval '24 hours' <= ${at} THEN LEAST(${at}, start_at - interval '1 day') END,
          past AND (r < 75), CASE WHEN past AND r < 75 THEN start_at + interval '30 minutes' END,
          past AND r BETWEEN 75 AND 78, past AND r BETWEEN 79 AND 81, past AND r < 75,
          (past AND r >= 82) OR (NOT past AND r >= 90),
          CASE WHEN NOT past AND r >= 90 THEN ${at} - interval '1 day'
               WHEN past AND r >= 94 THEN start_at - interval '50 hours'
               WHEN past AND r >= 82 THEN start_at - make_interval(hours => (ARRAY[5, 30, 72])[1 + n % 3]) END,
          CASE WHEN past AND r >= 94 THEN sp WHEN (past AND r >= 82) OR (NOT past AND r >= 90) THEN learner END,
          past AND r >= 94, start_at - interval '9 days', LEAST(${at}, start_at + interval '1 hour')
        FROM seed_visits`.execute(trx);
      await sql`ALTER TABLE visits ENABLE TRIGGER commitments_of_visits`.execute(trx);
      await sql`INSERT INTO commitments (user_id, kind, source_id, period)
        SELECT sp_user_id, 'visit', id, tstzrange(start_at, end_at) FROM visits WHERE id >= ${lit(base.visit)} AND NOT is_canceled`.execute(
        trx,
      );
    });

    // The rows above took explicit ids: later rows take theirs from after them.
    for (const table of ['payments', 'requests', 'request_dates', 'visits']) {
      await sql`SELECT setval(pg_get_serial_sequence(${table}, 'id'), (SELECT max(id) FROM ${sql.table(table)}))`.execute(trx);
    }

    await step("observers' scorecards", () =>
      // A third of the completed visits were scored by an observer of their partner.
      sql`INSERT INTO visit_observers (visit_id, user_id, is_complete, completed_at, created_at)
        SELECT ${lit(base.visit)} + n, ${lit(o0)} + n % ${lit(O)}, true, start_at + interval '2 hours', start_at - interval '5 days'
        FROM seed_visits WHERE past AND r < 75 AND n % 3 = 0`.execute(trx),
    );

    const sessions = Math.max(P, Math.floor(V / 200));
    const perTrainer = Math.ceil(sessions / T);
    const weekStep = Math.max(1, Math.floor(days / 7 / perTrainer));
    await step(`${sessions.toLocaleString('en-US')} training sessions`, async () => {
      // Session i: trainer i mod T (partner i mod P), in week (i div T)·weekStep at 04:00 UTC, an hour (type 2).
      await sql`INSERT INTO training_sessions (scenario_id, trainer_user_id, partner_id, training_session_type_id, start_at, job_number,
          is_complete, completed_at, created_at, updated_at)
        SELECT (${lit(sc0)} + (i % ${lit(P)}) * ${lit(K)})::text, ${lit(t0)} + i % ${lit(T)}, ${lit(p0)} + i % ${lit(P)}, 2, s,
          'TRAIN-' || (i % ${lit(P)}), s < ${at}, CASE WHEN s < ${at} THEN s + interval '1 hour' END, s - interval '14 days', ${at}
        FROM (SELECT i, ${day0} + make_interval(days => (i / ${lit(T)}) * ${lit(weekStep * 7)}, hours => 4) AS s
              FROM generate_series(0, ${lit(sessions - 1)}) i) x`.execute(trx);
      const ts0 = await range('training_sessions', sql`job_number LIKE 'TRAIN-%'`);
      // Up to three SPs of the partner each; within a week no SP is in two sessions (trainees · T ≤ S).
      const trainees = Math.max(1, Math.min(3, Math.floor(S / T)));
      await sql`INSERT INTO training_session_users (training_session_id, user_id, role_id)
        SELECT ${lit(ts0)} + i, ${lit(s0)} + (((i % ${lit(T)}) / ${lit(P)}) * ${lit(trainees)} + x) % ${lit(S / P)} * ${lit(P)} + i % ${lit(P)}, 2
        FROM generate_series(0, ${lit(sessions - 1)}) i CROSS JOIN generate_series(0, ${lit(trainees - 1)}) x`.execute(trx);
    });

    // Pending requests are today's, not history's: twenty a partner whatever the size.
    const pending = Math.min(L, P * 20);
    const expired = Math.max(P, Math.floor(V / 100));
    await step(`${pending} pending and ${expired} expired requests`, async () => {
      // Pending: learner q (a different one each), dates 3 to 20 days ahead at 23:00 UTC, beyond the acceptance lead.
      await sql`WITH made AS (
          INSERT INTO requests (request_type_id, user_id, partner_id, scenario_id, status, timezone, duration_minutes, created_at, updated_at)
          SELECT 1, ${lit(l0)} + q, ${lit(p0)} + q % ${lit(P)}, (${lit(sc0)} + (q % ${lit(P)}) * ${lit(K)} + q % ${lit(K)})::text, 'pending',
            'America/New_York', 30, ${at} - interval '1 day', ${at} - interval '1 day'
          FROM generate_series(0, ${lit(pending - 1)}) q RETURNING id, user_id)
        INSERT INTO request_dates (request_id, start_at)
          SELECT id, date_trunc('day', ${at}) + make_interval(days => 3 + (id + d * 5) % 18, hours => 23) FROM made CROSS JOIN generate_series(0, 2) d`.execute(
        trx,
      );
      await sql`WITH made AS (
          INSERT INTO requests (request_type_id, user_id, partner_id, scenario_id, status, is_expired, timezone, duration_minutes, created_at, updated_at)
          SELECT 1, ${lit(l0)} + q % ${lit(L)}, ${lit(p0)} + q % ${lit(P)}, (${lit(sc0)} + (q % ${lit(P)}) * ${lit(K)} + q % ${lit(K)})::text,
            'expired', true, 'America/New_York', 30, ${day0} + make_interval(days => q % ${lit(size.years * 365)}),
            ${day0} + make_interval(days => q % ${lit(size.years * 365)} + 3)
          FROM generate_series(0, ${lit(expired - 1)}) q RETURNING id, created_at)
        INSERT INTO request_dates (request_id, start_at) SELECT id, created_at + interval '2 days' FROM made`.execute(trx);
    });
  });
  await sql`ANALYZE`.execute(db);
  return { people, sessions: Math.max(P, Math.floor(V / 200)) };
}
