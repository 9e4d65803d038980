import type { Generated } from 'kysely';
import type { DateOnly, Timestamp } from '../columns';

/* Articles and authors (issue 13 item 7; migration 20261127160000_articles), merged into DB in ../types.ts. */
export interface AuthorsTable {
  id: Generated<number>;
  full_name: string;
  biosketch: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export interface ArticlesTable {
  id: Generated<number>;
  partner_id: number;
  author_id: number;
  title: string;
  description: string;
  /** rich text, sanitized on write */
  article_text: string;
  published_on: DateOnly;
  image_path: string | null;
  image_path_large: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface LandingPageTables {
  authors: AuthorsTable;
  articles: ArticlesTable;
}
