import type { Generated } from 'kysely';
import type { NullableTimestamp, Timestamp } from '../columns';

/* Learner registration (issue 13 item 1; migration 20261127141000_registration), merged into DB in ../types.ts. */
export interface RegistrationConfirmationsTable {
  id: Generated<number>;
  user_id: number;
  partner_id: number;
  /** hex SHA-256 of the emailed token; the token itself is never stored */
  token_hash: string;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface RegistrationTables {
  registration_confirmations: RegistrationConfirmationsTable;
}
