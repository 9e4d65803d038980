/**
 * npm run seed:large — a full centre's history in a database of its own (issue 23 item 1, decision 0092).
 *
 *   npm run seed:large                         PostgreSQL at 127.0.0.1:5432, database simvisit_seed_large, full size
 *   npm run seed:large -- --pglite .data-large embedded PGlite in that folder, the smaller embedded size
 *   npm run seed:large -- --visits 200000 --users 20000 --partners 20
 *   npm run seed:large -- --drop               drops the PostgreSQL database again
 *
 * Options: --server URL (the PostgreSQL to create the database on; default postgres://postgres@127.0.0.1:5432/postgres),
 * --database NAME (must start with simvisit_seed; an existing one is replaced), --years N. The database is migrated,
 * holds the demo data (its accounts, password demo-pass-2026) and then the large seed; the seeded people sign in with
 * the same password as learner1@seed.test, sp1@seed.test, observer1@seed.test, trainer1@seed.test and
 * admin1@seed.test (each at partner seed-1). It ends by saying how to start the app on it.
 */

import { parseArgs } from 'node:util';
import pg from 'pg';
import { loadConfig } from '../apps/sync-server/src/config';
import { openDatabase } from '../apps/sync-server/src/db/database';
import { migrateToLatest } from '../apps/sync-server/src/db/migrate';
import { syncReferenceData } from '../apps/sync-server/src/db/reference-data';
import { seedDemoData } from '../apps/sync-server/src/seed/demo-seed';
import { LARGE_SEED_EMBEDDED, LARGE_SEED_FULL, type LargeSeedSize, seedLargeData } from '../apps/sync-server/src/seed/large-seed';

const { values: args } = parseArgs({
  options: {
    server: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    database: { type: 'string', default: 'simvisit_seed_large' },
    pglite: { type: 'string' },
    visits: { type: 'string' },
    users: { type: 'string' },
    partners: { type: 'string' },
    years: { type: 'string' },
    drop: { type: 'boolean', default: false },
  },
});

/** Runs one statement on the server's maintenance database. */
async function onServer(statement: string) {
  const client = new pg.Client({ connectionString: args.server });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function main() {
  const name = args.database!;
  // Only a database of this script's own is ever created or dropped (never `test` or anyone's data).
  if (!/^simvisit_seed[a-z0-9_]*$/.test(name)) throw new Error(`--database must start with simvisit_seed (got ${name})`);
  if (args.drop) {
    await onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    console.log(`dropped ${name}`);
    return;
  }
  const base = args.pglite ? LARGE_SEED_EMBEDDED : LARGE_SEED_FULL;
  const size: LargeSeedSize = {
    ...base,
    ...(args.visits ? { visits: Number(args.visits) } : {}),
    ...(args.users ? { users: Number(args.users) } : {}),
    ...(args.partners ? { partners: Number(args.partners) } : {}),
    ...(args.years ? { years: Number(args.years) } : {}),
  };
  let databaseUrl: string | null = null;
  if (!args.pglite) {
    await onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await onServer(`CREATE DATABASE ${name}`);
    const url = new URL(args.server!);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  }
  const config = loadConfig(process.env, { databaseUrl, dataDir: args.pglite ?? 'memory://', demoMode: true });
  const handle = await openDatabase(config);
  const started = Date.now();
  try {
    await migrateToLatest(handle.db);
    await syncReferenceData(handle.db);
    await seedDemoData(handle.db);
    console.log(
      `seeding ${size.visits.toLocaleString('en-US')} visits, ${size.users.toLocaleString('en-US')} users, ${size.partners} partners over ${size.years} years`,
    );
    await seedLargeData(handle.db, size, new Date(), (line) => console.log(`  ${line}`));
  } finally {
    await handle.close();
  }
  console.log(`done in ${((Date.now() - started) / 1000).toFixed(0)} s. Start the app on it with:`);
  console.log(args.pglite ? `  DATA_DIR=${args.pglite} npm start` : `  DATABASE_URL=${databaseUrl} DEMO_MODE=true npm start`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
