import type { Database } from '../../db/database';

export function createPartnersRepository(db: Database) {
  return {
    bySlug: (slug: string) => db.selectFrom('partners').selectAll().where('slug', '=', slug).executeTakeFirst(),
    byId: (id: number) => db.selectFrom('partners').selectAll().where('id', '=', id).executeTakeFirst(),
    all: () => db.selectFrom('partners').selectAll().orderBy('id').execute(),
    /** Partners where the user holds any role (approved or applied for). */
    ofUser: (userId: number) =>
      db
        .selectFrom('partners')
        .selectAll()
        .where('id', 'in', db.selectFrom('user_roles').select('partner_id').where('user_id', '=', userId))
        .orderBy('id')
        .execute(),
  };
}
export type PartnersRepository = ReturnType<typeof createPartnersRepository>;
