import type { Generated } from 'kysely';
import type { NullableTimestamp, Timestamp } from '../columns';

/* Emailed links (issue 18 item 3; migration 20261128100000_emailed_links), merged into DB in ../types.ts. */
export interface EmailedLinksTable {
  id: Generated<number>;
  /** what following the link does (platform/emailed-links/purposes.ts) */
  purpose: string;
  /** whom or what the link is about, as its purpose says (a user id for the purposes of today) */
  subject_id: number;
  partner_id: number | null;
  /** hex SHA-256 of the emailed token; the token itself is never stored */
  token_hash: string;
  expires_at: Timestamp;
  spent_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface EmailedLinkTables {
  emailed_links: EmailedLinksTable;
}
