import type { Generated } from 'kysely';
import type { NullableTimestamp, Timestamp } from '../columns';

/* The emailed links that confirm an application (migration 20261127100000_applying). */
export interface ApplicationConfirmationsTable {
  id: Generated<number>;
  application_id: number;
  user_id: number;
  token_hash: string;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: Timestamp;
}

/** These tables as kysely's DB has them (db/types.ts). */
export interface ApplyingTables {
  application_confirmations: ApplicationConfirmationsTable;
}
