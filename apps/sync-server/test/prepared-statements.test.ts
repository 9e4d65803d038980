import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../src/db/database';
import { MAX_PER_CONNECTION } from '../src/db/prepared-statements';
import { PG_ADMIN_URL } from './support/template-databases';
import { TEST_DB } from './support/test-server';

// Issue 23 item 3, decision 0093: each PostgreSQL connection prepares the statements it runs once.
describe.skipIf(TEST_DB !== 'postgres')('statements prepared per connection', () => {
  let handle: DatabaseHandle;
  // One connection, so every statement below runs on the one whose prepared statements are read.
  beforeAll(async () => {
    handle = await openDatabase({ databaseUrl: PG_ADMIN_URL, dataDir: 'memory://', dbPoolMax: 1 });
  });
  afterAll(() => handle.close());

  const prepared = async () =>
    (await sql<{ statement: string }>`SELECT statement FROM pg_prepared_statements`.execute(handle.db)).rows.map((r) => r.statement);

  it('runs a repeated statement from one prepared statement, with each call’s own values', async () => {
    await sql`CREATE TEMP TABLE IF NOT EXISTS prep_probe (id int PRIMARY KEY, label text)`.execute(handle.db);
    for (const id of [1, 2, 3]) await sql`INSERT INTO prep_probe (id, label) VALUES (${id}, ${`n${id}`})`.execute(handle.db);
    const read = (id: number) => sql<{ label: string }>`SELECT label FROM prep_probe WHERE id = ${id}`.execute(handle.db);
    expect((await read(2)).rows).toEqual([{ label: 'n2' }]);
    expect((await read(3)).rows).toEqual([{ label: 'n3' }]);
    const statements = await prepared();
    expect(statements.filter((s) => s.includes('SELECT label FROM prep_probe'))).toHaveLength(1);
    expect(statements.filter((s) => s.includes('INSERT INTO prep_probe'))).toHaveLength(1);
    // Transaction control and DDL are never prepared.
    expect(statements.some((s) => /CREATE TEMP TABLE/i.test(s))).toBe(false);
  });

  it('keeps working when the columns of a SELECT * change under a prepared statement', async () => {
    await sql`CREATE TEMP TABLE IF NOT EXISTS prep_shape (id int)`.execute(handle.db);
    await sql`INSERT INTO prep_shape VALUES (1)`.execute(handle.db);
    const all = () => sql<Record<string, unknown>>`SELECT * FROM prep_shape WHERE id = ${1}`.execute(handle.db);
    expect((await all()).rows).toEqual([{ id: 1 }]);
    await sql`ALTER TABLE prep_shape ADD COLUMN note text DEFAULT 'added'`.execute(handle.db);
    // PostgreSQL refuses the old statement ('cached plan must not change result type'); it runs again unnamed.
    expect((await all()).rows).toEqual([{ id: 1, note: 'added' }]);
    expect((await all()).rows).toEqual([{ id: 1, note: 'added' }]);
  });

  it('prepares at most its bound of statements on a connection, and runs the rest unnamed', async () => {
    const before = (await prepared()).length;
    for (let i = 0; i < MAX_PER_CONNECTION + 20; i++) {
      // A literal in the text makes each statement a text of its own.
      const r = await sql<{ n: number }>`SELECT ${sql.lit(i)}::int AS n, ${i}::int AS m`.execute(handle.db);
      expect(r.rows[0]!.n).toBe(i);
    }
    const after = (await prepared()).length;
    expect(after).toBeLessThanOrEqual(MAX_PER_CONNECTION);
    expect(after).toBeGreaterThan(before);
  });
});
