import { JSON_BODY_LIMIT_BYTES, MSG, ROLE } from '@simvisit/schema';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser } from '../src/seed/test-factories';
import { Client, json } from './support/client';
import { casesFor, type FuzzCase, fillPath, type JsonSchema, plausible } from './support/fuzz-inputs';
import { startTestServer, type TestServer } from './support/test-server';

/*
 * Issue 11, standing proof 2: every operation of the OpenAPI document meets bad input (wrong types, bounds, huge
 * strings, NUL and control characters, malformed JSON, wrong content types, bad ids and query values), sent by an
 * anonymous caller and by a super admin (who passes every access rule and so reaches the validation and the
 * services). Never a 5xx; and when every case of an operation was refused, no table changed. FUZZ_FULL=true runs
 * every property of every body (the full-size version, README "Attack and fault proofs").
 */
const FULL = process.env.FUZZ_FULL === 'true';
const MAX_PROPERTIES = FULL ? 1000 : 4;
/** Tables a refused call may rightly write: who tried what (audit), throttles and sessions. */
const VOLATILE = new Set(['audit_log', 'rate_limits', 'sessions', 'kysely_migration', 'kysely_migration_lock']);
/** Operations that end the caller's session or move the server's clock: run last, alone, by their own caller. */
const SESSION_ENDING = /\/(logout|test\/clock)/;

let server: TestServer;
let operations: { method: string; path: string; operation: JsonSchema }[];
let tables: string[];

beforeAll(async () => {
  server = await startTestServer();
  const doc = await json(await new Client(server).get('/openapi.json'));
  operations = Object.entries<Record<string, JsonSchema>>(doc.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
  );
  const rows = await sql<{ name: string }>`select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`.execute(server.db);
  tables = rows.rows.map((r) => r.name).filter((name) => !VOLATILE.has(name));
});
afterAll(async () => {
  await server?.close();
});

/**
 * A digest of every non-volatile table, to see that a refused call changed nothing. One statement for all the tables
 * rather than one per table: it runs twice per operation.
 */
async function fingerprint(): Promise<string> {
  const digests = tables.map(
    (table) => sql`select ${table}::text as name, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest
      from ${sql.table(table)} t`,
  );
  const { rows } = await sql<{ name: string; digest: string | null }>`${sql.join(digests, sql` union all `)}`.execute(server.db);
  return rows.map((row) => `${row.name}:${row.digest}`).join(',');
}

async function superAdmin(): Promise<Client> {
  const user = await createTestUser(server.db, {
    email_prefix: 'fuzz-super',
    first_name: 'Fuzz',
    last_name: 'Super',
    roles: [{ role_id: ROLE.admin, partner_id: 1 }],
  });
  await server.db.updateTable('users').set({ super_admin: true }).where('id', '=', user.id).execute();
  const client = new Client(server);
  const res = await client.login(user.email, user.password);
  if (res.status !== 200) throw new Error(`fuzz super admin could not sign in: ${res.status}`);
  return client;
}

async function send(client: Client, method: string, c: FuzzCase): Promise<number> {
  const url = c.query ? `${c.path}?${c.query}` : c.path;
  const headers = c.body !== undefined ? { 'content-type': c.contentType ?? 'application/json' } : undefined;
  const res = await client.request(method, url, { body: c.body, headers });
  // A change stream that opened never ends by itself: close it, its status is what counts.
  if (res.headers.get('content-type')?.startsWith('text/event-stream')) await res.body?.cancel();
  else await res.arrayBuffer();
  return res.status;
}

