import { type Kysely, sql } from 'kysely';

/**
 * The dashboards' visit lists and counts stay flat as visits pile up (issue 23 item 2, decision 0092).
 * - Each list reads a page by key (start_at, id) from an index that already holds its rows in that order: each
 *   section's own (partial) indexes per partner, per scenario and over everything (the super admin), and per
 *   learner and SP (open visits apart: their list ascends from the oldest open visit, a small moving share of
 *   years of history).
 * - visit_counts keeps how many visits each partner and scenario has in each dashboard section (scheduled,
 *   completed, canceled), up to date by statement-level triggers in the writing transaction: a count of a
 *   partner's or of every partner's visits reads a few rows instead of every visit. The triggers work per
 *   statement (transition tables), so a set-based write of many visits (the large seed) adds to each count once.
 * - Pending visit requests, the filter's scenarios, the participants report and the payment report's month get
 *   indexes that match their reads.
 */
const OPEN = `NOT (is_canceled OR no_show OR learner_technical_issue) AND NOT is_complete`;
/**
 * Each dashboard section has its own indexes (by start, partner and scenario), written as the lists' conditions
 * say the section: a section that is rare at a partner (few cancellations) is then read from its own rows, never
 * by stepping over every row of the other sections.
 */
const SECTIONS: [string, string][] = [
  ['open', OPEN],
  ['completed', `NOT (is_canceled OR no_show OR learner_technical_issue) AND is_complete`],
  ['canceled', `(is_canceled OR no_show OR learner_technical_issue)`],
];

