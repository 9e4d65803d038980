import { SESSION_COUNTER_HISTORY_DAYS } from '@simvisit/schema';
import { sql, type Transaction } from 'kysely';
import type { DB } from '../db/types';

/**
 * Demo seat usage over time (issue 20 item 6, decision 0089): for each partner with seats, one reading a day over
 * the days before `today`, rising to where its seats stand now (from 40% of today's used seats, with a weekly
 * wobble), so the session counter's chart has something to show in `npm start`. Today's reading is the timed
 * job's.
 */
export async function seedDemoSeatUsage(trx: Transaction<DB>, today: string): Promise<void> {
  const days = SESSION_COUNTER_HISTORY_DAYS - 1;
  await sql`
    INSERT INTO seat_usage_days (partner_id, day, used_seats, held_seats, seats)
    SELECT p.id, ${today}::date - k, least(p.seats, greatest(0,
             round(p.used_seats * (0.4 + 0.6 * (${days}::int - k) / ${days}::float + (k % 7 - 3) * 0.05))::int)),
           0, p.seats
      FROM partners p CROSS JOIN generate_series(1, ${days}::int) AS k
     WHERE p.seats > 0`.execute(trx);
}
