import type { Generated } from 'kysely';
import type { Timestamp } from '../columns';

/* Commitments and calendar feeds (migration 20261127130000_commitments), merged into DB in ../types.ts. */
export interface CommitmentsTable {
  id: Generated<number>;
  user_id: number;
  kind: 'visit' | 'interview' | 'training_session';
  source_id: number;
  /** a tstzrange, written only by the source tables' triggers */
  period: string;
}

export interface CalendarFeedsTable {
  user_id: number;
  /** hex SHA-256 of the feed's token; the token itself is never stored */
  token_hash: string;
  created_at: Timestamp;
}

export interface CommitmentTables {
  commitments: CommitmentsTable;
  calendar_feeds: CalendarFeedsTable;
}