describe('schema-driven fuzzing of every operation', () => {
  it('finds operations to fuzz', () => {
    expect(operations.length).toBeGreaterThan(100);
  });

  it(
    'never answers 5xx and changes nothing when it refuses',
    async () => {
      const anonymous = new Client(server);
      await anonymous.csrf();
      let admin = await superAdmin();
      const failures: string[] = [];
      const ordered = [...operations].sort((a, b) => Number(SESSION_ENDING.test(a.path)) - Number(SESSION_ENDING.test(b.path)));
      let sent = 0;
      for (const { method, path, operation } of ordered) {
        const cases = casesFor(path, operation, MAX_PROPERTIES);
        if (cases.length === 0) continue;
        const before = await fingerprint();
        let allRefused = true;
        for (const [index, c] of cases.entries()) {
          // Most calls refuse an anonymous caller before reading the input: a sample of the cases is enough there.
          const callers =
            FULL || index % 3 === 0
              ? ([
                  ['super admin', admin],
                  ['anonymous', anonymous],
                ] as const)
              : ([['super admin', admin]] as const);
          for (const [who, client] of callers) {
            const status = await send(client, method, c);
            sent++;
            if (status >= 500) failures.push(`${status} ${method} ${path} [${c.name}] as ${who}`);
            if (status < 400) allRefused = false;
          }
        }
        if (allRefused && (await fingerprint()) !== before) failures.push(`${method} ${path}: refused every case, yet a table changed`);
        if (SESSION_ENDING.test(path)) admin = await superAdmin();
      }
      expect(failures).toEqual([]);
      expect(sent).toBeGreaterThan(1000);
    },
    FULL ? 3_600_000 : 600_000,
  );
});

/*
 * Issue 21 item 9: every upload operation (a body limit above the JSON one) reads multipart the same way, so a
 * body it cannot read is 400 'The form could not be read.' on each of them, and nothing changes.
 */
const MALFORMED_MULTIPART: [name: string, contentType: string, body: string][] = [
  ['no boundary', 'multipart/form-data', '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n'],
  ['truncated', 'multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\n\x89PNG'],
  [
    'part without a name',
    'multipart/form-data; boundary=x',
    '--x\r\nContent-Disposition: form-data; filename="a.png"\r\n\r\n1\r\n--x--\r\n',
  ],
];

describe('malformed multipart to every upload operation', () => {
  it('answers 400 with the form message and changes nothing', async () => {
    const uploads = operations.filter(({ operation }) => {
      const bytes = Number(/Body over (\d+) bytes/.exec(operation.responses?.['413']?.description ?? '')?.[1] ?? 0);
      return bytes > JSON_BODY_LIMIT_BYTES;
    });
    expect(uploads.length).toBeGreaterThanOrEqual(7);
    const admin = await superAdmin();
    const failures: string[] = [];
    for (const { method, path } of uploads) {
      const url = path.replace(/\{[^}]+\}/g, '1');
      const before = await fingerprint();
      for (const [name, contentType, body] of MALFORMED_MULTIPART) {
        const res = await admin.request(method, url, { body, headers: { 'content-type': contentType } });
        const answer = await json(res);
        if (res.status !== 400 || answer.message !== MSG.invalidForm)
          failures.push(`${res.status} ${method} ${path} [${name}]: ${answer.message}`);
      }
      if ((await fingerprint()) !== before) failures.push(`${method} ${path}: a table changed`);
    }
    expect(failures).toEqual([]);
  });
});

// Issue 21 item 10 (docs/decisions/0082): `true` in any integer field of any JSON body is refused with a 4xx and
// changes nothing (z.coerce had read it as the id 1: `POST api/article/delete {"id": true}` deleted article 1).
describe('booleans are never read as integers', () => {
  it('sends true to every integer field of every JSON body', async () => {
    const admin = await superAdmin();
    const before = await fingerprint();
    const accepted: string[] = [];
    let sent = 0;
    for (const { method, path, operation } of operations) {
      if (SESSION_ENDING.test(path)) continue;
      const schema: JsonSchema | undefined = operation.requestBody?.content?.['application/json']?.schema;
      const base = schema ? (plausible(schema) as Record<string, unknown>) : {};
      for (const [key, prop] of Object.entries<JsonSchema>(schema?.properties ?? {})) {
        const type = prop.type ?? prop.anyOf?.[0]?.type;
        if (type !== 'integer' && type !== 'number') continue;
        const status = await send(admin, method, {
          name: key,
          path: fillPath(path, () => '1'),
          body: JSON.stringify({ ...base, [key]: true }),
        });
        sent++;
        if (status < 400 || status >= 500) accepted.push(`${status} ${method} ${path} {"${key}": true}`);
      }
    }
    expect(accepted).toEqual([]);
    expect(await fingerprint()).toBe(before);
    expect(sent).toBeGreaterThan(50);
  }, 300_000);
});
