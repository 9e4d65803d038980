import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../../src/db/database';
import { migrateToLatest } from '../../src/db/migrate';
import { syncReferenceData } from '../../src/db/reference-data';
import { seedDemoData } from '../../src/seed/demo-seed';

/**
 * The databases every server test file starts from, built once per run by the global setup (decision 0067):
 * migrated with the reference data, and seeded with the demo data (`demo`) or not (`empty`, as a production
 * deployment starts). A test file copies one instead of migrating and seeding its own: PGlite opens a dumped data
 * folder, PostgreSQL makes `CREATE DATABASE … TEMPLATE`.
 */
export type TemplateKind = 'demo' | 'empty';

/** Where a run's templates are: dump files of PGlite data folders, or PostgreSQL database names. */
export interface Templates {
  db: 'pglite' | 'postgres';
  /** The template's file (PGlite) or database name (PostgreSQL), per kind. */
  where: Record<TemplateKind, string>;
}

export const PG_ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export function databaseUrl(name: string): string {
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function adminQuery(statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** Builds both templates (the demo one is the empty one seeded); the answer's `remove` deletes them when the run ends. */
export async function buildTemplates(db: 'pglite' | 'postgres'): Promise<{ templates: Templates; remove: () => Promise<void> }> {
  if (db === 'pglite') {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'simvisit-test-templates-'));
    const where = { empty: path.join(dir, 'empty.tar'), demo: path.join(dir, 'demo.tar') };
    const handle = await openDatabase({ databaseUrl: null, dataDir: 'memory://' });
    // Uncompressed dumps: larger files, but each test file opens one faster than a gzipped one.
    const dumpTo = async (file: string) => writeFileSync(file, Buffer.from(await (await handle.dump!()).arrayBuffer()));
    try {
      await migrateDatabase(handle);
      await dumpTo(where.empty);
      await seedDemoData(handle.db);
      await dumpTo(where.demo);
    } finally {
      await handle.close();
    }
    return { templates: { db, where }, remove: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  // A name of this run's own: several runs (other worktrees) may share the server at once.
  const run = randomBytes(5).toString('hex');
  const where = { empty: `simvisit_template_${run}_empty`, demo: `simvisit_template_${run}_demo` };
  const remove = async () => {
    for (const name of Object.values(where)) await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  };
  // No connection may stay open on a template, or CREATE DATABASE … TEMPLATE refuses to copy it.
  const prepare = async (name: string, step: (handle: DatabaseHandle) => Promise<unknown>) => {
    const handle = await openDatabase({ databaseUrl: databaseUrl(name), dataDir: 'memory://' });
    try {
      await step(handle);
    } finally {
      await handle.close();
    }
  };
  try {
    await adminQuery(`CREATE DATABASE ${where.empty}`);
    await prepare(where.empty, migrateDatabase);
    await adminQuery(`CREATE DATABASE ${where.demo} TEMPLATE ${where.empty}`);
    await prepare(where.demo, (handle) => seedDemoData(handle.db));
  } catch (err) {
    await remove();
    throw err;
  }
  return { templates: { db, where }, remove };
}

/** What a test database needs without a template: what the global setup does for the templates. */
export async function prepareDatabase(handle: DatabaseHandle, kind: TemplateKind): Promise<void> {
  await migrateDatabase(handle);
  if (kind === 'demo') await seedDemoData(handle.db);
}

/** Migrations and reference data, as the server does at every start. */
async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  await migrateToLatest(handle.db);
  await syncReferenceData(handle.db);
}
