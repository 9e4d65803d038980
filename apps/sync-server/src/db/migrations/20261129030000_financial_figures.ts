import { type Kysely, sql } from 'kysely';

/**
 * The financial figures kept per partner and local month (issue 20, issue 23 item 2, decision 0096), so the reports
 * and the overview read a few kept rows instead of a month's (or a year's) raw work.
 *
 * - `financial_person_months`: per partner, local month, person, scenario, job number, category and rate in force,
 *   the pieces of paid work, their hours (hundredths) and their pay (cents). Written only by the reading side when it
 *   recomputes a slice (features/financial/financial-slices.repository.ts): the rule stays in one place
 *   (`visitPayCategory` and the rate-in-force SQL), never copied into triggers.
 * - `financial_partner_months`: the same per partner, month and category without persons (the overview of
 *   everyone, the charts and the grand totals), and `financial_people`: who worked at a partner in a month with the
 *   name key the report pages by (index on month, name, id).
 * - `financial_dirty`: the slices (partner, local month) some write has changed since they were computed. Triggers
 *   add to it in the writing transaction: a visit, an observer's scorecard, a training session or its SPs, an
 *   interview (and the partner of its application or request) written; a rate recorded (every slice where the
 *   person has figures at that partner, or at any partner for a rate at 1 or 28, the brands' home partners); a
 *   partner's time zone or brand changed (every month of it, one each side); a scenario's job number at a partner,
 *   author or brand changed. Insert only, no unique key: a write never waits for a reader, and a reader that takes
 *   a slice's rows (DELETE … RETURNING) recomputes it; a write that commits meanwhile leaves a row for the next read.
 *   A slice never marked and never computed holds no paid work.
 * - Names: a person renamed gets their new name key at once (the report pages by name).
 * - The payment report's month: `payment_months` keeps the succeeded visit payments per month (in the centre's,
 *   partner 1's, zone), the booked request's partner and scenario (counts and cents), the job number joined when
 *   read; `payment_dirty` marks the months a payment's write, a request's partner or the centre's zone changed.
 */
const MONTH_OF = `CREATE FUNCTION financial_month(moment timestamptz, tz text) RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT (EXTRACT(YEAR FROM moment AT TIME ZONE tz)::int * 12 + EXTRACT(MONTH FROM moment AT TIME ZONE tz)::int - 1)
$$`;

const SORT_KEY = `CREATE FUNCTION financial_sort_key(first_name text, last_name text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT lower(btrim(coalesce(first_name, '') || ' ' || coalesce(last_name, '')))
$$`;

/** A statement-level trigger function over one table's transition tables: `slices` selects (partner_id, month) from `rows`. */
function dirtyFunction(name: string, opts: { changed: string; slices: (rows: string) => string; insertWhere?: string }): string {
  const from = (rows: string) => `INSERT INTO financial_dirty (partner_id, month)
      SELECT DISTINCT partner_id, month FROM (${opts.slices(rows)}) s`;
  return `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP = 'INSERT' THEN
      ${from(opts.insertWhere ? `(SELECT * FROM new_rows WHERE ${opts.insertWhere})` : 'new_rows')};
    ELSIF TG_OP = 'DELETE' THEN
      ${from('old_rows')};
    ELSE
      -- only rows whose paid facts changed, at their old and their new place and month
      ${from(`(SELECT o.* FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE ${opts.changed}
        UNION ALL SELECT n.* FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE ${opts.changed})`)};
    END IF;
    RETURN NULL;
  END $$`;
}

const differs = (columns: string[]) =>
  `ROW(${columns.map((c) => `o.${c}`).join(', ')}) IS DISTINCT FROM ROW(${columns.map((c) => `n.${c}`).join(', ')})`;

