import { type Kysely, sql } from 'kysely';

/**
 * The planner's view of how visits spread over partners and scenarios (issue 23 item 2, decision 0092). A partner
 * books few scenarios, many times each, but the per-column statistics assume the two are independent, so a
 * scenario's visits at one partner were estimated at about twenty whatever their number: the participant report
 * then read all of them with a bitmap scan and sorted them (5,000 at a full centre) to keep its newest 500,
 * instead of walking an index newest first and stopping. Extended statistics give the planner the pair's real
 * spread; the next ANALYZE (autovacuum's, or the one below) fills them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE STATISTICS IF NOT EXISTS visits_partner_scenario_stats (ndistinct, dependencies) ON partner_id, scenario_id FROM visits`.execute(
    db,
  );
  await sql`ANALYZE visits`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP STATISTICS IF EXISTS visits_partner_scenario_stats`.execute(db);
}
