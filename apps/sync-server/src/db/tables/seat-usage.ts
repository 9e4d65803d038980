import type { ColumnType } from 'kysely';

/** One partner's seats as read once a day (issue 20 item 6, decision 0089): the session counter's usage over time. */
export interface SeatUsageDaysTable {
  partner_id: number;
  /** the UTC day, YYYY-MM-DD */
  day: ColumnType<string, string, string>;
  used_seats: number;
  held_seats: number;
  seats: number;
}

export interface SeatUsageTables {
  seat_usage_days: SeatUsageDaysTable;
}