const TABLES: { table: string; fn: string; changed: string; slices: (rows: string) => string; insertWhere?: string }[] = [
  {
    table: 'visits',
    fn: 'financial_dirty_visits',
    changed: differs([
      'partner_id',
      'scenario_id',
      'sp_user_id',
      'start_at',
      'end_at',
      'is_complete',
      'is_canceled',
      'canceled_at',
      'is_sp_cancellation',
      'no_show',
      'learner_technical_issue',
    ]),
    // a booking (open) is no paid work yet: its completion or cancellation marks it
    insertWhere: 'is_complete OR is_canceled OR no_show OR learner_technical_issue',
    slices: (rows) =>
      `SELECT v.partner_id, financial_month(v.start_at, p.time_zone) AS month FROM ${rows} v JOIN partners p ON p.id = v.partner_id`,
  },
  {
    table: 'visit_observers',
    fn: 'financial_dirty_visit_observers',
    changed: differs(['visit_id', 'user_id', 'is_complete']),
    slices: (rows) => `SELECT v.partner_id, financial_month(v.start_at, p.time_zone) AS month FROM ${rows} vo
      JOIN visits v ON v.id = vo.visit_id JOIN partners p ON p.id = v.partner_id`,
  },
  {
    table: 'training_sessions',
    fn: 'financial_dirty_training_sessions',
    changed: differs([
      'partner_id',
      'scenario_id',
      'trainer_user_id',
      'training_session_type_id',
      'start_at',
      'job_number',
      'is_complete',
      'is_canceled',
    ]),
    slices: (rows) =>
      `SELECT ts.partner_id, financial_month(ts.start_at, p.time_zone) AS month FROM ${rows} ts JOIN partners p ON p.id = ts.partner_id`,
  },
  {
    table: 'training_session_users',
    fn: 'financial_dirty_training_session_users',
    changed: differs(['training_session_id', 'user_id', 'role_id']),
    slices: (rows) => `SELECT ts.partner_id, financial_month(ts.start_at, p.time_zone) AS month FROM ${rows} tsu
      JOIN training_sessions ts ON ts.id = tsu.training_session_id JOIN partners p ON p.id = ts.partner_id`,
  },
  {
    table: 'interviews',
    fn: 'financial_dirty_interviews',
    changed: differs(['trainer_user_id', 'start_at', 'is_complete', 'is_canceled', 'application_id', 'request_id']),
    slices: (rows) => `SELECT p.id AS partner_id, financial_month(i.start_at, p.time_zone) AS month FROM ${rows} i
      LEFT JOIN applications a ON a.id = i.application_id LEFT JOIN requests r ON r.id = i.request_id
      JOIN partners p ON p.id = COALESCE(a.partner_id, r.partner_id, 1)`,
  },
  {
    // A rate recorded: wherever the person has figures at that partner, or anywhere for a home partner's rate (the
    // rate in force falls back to it). Every month: an earlier first rate reprices the work before it too.
    table: 'pay_rate_history',
    fn: 'financial_dirty_pay_rates',
    changed: differs(['user_id', 'role_id', 'partner_id', 'pay_rate', 'effective_from']),
    slices: (rows) => `SELECT f.partner_id, f.month FROM ${rows} h
      JOIN financial_person_months f ON f.user_id = h.user_id AND (h.partner_id IN (1, 28) OR f.partner_id = h.partner_id)`,
  },
  {
    // A scenario's job number at a partner: every slice holding its work there.
    table: 'scenario_partners',
    fn: 'financial_dirty_job_numbers',
    changed: differs(['scenario_id', 'partner_id', 'job_number']),
    slices: (rows) => `SELECT f.partner_id, f.month FROM ${rows} sp
      JOIN financial_person_months f ON f.scenario_id = sp.scenario_id AND f.partner_id = sp.partner_id`,
  },
  {
    // A scenario's author or brand: every completed visit of it is an SP's piece too, so its slices are known.
    table: 'scenarios',
    fn: 'financial_dirty_scenarios',
    changed: differs(['author_user_id', 'is_sim']),
    insertWhere: 'false',
    slices: (rows) => `SELECT f.partner_id, f.month FROM ${rows} s JOIN financial_person_months f ON f.scenario_id = s.id`,
  },
  {
    // The partner an interview belongs to (its application's, else its request's).
    table: 'applications',
    fn: 'financial_dirty_applications',
    changed: differs(['partner_id']),
    insertWhere: 'false',
    slices: (rows) => `SELECT p.id AS partner_id, financial_month(i.start_at, p.time_zone) AS month FROM ${rows} a
      JOIN interviews i ON i.application_id = a.id JOIN partners p ON p.id = a.partner_id`,
  },
  {
    table: 'requests',
    fn: 'financial_dirty_requests',
    changed: differs(['partner_id']),
    insertWhere: 'false',
    slices: (rows) => `SELECT p.id AS partner_id, financial_month(i.start_at, p.time_zone) AS month FROM ${rows} r
      JOIN interviews i ON i.request_id = r.id AND i.application_id IS NULL JOIN partners p ON p.id = r.partner_id`,
  },
];

