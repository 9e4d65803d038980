import { createHash } from 'node:crypto';
import type pg from 'pg';

/**
 * Each connection prepares the statements it runs, once, and then only binds and executes them (issue 23 item 3,
 * decision 0093). kysely sends its SQL as unnamed statements, so PostgreSQL parsed, analysed and planned every one
 * of them on every call: for a learner's dashboard (about twenty statements) that was 14 ms of the database's CPU
 * per call against 3 ms with the statements prepared, measured under 200 connections. The name is a hash of the
 * text, so the same statement gets the same name on every connection and never names another text.
 *
 * - Only reads and writes of rows (SELECT, WITH, INSERT, UPDATE, DELETE): transaction control, SET and DDL stay
 *   unnamed.
 * - At most `MAX_PER_CONNECTION` names a connection: lists with a few partners' ids in them make a handful of texts
 *   each, and the bound keeps a long-lived connection's memory flat whatever comes.
 * - PostgreSQL re-plans a prepared statement itself when a table it reads changes; it refuses only when the columns
 *   of a `SELECT *` change under it ('cached plan must not change result type', a newer server's migration during a
 *   rolling start). Then the connection forgets its names and the statement runs again unnamed; inside a
 *   transaction the transaction has failed already and its caller's error stands.
 * - PostgreSQL chooses per statement between a plan for the values given and a generic one (plan_cache_mode auto:
 *   custom plans for the first five runs, a generic plan afterwards only when its estimate is no worse).
 */
export const MAX_PER_CONNECTION = 500;
const ROW_STATEMENT = /^\s*(select|with|insert|update|delete)\b/i;
const CACHED_PLAN_CHANGED = '0A000';

type Query = (config: unknown, values?: unknown, callback?: unknown) => unknown;

export function prepareStatementsOn(client: pg.PoolClient): void {
  const query = client.query.bind(client) as Query;
  let names = new Map<string, string>();
  let generation = 0;
  const nameOf = (text: string): string | undefined => {
    const known = names.get(text);
    if (known || names.size >= MAX_PER_CONNECTION) return known;
    const name = `s${generation}_${createHash('sha1').update(text).digest('base64url').slice(0, 27)}`;
    names.set(text, name);
    return name;
  };
  (client as unknown as { query: Query }).query = (config, values, callback) => {
    if (typeof config !== 'string' || !Array.isArray(values) || callback !== undefined || !ROW_STATEMENT.test(config)) {
      return query(config, values, callback);
    }
    const name = nameOf(config);
    if (!name) return query(config, values);
    return (query({ name, text: config, values }) as Promise<unknown>).catch((err: { code?: string }) => {
      if (err?.code !== CACHED_PLAN_CHANGED) throw err;
      // New names from now on, and the old ones dropped on the server (outside a transaction; inside one the
      // connection keeps them, unused, until it closes).
      names = new Map();
      generation++;
      (query('DEALLOCATE ALL') as Promise<unknown>).catch(() => {});
      return query(config, values);
    });
  };
}
