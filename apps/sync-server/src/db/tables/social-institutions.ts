import type { Generated } from 'kysely';
import type { DateOnly, Numeric, Timestamp } from '../columns';

/* Social posts, institutions and client admin requests (migration 20261127170000), merged into DB in ../types.ts. */
export interface SocialPostsTable {
  id: Generated<number>;
  title: string;
  description: string;
  image_path: string | null;
  /** 'YYYY-MM-DD' (read back as text, see the repository) */
  published_on: DateOnly;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface InstitutionsTable {
  id: Generated<number>;
  name: string;
  royalty_rate: Numeric;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ClientAdminRequestsTable {
  id: Generated<number>;
  user_id: number;
  partner_id: number;
  is_sim: boolean;
  created_at: Timestamp;
  approved_at: Date | null;
  approved_by: number | null;
}

export interface SocialInstitutionTables {
  social_posts: SocialPostsTable;
  institutions: InstitutionsTable;
  client_admin_requests: ClientAdminRequestsTable;
}
