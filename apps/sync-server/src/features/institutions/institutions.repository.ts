import type { Database } from '../../db/database';

/**
 * The institutions table (migration 20261127170000). `referenced` is the one place that knows what refers to an
 * institution: nothing does yet (docs/decisions/0057), so a table that adds an institution_id adds its check here.
 */
export function createInstitutionsRepository(db: Database) {
  return {
    list: () => db.selectFrom('institutions').select(['id', 'name', 'royalty_rate']).orderBy('name').orderBy('id').execute(),
    byId: (id: number) => db.selectFrom('institutions').select(['id', 'name', 'royalty_rate']).where('id', '=', id).executeTakeFirst(),
    insert: (row: { name: string; royalty_rate: number }) =>
      db.insertInto('institutions').values(row).returning('id').executeTakeFirstOrThrow(),
    update: (id: number, row: { name: string; royalty_rate: number }) =>
      db
        .updateTable('institutions')
        .set({ ...row, updated_at: new Date() })
        .where('id', '=', id)
        .returning('id')
        .executeTakeFirst(),
    delete: (id: number) => db.deleteFrom('institutions').where('id', '=', id).returning('id').executeTakeFirst(),
    /** Ids of institutions something refers to (none today). */
    referenced: async (_ids: readonly number[]): Promise<Set<number>> => new Set<number>(),
  };
}
export type InstitutionsRepository = ReturnType<typeof createInstitutionsRepository>;
