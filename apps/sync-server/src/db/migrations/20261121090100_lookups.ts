import { type Kysely, sql } from 'kysely';
import { COUNTRIES } from '../data/countries';
import { PROFESSIONS } from '../data/professions';
import { SPECIALTIES } from '../data/specialties';
import { STATES } from '../data/states';
import { TIMEZONES } from '../data/timezones';

/** Lookup lists with real reference data (countries, states, time zones, professions, specialties). */
// biome-ignore lint/suspicious/noExplicitAny: a migration runs against the schema as it was then, not today's DB type
export async function up(db: Kysely<any>): Promise<void> {
  await db
    .insertInto('countries')
    .values(COUNTRIES.map((c) => ({ title: c.name, short_name: c.code })))
    .execute();
  await db
    .insertInto('states')
    .values(STATES.map((s) => ({ title: s.name, short_name: s.code, country_code: s.country })))
    .execute();
  await db
    .insertInto('timezones')
    .values(TIMEZONES.map((t) => ({ title: t.label, short_name: t.zone })))
    .execute();
  await db
    .insertInto('professions')
    .values(PROFESSIONS.map((title) => ({ title })))
    .execute();
  await db
    .insertInto('specialties')
    .values(SPECIALTIES.map((title) => ({ title })))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: as in up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['countries', 'states', 'timezones', 'professions', 'specialties']) {
    await sql.raw(`DELETE FROM ${t}`).execute(db);
  }
}
