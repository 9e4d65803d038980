import type { ColumnType, Generated } from 'kysely';

/** Column types shared by the table definitions (db/tables), as kysely reads and writes them. */
export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
export type DateOnly = ColumnType<string | null, string | null | undefined, string | null>;
export type Numeric = ColumnType<number | null, number | string | null | undefined, number | string | null>;

/** Columns every replicated table has (migration 20261121100000_sync). */
export interface SyncColumns {
  doc: ColumnType<unknown, string, string>;
  _xid: ColumnType<string, never, never>;
  _seq: ColumnType<number, never, never>;
  _rev: ColumnType<number, never, never>;
  _deleted: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}
