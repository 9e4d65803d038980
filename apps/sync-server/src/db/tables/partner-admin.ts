import type { Generated } from 'kysely';
import type { Timestamp } from '../columns';

/* Partner administration (issue 13; migration 20261127140000_pre_approved_emails and later), merged into DB in ../types.ts. */
export interface PartnerPreApprovedEmailsTable {
  id: Generated<number>;
  partner_id: number;
  /** lower-cased */
  email: string;
  created_at: Timestamp;
}

export interface PartnerAdminTables {
  partner_pre_approved_emails: PartnerPreApprovedEmailsTable;
}
