import { type Kysely, sql } from 'kysely';

/**
 * Quotes, agreements, card payment and invoices (issue 19; spec 002 §2.18–2.20, §3, §4). One organisation's way to
 * become a partner, in the tables the applicant dashboard already reads (quote_requests, quotes):
 * - quote_requests: who asked (the requester's account) at which sim partner, with the company details as they were
 *   typed on the request (they are the agreement's party, not the person's profile).
 * - quote_request_scenarios: the published scenarios wanted, the sessions asked (scenario_count) and sold
 *   (scenario_count_invoice, set by the quote builder; a scenario the builder adds was asked 0 times).
 * - quotes: the quote built from a request (one per request) and, once approved, the agreement (spec 002 §3
 *   'Pending partner / quote' and 'Agreement' are this row: agreement_id = quotes.id). Amounts are integer cents
 *   computed by the server (PAY-01). Signing keeps what a court would ask for: who, when (server time), from which
 *   address and browser, and the SHA-256 of the exact PDF shown. partner_id is set once, by finalizing.
 * - invoices: at most one per agreement, numbered, paid once (Mark As Paid cannot be undone).
 * - payments: a card payment is for a visit (scenario_id) or for an agreement (quote_id), never both.
 */
const statements = [
  `ALTER TABLE quote_requests
    ADD COLUMN mobile_number text,
    ADD COLUMN job_title text CHECK (job_title IS NULL OR length(job_title) <= 255),
    ADD COLUMN company_name text CHECK (company_name IS NULL OR length(company_name) <= 255),
    ADD COLUMN address_1 text CHECK (address_1 IS NULL OR length(address_1) <= 255),
    ADD COLUMN address_2 text CHECK (address_2 IS NULL OR length(address_2) <= 255),
    ADD COLUMN city text CHECK (city IS NULL OR length(city) <= 255),
    ADD COLUMN state_id integer REFERENCES states(id),
    ADD COLUMN zip text CHECK (zip IS NULL OR length(zip) <= 20)`,
  `CREATE INDEX quote_requests_user ON quote_requests (user_id, created_at DESC)`,
  `CREATE TABLE quote_request_scenarios (
    quote_request_id integer NOT NULL REFERENCES quote_requests(id) ON DELETE CASCADE,
    scenario_id text NOT NULL REFERENCES scenarios(id),
    scenario_count integer NOT NULL DEFAULT 0 CHECK (scenario_count BETWEEN 0 AND 100000),
    scenario_count_invoice integer NOT NULL DEFAULT 0 CHECK (scenario_count_invoice BETWEEN 0 AND 100000),
    PRIMARY KEY (quote_request_id, scenario_id)
  )`,
  `ALTER TABLE quotes
    ADD COLUMN title text CHECK (title IS NULL OR length(title) <= 255),
    ADD COLUMN slug text CHECK (slug IS NULL OR slug ~ '^[a-z0-9]([a-z0-9-]{0,48}[a-z0-9])?$'),
    ADD COLUMN session_rate_cents integer NOT NULL DEFAULT 0 CHECK (session_rate_cents BETWEEN 0 AND 99999),
    ADD COLUMN number_of_sessions integer NOT NULL DEFAULT 0 CHECK (number_of_sessions >= 0),
    ADD COLUMN agreement_duration integer CHECK (agreement_duration IS NULL OR agreement_duration BETWEEN 1 AND 60),
    ADD COLUMN target_start_date date,
    ADD COLUMN payment_amount_cents integer NOT NULL DEFAULT 0 CHECK (payment_amount_cents >= 0),
    ADD COLUMN processing_fee_cents integer NOT NULL DEFAULT 0 CHECK (processing_fee_cents >= 0),
    ADD COLUMN total_amount_cents integer NOT NULL DEFAULT 0
      CHECK (total_amount_cents = payment_amount_cents + processing_fee_cents),
    ADD COLUMN is_approved boolean NOT NULL DEFAULT false,
    ADD COLUMN approved_at timestamptz,
    ADD COLUMN rejected_at timestamptz,
    ADD COLUMN decided_by integer REFERENCES users(id),
    ADD COLUMN agreement_signed_at timestamptz,
    ADD COLUMN signer_user_id integer REFERENCES users(id),
    ADD COLUMN signer_first_name text CHECK (signer_first_name IS NULL OR length(signer_first_name) <= 255),
    ADD COLUMN signer_last_name text CHECK (signer_last_name IS NULL OR length(signer_last_name) <= 255),
    ADD COLUMN signer_ip text,
    ADD COLUMN signer_user_agent text CHECK (signer_user_agent IS NULL OR length(signer_user_agent) <= 1000),
    ADD COLUMN agreement_pdf_sha256 text CHECK (agreement_pdf_sha256 IS NULL OR agreement_pdf_sha256 ~ '^[0-9a-f]{64}$'),
    ADD COLUMN agreement_path text,
    ADD COLUMN billing_contact jsonb,
    ADD COLUMN invoice_requested_at timestamptz,
    ADD COLUMN payment_made_at timestamptz,
    ADD COLUMN partner_id integer UNIQUE REFERENCES partners(id),
    ADD COLUMN finalized_at timestamptz,
    ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now(),
    ADD CONSTRAINT quotes_decided_once CHECK (NOT (is_approved AND is_rejected)),
    ADD CONSTRAINT quotes_signed_when_approved CHECK (NOT is_agreement_signed OR is_approved),
    ADD CONSTRAINT quotes_paid_when_signed CHECK (NOT is_payment_made OR is_agreement_signed)`,
  `CREATE UNIQUE INDEX quotes_one_per_request ON quotes (quote_request_id)`,
  // A subdomain is held by an open quote (neither rejected nor finalized) as well as by a partner (partners.slug).
  `CREATE UNIQUE INDEX quotes_open_slug ON quotes (slug) WHERE slug IS NOT NULL AND NOT is_rejected AND partner_id IS NULL`,
  `CREATE TABLE invoices (
    id integer GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
    quote_id integer NOT NULL UNIQUE REFERENCES quotes(id),
    number text NOT NULL UNIQUE CHECK (length(number) <= 40),
    amount_cents integer NOT NULL CHECK (amount_cents > 0),
    requested_by integer NOT NULL REFERENCES users(id),
    requested_at timestamptz NOT NULL DEFAULT now(),
    paid_at timestamptz,
    marked_paid_by integer REFERENCES users(id)
  )`,
  `CREATE INDEX invoices_requested ON invoices (requested_at DESC)`,
  `ALTER TABLE payments ALTER COLUMN scenario_id DROP NOT NULL`,
  `ALTER TABLE payments
    ADD COLUMN quote_id integer REFERENCES quotes(id),
    ADD CONSTRAINT payments_for_one_thing CHECK ((scenario_id IS NULL) <> (quote_id IS NULL))`,
  `CREATE INDEX payments_quote ON payments (quote_id) WHERE quote_id IS NOT NULL`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS payments_quote`.execute(db);
  await sql`ALTER TABLE payments DROP CONSTRAINT IF EXISTS payments_for_one_thing, DROP COLUMN IF EXISTS quote_id`.execute(db);
  await sql`DELETE FROM payments WHERE scenario_id IS NULL`.execute(db);
  await sql`ALTER TABLE payments ALTER COLUMN scenario_id SET NOT NULL`.execute(db);
  await sql`DROP TABLE IF EXISTS invoices`.execute(db);
  await sql`DROP TABLE IF EXISTS quote_request_scenarios`.execute(db);
  await sql`DROP INDEX IF EXISTS quotes_open_slug`.execute(db);
  await sql`DROP INDEX IF EXISTS quotes_one_per_request`.execute(db);
  await sql`DROP INDEX IF EXISTS quote_requests_user`.execute(db);
  for (const column of ['mobile_number', 'job_title', 'company_name', 'address_1', 'address_2', 'city', 'state_id', 'zip']) {
    await sql.raw(`ALTER TABLE quote_requests DROP COLUMN IF EXISTS ${column}`).execute(db);
  }
  await sql`ALTER TABLE quotes DROP CONSTRAINT IF EXISTS quotes_decided_once, DROP CONSTRAINT IF EXISTS quotes_signed_when_approved, DROP CONSTRAINT IF EXISTS quotes_paid_when_signed`.execute(
    db,
  );
  for (const column of [
    'title',
    'slug',
    'session_rate_cents',
    'number_of_sessions',
    'agreement_duration',
    'target_start_date',
    'total_amount_cents',
    'payment_amount_cents',
    'processing_fee_cents',
    'is_approved',
    'approved_at',
    'rejected_at',
    'decided_by',
    'agreement_signed_at',
    'signer_user_id',
    'signer_first_name',
    'signer_last_name',
    'signer_ip',
    'signer_user_agent',
    'agreement_pdf_sha256',
    'agreement_path',
    'billing_contact',
    'invoice_requested_at',
    'payment_made_at',
    'partner_id',
    'finalized_at',
    'updated_at',
  ]) {
    await sql.raw(`ALTER TABLE quotes DROP COLUMN IF EXISTS ${column}`).execute(db);
  }
}