const statements = [
  `DROP INDEX IF EXISTS visits_learner`,
  `DROP INDEX IF EXISTS visits_sp`,
  `DROP INDEX IF EXISTS visits_partner`,
  // visits_by_start serves the reports' date ranges as well
  `DROP INDEX IF EXISTS visits_start`,
  `CREATE INDEX visits_by_start ON visits (start_at, id)`,
  `CREATE INDEX visits_by_partner_scenario ON visits (partner_id, scenario_id, start_at, id)`,
  `CREATE INDEX visits_by_scenario ON visits (scenario_id, start_at, id)`,
  `CREATE INDEX visits_by_learner ON visits (learner_user_id, start_at, id)`,
  `CREATE INDEX visits_by_sp ON visits (sp_user_id, start_at, id)`,
  ...SECTIONS.flatMap(([name, condition]) => [
    `CREATE INDEX visits_${name}_by_start ON visits (start_at, id) WHERE ${condition}`,
    `CREATE INDEX visits_${name}_by_partner ON visits (partner_id, start_at, id) WHERE ${condition}`,
    `CREATE INDEX visits_${name}_by_scenario ON visits (scenario_id, start_at, id) WHERE ${condition}`,
  ]),
  `CREATE INDEX visits_open_by_learner ON visits (learner_user_id, start_at, id) WHERE ${OPEN}`,
  `CREATE INDEX visits_open_by_sp ON visits (sp_user_id, start_at, id) WHERE ${OPEN}`,
  `CREATE INDEX requests_pending_visit_by_partner ON requests (partner_id, id) WHERE request_type_id = 1 AND status = 'pending'`,
  `CREATE INDEX requests_visit_by_scenario_partner ON requests (scenario_id, partner_id) WHERE request_type_id = 1`,
  // The payment report reads a month of charges: from an index, not by scanning every payment ever made.
  `CREATE INDEX payments_succeeded_by_created ON payments (created_at) WHERE status = 'succeeded'`,
  // The dashboard section of a visit (spec 000 §4 groups), as the lists' conditions say it.
  `CREATE FUNCTION visit_section(is_canceled boolean, no_show boolean, learner_technical_issue boolean, is_complete boolean)
    RETURNS text LANGUAGE sql IMMUTABLE AS $$
    SELECT CASE WHEN is_canceled OR no_show OR learner_technical_issue THEN 'canceled'
      WHEN is_complete THEN 'completed' ELSE 'scheduled' END
  $$`,
  `CREATE TABLE visit_counts (
    partner_id integer NOT NULL,
    scenario_id text NOT NULL,
    section text NOT NULL CHECK (section IN ('scheduled', 'completed', 'canceled')),
    n bigint NOT NULL CHECK (n >= 0),
    PRIMARY KEY (partner_id, scenario_id, section)
  )`,
  // One function for the three triggers: each names only the transition tables its event has.
  `CREATE FUNCTION visit_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP = 'INSERT' THEN
      INSERT INTO visit_counts (partner_id, scenario_id, section, n)
        SELECT partner_id, scenario_id, visit_section(is_canceled, no_show, learner_technical_issue, is_complete), count(*)
        FROM new_rows GROUP BY 1, 2, 3
        ON CONFLICT (partner_id, scenario_id, section) DO UPDATE SET n = visit_counts.n + EXCLUDED.n;
    ELSIF TG_OP = 'DELETE' THEN
      UPDATE visit_counts c SET n = c.n - d.k
        FROM (SELECT partner_id, scenario_id, visit_section(is_canceled, no_show, learner_technical_issue, is_complete) AS section,
                count(*) AS k FROM old_rows GROUP BY 1, 2, 3) d
        WHERE c.partner_id = d.partner_id AND c.scenario_id = d.scenario_id AND c.section = d.section;
    ELSE
      -- Only rows whose partner, scenario or section changed move a count; the rest cancel out.
      INSERT INTO visit_counts (partner_id, scenario_id, section, n)
        SELECT partner_id, scenario_id, section, sum(k) FROM (
          SELECT partner_id, scenario_id, visit_section(is_canceled, no_show, learner_technical_issue, is_complete) AS section, 1 AS k
          FROM new_rows
          UNION ALL
          SELECT partner_id, scenario_id, visit_section(is_canceled, no_show, learner_technical_issue, is_complete), -1 FROM old_rows
        ) d GROUP BY 1, 2, 3 HAVING sum(k) > 0
        ON CONFLICT (partner_id, scenario_id, section) DO UPDATE SET n = visit_counts.n + EXCLUDED.n;
      UPDATE visit_counts c SET n = c.n + d.k
        FROM (SELECT partner_id, scenario_id, section, sum(k) AS k FROM (
                SELECT partner_id, scenario_id, visit_section(is_canceled, no_show, learner_technical_issue, is_complete) AS section, 1 AS k
                FROM new_rows
                UNION ALL
                SELECT partner_id, scenario_id, visit_section(is_canceled, no_show, learner_technical_issue, is_complete), -1 FROM old_rows
              ) x GROUP BY 1, 2, 3 HAVING sum(k) < 0) d
        WHERE c.partner_id = d.partner_id AND c.scenario_id = d.scenario_id AND c.section = d.section;
    END IF;
    RETURN NULL;
  END $$`,
  `CREATE TRIGGER visit_counts_insert AFTER INSERT ON visits REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION visit_counts_apply()`,
  `CREATE TRIGGER visit_counts_update AFTER UPDATE ON visits REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION visit_counts_apply()`,
  `CREATE TRIGGER visit_counts_delete AFTER DELETE ON visits REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION visit_counts_apply()`,
  // The visits already there.
  `INSERT INTO visit_counts (partner_id, scenario_id, section, n)
    SELECT partner_id, scenario_id, visit_section(is_canceled, no_show, learner_technical_issue, is_complete), count(*)
    FROM visits GROUP BY 1, 2, 3`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const trigger of ['visit_counts_insert', 'visit_counts_update', 'visit_counts_delete']) {
    await sql.raw(`DROP TRIGGER IF EXISTS ${trigger} ON visits`).execute(db);
  }
  await sql`DROP FUNCTION IF EXISTS visit_counts_apply()`.execute(db);
  await sql`DROP TABLE IF EXISTS visit_counts`.execute(db);
  await sql`DROP FUNCTION IF EXISTS visit_section(boolean, boolean, boolean, boolean)`.execute(db);
  for (const index of [
    'visits_by_start',
    'visits_by_partner_scenario',
    'visits_by_scenario',
    'visits_by_learner',
    'visits_by_sp',
    ...SECTIONS.flatMap(([name]) => [`visits_${name}_by_start`, `visits_${name}_by_partner`, `visits_${name}_by_scenario`]),
    'visits_open_by_learner',
    'visits_open_by_sp',
    'requests_pending_visit_by_partner',
    'requests_visit_by_scenario_partner',
    'payments_succeeded_by_created',
  ]) {
    await sql.raw(`DROP INDEX IF EXISTS ${index}`).execute(db);
  }
  await sql`CREATE INDEX visits_learner ON visits (learner_user_id, start_at)`.execute(db);
  await sql`CREATE INDEX visits_sp ON visits (sp_user_id, start_at)`.execute(db);
  await sql`CREATE INDEX visits_partner ON visits (partner_id, scenario_id, start_at)`.execute(db);
  await sql`CREATE INDEX visits_start ON visits (start_at)`.execute(db);
}
