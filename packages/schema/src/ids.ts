import { z } from 'zod/mini';

/** The largest id a PostgreSQL `integer`/`serial` column holds; a larger one would be a 22003 error, not a 404. */
export const MAX_ID = 2_147_483_647;

/** A database id of an address or a body: a whole number from 1 to MAX_ID, or null when it is not one. */
export function parseId(raw: unknown): number | null {
  if (typeof raw !== 'number' && typeof raw !== 'string') return null;
  if (typeof raw === 'string' && !/^\d{1,10}$/.test(raw.trim())) return null;
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 && id <= MAX_ID ? id : null;
}

/** Decimal digits as text, as query strings and form fields carry numbers: no exponent, no hex, never empty. */
const DECIMAL_TEXT = /^\s*-?\d{1,16}(\.\d{1,16})?\s*$/;

/**
 * A number read from a JSON number, or from decimal digits in text (query strings, multipart fields); anything
 * else reaches `schema` as it came and is refused there. z.coerce read `true` as 1, `[]` and `""` as 0 and "1e3"
 * as 1000, so `{"id": true}` deleted record 1 (issue 21 item 10, docs/decisions/0082). The JSON schema is
 * `schema`'s own: zod describes a preprocess by what it pipes into.
 */
export function numeric<T extends z.core.$ZodType>(schema: T) {
  const read = z.pipe(
    z.transform((raw) => (typeof raw === 'string' && DECIMAL_TEXT.test(raw) ? Number(raw) : raw)),
    schema,
  );
  // zod lets a preprocess see an absent key, so a `.nullable()` around it would drop the key from the JSON
  // schema's `required` (the replicated scenario document's hash would change); the key is as optional as
  // `schema` says, as with z.coerce.
  Object.defineProperty(read._zod, 'optin', { get: () => schema._zod.optin, configurable: true });
  return read;
}

/** The zod shape of a database id (1…MAX_ID, digits as text taken); `message` replaces zod's on every failure. */
export const idSchema = (message?: string) => {
  const error = message === undefined ? undefined : { error: message };
  return numeric(z.number(error).check(z.int(error)).check(z.positive(error)).check(z.lte(MAX_ID, error)));
};

/**
 * Like idSchema, but 0 is allowed (the "none" or "every partner" choice of a few calls). An empty text is that
 * choice too: a filter's 'All' option sends `partner=` in its query string.
 */
export const idOrZeroSchema = (message?: string) => {
  const error = message === undefined ? undefined : { error: message };
  const schema = numeric(z.number(error).check(z.int(error)).check(z.gte(0, error)).check(z.lte(MAX_ID, error)));
  const read = z.pipe(
    z.transform((raw) => (typeof raw === 'string' && raw.trim() === '' ? 0 : raw)),
    schema,
  );
  Object.defineProperty(read._zod, 'optin', { get: () => schema._zod.optin, configurable: true });
  return read;
};
