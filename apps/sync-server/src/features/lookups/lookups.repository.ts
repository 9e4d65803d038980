import type { Database } from '../../db/database';

export type LookupTableName = 'countries' | 'professions' | 'specialties' | 'states' | 'timezones';

export function createLookupsRepository(db: Database) {
  return {
    list: (table: LookupTableName) =>
      db
        .selectFrom(table)
        .select(['id', 'title', 'short_name'])
        .orderBy(table === 'timezones' ? 'id' : 'title')
        .execute(),
    one: (table: LookupTableName, id: number) =>
      db.selectFrom(table).select(['id', 'title', 'short_name']).where('id', '=', id).executeTakeFirst(),
  };
}
export type LookupsRepository = ReturnType<typeof createLookupsRepository>;