const statements = [
  MONTH_OF,
  SORT_KEY,
  `CREATE TABLE financial_dirty (partner_id integer NOT NULL, month integer NOT NULL)`,
  `CREATE INDEX financial_dirty_by_month ON financial_dirty (month, partner_id)`,
  `CREATE INDEX financial_dirty_by_partner ON financial_dirty (partner_id, month)`,
  `CREATE TABLE financial_person_months (
    partner_id integer NOT NULL,
    month integer NOT NULL,
    user_id integer,
    scenario_id text,
    job_number text,
    category text NOT NULL,
    rate_cents integer NOT NULL,
    pieces integer NOT NULL,
    centihours bigint NOT NULL,
    cents bigint NOT NULL
  )`,
  `CREATE INDEX financial_person_months_slice ON financial_person_months (partner_id, month)`,
  `CREATE INDEX financial_person_months_by_user ON financial_person_months (user_id, month)`,
  `CREATE INDEX financial_person_months_by_scenario ON financial_person_months (scenario_id, month)`,
  `CREATE INDEX financial_person_months_by_job ON financial_person_months (job_number, month)`,
  `CREATE INDEX financial_person_months_authoring ON financial_person_months (month) WHERE category = 'author'`,
  `CREATE TABLE financial_partner_months (
    partner_id integer NOT NULL,
    month integer NOT NULL,
    category text NOT NULL,
    pieces integer NOT NULL,
    centihours bigint NOT NULL,
    cents bigint NOT NULL,
    PRIMARY KEY (partner_id, month, category)
  )`,
  `CREATE INDEX financial_partner_months_by_month ON financial_partner_months (month, partner_id, category) INCLUDE (centihours, cents)`,
  `CREATE TABLE financial_people (
    partner_id integer NOT NULL,
    month integer NOT NULL,
    user_id integer NOT NULL,
    sort_key text NOT NULL,
    PRIMARY KEY (partner_id, month, user_id)
  )`,
  `CREATE INDEX financial_people_page ON financial_people (month, sort_key, user_id, partner_id)`,
  `CREATE INDEX financial_people_by_user ON financial_people (user_id)`,
  // The people left out of reports (role 10): a few rows of their own, never a scan of every grant.
  `CREATE INDEX user_roles_excluded_from_reports ON user_roles (user_id) WHERE role_id = 10 AND is_approved`,
  // The report's job number menu skips from one training job number to the next in this index.
  `CREATE INDEX training_sessions_by_job_number ON training_sessions (job_number, partner_id)`,
  ...TABLES.flatMap((t) => [
    dirtyFunction(t.fn, t),
    `CREATE TRIGGER ${t.fn}_insert AFTER INSERT ON ${t.table} REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${t.fn}()`,
    `CREATE TRIGGER ${t.fn}_update AFTER UPDATE ON ${t.table} REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION ${t.fn}()`,
    `CREATE TRIGGER ${t.fn}_delete AFTER DELETE ON ${t.table} REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ${t.fn}()`,
  ]),
  // A partner's zone or brand: every month it has figures or marks for, one each side (a month may shift by one).
  `CREATE FUNCTION financial_dirty_partner() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO financial_dirty (partner_id, month)
      SELECT NEW.id, m FROM generate_series(
        (SELECT min(month) - 1 FROM (SELECT month FROM financial_partner_months WHERE partner_id = NEW.id
          UNION ALL SELECT month FROM financial_dirty WHERE partner_id = NEW.id) x),
        (SELECT max(month) + 1 FROM (SELECT month FROM financial_partner_months WHERE partner_id = NEW.id
          UNION ALL SELECT month FROM financial_dirty WHERE partner_id = NEW.id) x)) m;
    RETURN NULL;
  END $$`,
  `CREATE TRIGGER financial_dirty_partner AFTER UPDATE OF time_zone, is_sim ON partners FOR EACH ROW
    WHEN (OLD.time_zone IS DISTINCT FROM NEW.time_zone OR OLD.is_sim IS DISTINCT FROM NEW.is_sim)
    EXECUTE FUNCTION financial_dirty_partner()`,
  `CREATE FUNCTION financial_rename() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    UPDATE financial_people SET sort_key = financial_sort_key(NEW.first_name, NEW.last_name) WHERE user_id = NEW.id;
    RETURN NULL;
  END $$`,
  `CREATE TRIGGER financial_rename AFTER UPDATE OF first_name, last_name ON users FOR EACH ROW
    WHEN (OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name)
    EXECUTE FUNCTION financial_rename()`,
  // The work already there: every slice holding some is marked, computed at its first read.
  `INSERT INTO financial_dirty (partner_id, month)
    SELECT DISTINCT v.partner_id, financial_month(v.start_at, p.time_zone) FROM visits v JOIN partners p ON p.id = v.partner_id
    UNION SELECT ts.partner_id, financial_month(ts.start_at, p.time_zone) FROM training_sessions ts JOIN partners p ON p.id = ts.partner_id
    UNION SELECT p.id, financial_month(i.start_at, p.time_zone) FROM interviews i
      LEFT JOIN applications a ON a.id = i.application_id LEFT JOIN requests r ON r.id = i.request_id
      JOIN partners p ON p.id = COALESCE(a.partner_id, r.partner_id, 1)`,
];

