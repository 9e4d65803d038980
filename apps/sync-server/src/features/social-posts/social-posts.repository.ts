import type { Database } from '../../db/database';

const COLUMNS = ['id', 'title', 'description', 'image_path', 'published_on'] as const;

/** The social_posts table (migration 20261127170000). */
export function createSocialPostsRepository(db: Database) {
  return {
    list: () => db.selectFrom('social_posts').select(COLUMNS).orderBy('published_on', 'desc').orderBy('id', 'desc').execute(),
    byId: (id: number) => db.selectFrom('social_posts').select(COLUMNS).where('id', '=', id).executeTakeFirst(),
    insert: (row: { title: string; description: string; published_on: string; image_path: string | null }) =>
      db.insertInto('social_posts').values(row).returning(COLUMNS).executeTakeFirstOrThrow(),
    update: (id: number, row: { title: string; description: string; published_on: string; image_path?: string | null }) =>
      db
        .updateTable('social_posts')
        .set({ ...row, updated_at: new Date() })
        .where('id', '=', id)
        .returning(COLUMNS)
        .executeTakeFirst(),
    delete: (id: number) => db.deleteFrom('social_posts').where('id', '=', id).returning('id').executeTakeFirst(),
  };
}
export type SocialPostsRepository = ReturnType<typeof createSocialPostsRepository>;
