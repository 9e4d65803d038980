import { type Kysely, sql } from 'kysely';

/**
 * Visit scorecards (spec 002 §2.3, §3, §4; docs/decisions/0030-visit-scorecards.md).
 * - visit_scorecards: one replicated document per person and form of a visit (the SP scorecard, each observer's
 *   scorecard, the learner's participant feedback), created by the server when the person is assigned; the
 *   person's answers and submission live in `doc`, which replicates to their devices (offline scoring).
 * - The scenario's scorecard display type takes the nine values of spec 002 §3 (1 none … 8 individual_merged).
 *   The four earlier product values map onto them: SP only → 2 feedback, observers only → 6 individual,
 *   SP and observers → 3 feedback_individual (unchanged), SP, observers and merged → 5 feedback_individual_merged.
 */
const statements = [
  `CREATE TABLE visit_scorecards (
    id text PRIMARY KEY,
    visit_id integer NOT NULL REFERENCES visits(id) ON DELETE CASCADE,
    kind text NOT NULL CHECK (kind IN ('scorecard', 'feedback-form', 'participant-feedback')),
    user_id integer NOT NULL REFERENCES users(id),
    submitted_at timestamptz,
    doc jsonb NOT NULL,
    _xid xid8 NOT NULL DEFAULT pg_current_xact_id(),
    _seq bigint NOT NULL DEFAULT nextval('sync_seq'),
    _rev integer NOT NULL DEFAULT 1,
    _deleted boolean NOT NULL DEFAULT false,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (visit_id, kind, user_id)
  )`,
  `CREATE INDEX visit_scorecards_sync ON visit_scorecards (_xid, _seq)`,
  `CREATE INDEX visit_scorecards_user ON visit_scorecards (user_id)`,
  `CREATE TRIGGER visit_scorecards_sync BEFORE INSERT OR UPDATE ON visit_scorecards
   FOR EACH ROW EXECUTE FUNCTION sync_stamp()`,
  `ALTER TABLE scenarios DROP CONSTRAINT IF EXISTS scenarios_scorecard_display_type_id_check`,
  `UPDATE scenarios SET scorecard_display_type_id = CASE scorecard_display_type_id WHEN 1 THEN 2 WHEN 2 THEN 6 WHEN 4 THEN 5 END
   WHERE scorecard_display_type_id IN (1, 2, 4)`,
  `ALTER TABLE scenarios ADD CONSTRAINT scenarios_scorecard_display_type_id_check CHECK (scorecard_display_type_id BETWEEN 1 AND 8)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS visit_scorecards`.execute(db);
  await sql`ALTER TABLE scenarios DROP CONSTRAINT IF EXISTS scenarios_scorecard_display_type_id_check`.execute(db);
  await sql`UPDATE scenarios SET scorecard_display_type_id = CASE WHEN scorecard_display_type_id IN (1, 2) THEN 1
    WHEN scorecard_display_type_id IN (6, 7, 8) THEN 2 WHEN scorecard_display_type_id IN (4, 5) THEN 4 ELSE 3 END`.execute(db);
  await sql`ALTER TABLE scenarios ADD CONSTRAINT scenarios_scorecard_display_type_id_check CHECK (scorecard_display_type_id BETWEEN 1 AND 4)`.execute(
    db,
  );
}