const PAYMENT_MONTH = `financial_month(created_at, (SELECT time_zone FROM partners WHERE id = 1))`;
const paymentStatements = [
  `CREATE TABLE payment_dirty (month integer NOT NULL)`,
  `CREATE INDEX payment_dirty_by_month ON payment_dirty (month)`,
  `CREATE TABLE payment_months (
    month integer NOT NULL,
    partner_id integer,
    scenario_id text NOT NULL,
    payments integer NOT NULL,
    fee_cents bigint NOT NULL,
    processing_fee_cents bigint NOT NULL,
    refunded_cents bigint NOT NULL
  )`,
  `CREATE INDEX payment_months_by_month ON payment_months (month, partner_id)`,
  `CREATE FUNCTION payment_dirty_payments() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP = 'INSERT' THEN
      INSERT INTO payment_dirty (month) SELECT DISTINCT ${PAYMENT_MONTH} FROM new_rows WHERE scenario_id IS NOT NULL AND status = 'succeeded';
    ELSIF TG_OP = 'DELETE' THEN
      INSERT INTO payment_dirty (month) SELECT DISTINCT ${PAYMENT_MONTH} FROM old_rows WHERE scenario_id IS NOT NULL;
    ELSE
      INSERT INTO payment_dirty (month) SELECT DISTINCT ${PAYMENT_MONTH} FROM (
        SELECT o.* FROM old_rows o JOIN new_rows n ON n.id = o.id
          WHERE ${differs(['status', 'created_at', 'fee_cents', 'processing_fee_cents', 'amount_refunded_cents', 'scenario_id', 'visit_request_id'])}
        UNION ALL SELECT n.* FROM old_rows o JOIN new_rows n ON n.id = o.id
          WHERE ${differs(['status', 'created_at', 'fee_cents', 'processing_fee_cents', 'amount_refunded_cents', 'scenario_id', 'visit_request_id'])}
      ) c WHERE scenario_id IS NOT NULL;
    END IF;
    RETURN NULL;
  END $$`,
  `CREATE TRIGGER payment_dirty_payments_insert AFTER INSERT ON payments REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION payment_dirty_payments()`,
  `CREATE TRIGGER payment_dirty_payments_update AFTER UPDATE ON payments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION payment_dirty_payments()`,
  `CREATE TRIGGER payment_dirty_payments_delete AFTER DELETE ON payments REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION payment_dirty_payments()`,
  // A request's partner decides whose payment it is and which job number applies.
  `CREATE FUNCTION payment_dirty_request() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO payment_dirty (month) SELECT DISTINCT ${PAYMENT_MONTH} FROM payments WHERE visit_request_id = NEW.id;
    RETURN NULL;
  END $$`,
  `CREATE TRIGGER payment_dirty_request AFTER UPDATE OF partner_id ON requests FOR EACH ROW
    WHEN (OLD.partner_id IS DISTINCT FROM NEW.partner_id) EXECUTE FUNCTION payment_dirty_request()`,
  // The centre's zone bounds every month: all of them, one each side.
  `CREATE FUNCTION payment_dirty_centre() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO payment_dirty (month)
      SELECT m FROM generate_series(
        (SELECT min(month) - 1 FROM (SELECT month FROM payment_months UNION ALL SELECT month FROM payment_dirty) x),
        (SELECT max(month) + 1 FROM (SELECT month FROM payment_months UNION ALL SELECT month FROM payment_dirty) x)) m;
    RETURN NULL;
  END $$`,
  `CREATE TRIGGER payment_dirty_centre AFTER UPDATE OF time_zone ON partners FOR EACH ROW
    WHEN (NEW.id = 1 AND OLD.time_zone IS DISTINCT FROM NEW.time_zone) EXECUTE FUNCTION payment_dirty_centre()`,
  `INSERT INTO payment_dirty (month) SELECT DISTINCT ${PAYMENT_MONTH} FROM payments WHERE scenario_id IS NOT NULL AND status = 'succeeded'`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of [...statements, ...paymentStatements]) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS payment_dirty_centre ON partners`.execute(db);
  await sql`DROP TRIGGER IF EXISTS payment_dirty_request ON requests`.execute(db);
  for (const event of ['insert', 'update', 'delete'])
    await sql.raw(`DROP TRIGGER IF EXISTS payment_dirty_payments_${event} ON payments`).execute(db);
  for (const fn of ['payment_dirty_centre()', 'payment_dirty_request()', 'payment_dirty_payments()'])
    await sql.raw(`DROP FUNCTION IF EXISTS ${fn}`).execute(db);
  await sql`DROP TABLE IF EXISTS payment_months`.execute(db);
  await sql`DROP TABLE IF EXISTS payment_dirty`.execute(db);
  await sql`DROP TRIGGER IF EXISTS financial_rename ON users`.execute(db);
  await sql`DROP TRIGGER IF EXISTS financial_dirty_partner ON partners`.execute(db);
  for (const t of TABLES) {
    for (const event of ['insert', 'update', 'delete']) await sql.raw(`DROP TRIGGER IF EXISTS ${t.fn}_${event} ON ${t.table}`).execute(db);
    await sql.raw(`DROP FUNCTION IF EXISTS ${t.fn}()`).execute(db);
  }
  for (const fn of [
    'financial_rename()',
    'financial_dirty_partner()',
    'financial_sort_key(text, text)',
    'financial_month(timestamptz, text)',
  ]) {
    await sql.raw(`DROP FUNCTION IF EXISTS ${fn}`).execute(db);
  }
  await sql`DROP INDEX IF EXISTS training_sessions_by_job_number`.execute(db);
  await sql`DROP INDEX IF EXISTS user_roles_excluded_from_reports`.execute(db);
  for (const table of ['financial_people', 'financial_partner_months', 'financial_person_months', 'financial_dirty']) {
    await sql.raw(`DROP TABLE IF EXISTS ${table}`).execute(db);
  }
}
