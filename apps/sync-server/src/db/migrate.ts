import { Migrator } from 'kysely/migration';
import type { Database } from './database';
import { migrations } from './migrations';

/** Runs every pending migration; throws on the first failure. */
export async function migrateToLatest(db: Database): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  for (const r of results ?? []) if (r.status === 'Error') console.error(`[db] migration ${r.migrationName} failed`);
  if (error) throw error;
}
