import { z } from 'zod';

/** The largest id a PostgreSQL `integer`/`serial` column holds; a larger one would be a 22003 error, not a 404. */
export const MAX_ID = 2_147_483_647;

/** A database id of an address or a body: a whole number from 1 to MAX_ID, or null when it is not one. */
export function parseId(raw: unknown): number | null {
  if (typeof raw !== 'number' && typeof raw !== 'string') return null;
  if (typeof raw === 'string' && !/^\d{1,10}$/.test(raw.trim())) return null;
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 && id <= MAX_ID ? id : null;
}

/** The zod shape of a database id (1…MAX_ID, numeric strings coerced); `message` replaces zod's on every failure. */
export const idSchema = (message?: string) => {
  const error = message === undefined ? undefined : { error: message };
  return z.coerce.number(error).int(error).positive(error).max(MAX_ID, error);
};

/** Like idSchema, but 0 is allowed (the "none" or "every partner" choice of a few calls). */
export const idOrZeroSchema = (message?: string) => {
  const error = message === undefined ? undefined : { error: message };
  return z.coerce.number(error).int(error).min(0, error).max(MAX_ID, error);
};
