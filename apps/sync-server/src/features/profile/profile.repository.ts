import { sql } from 'kysely';
import type { Database } from '../../db/database';
import type { UserUpdate } from '../../db/types';

const LOOKUP_TABLE = {
  profession_id: 'professions',
  specialty_id: 'specialties',
  state_id: 'states',
  country_id: 'countries',
  timezone_id: 'timezones',
} as const;
export type LookupField = keyof typeof LOOKUP_TABLE;
export const isLookupField = (f: string): f is LookupField => Object.hasOwn(LOOKUP_TABLE, f);

export function createProfileRepository(db: Database) {
  return {
    update: (userId: number, changes: UserUpdate) =>
      db
        .updateTable('users')
        .set({ ...changes, updated_at: new Date() })
        .where('id', '=', userId)
        .execute(),
    async lookupExists(field: LookupField, id: number): Promise<boolean> {
      const row = await db.selectFrom(LOOKUP_TABLE[field]).select('id').where('id', '=', id).executeTakeFirst();
      return !!row;
    },
    async emailTaken(email: string, exceptUserId: number): Promise<boolean> {
      const row = await db
        .selectFrom('users')
        .select('id')
        .where(sql<string>`lower(email)`, '=', email.toLowerCase())
        .where('id', '!=', exceptUserId)
        .executeTakeFirst();
      return !!row;
    },
    /** The time zone list's row of an IANA name, added (with its title) when the curated list lacks it. */
    async timeZoneId(zone: string, title: string): Promise<number> {
      await db
        .insertInto('timezones')
        .values({ short_name: zone, title })
        .onConflict((oc) => oc.column('short_name').doNothing())
        .execute();
      const row = await db.selectFrom('timezones').select('id').where('short_name', '=', zone).executeTakeFirstOrThrow();
      return row.id;
    },
    registrationField: (id: number) =>
      db.selectFrom('registration_fields').selectAll().where('id', '=', id).where('active', '=', true).executeTakeFirst(),
    selectValues: (fieldId: number) =>
      db.selectFrom('registration_select_values').select(['id', 'title']).where('registration_field_id', '=', fieldId).execute(),
    saveCustomValue: (userId: number, fieldId: number, value: string | null) =>
      db
        .insertInto('user_custom_data')
        .values({ user_id: userId, registration_field_id: fieldId, field_value: value })
        .onConflict((oc) => oc.columns(['user_id', 'registration_field_id']).doUpdateSet({ field_value: value }))
        .execute(),
  };
}
export type ProfileRepository = ReturnType<typeof createProfileRepository>;
