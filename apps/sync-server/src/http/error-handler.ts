import { COMMITMENT_MESSAGES, COMMITMENTS_CONSTRAINT, ERROR_PAGE_TITLES, MSG, VISIT_REFUSALS } from '@simvisit/schema';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { BUSY_RETRY_AFTER_SECONDS, DatabaseBusyError } from '../db/connection-gate';
import { RequestAbandonedError } from '../db/request-scope';
import type { AppEnv } from './app-env';
import { HttpError } from './errors';
import { outageLog } from './outage-log';

/**
 * The one place errors become responses: typed errors keep their status and body; anything else is a 500
 * with a generic message, logged with the request id, never with a stack in the answer (HDR-02).
 */
export function handleError(err: Error, c: Context<AppEnv>): Response {
  if (err instanceof HttpError) {
    const body = err.errors ? { message: err.message, errors: err.errors } : { message: err.message };
    return c.json(body, err.status as 400, err.headers);
  }
  if (err instanceof HTTPException) {
    const status = err.status;
    const message = status === 413 ? MSG.payloadTooLarge : err.message || MSG.serverError;
    return c.json({ message }, status);
  }
  // Saturated (docs/decisions/0093): the client is told at once when to come back; not an outage, so not logged.
  if (err instanceof DatabaseBusyError) {
    return c.json({ message: ERROR_PAGE_TITLES['503'] }, 503, { 'Retry-After': String(BUSY_RETRY_AFTER_SECONDS) });
  }
  // The client of a read went away and its database work was dropped or cancelled: nobody is left to answer.
  if (err instanceof RequestAbandonedError || (c.req.raw.signal.aborted && isCancelled(err))) return new Response(null, { status: 499 });
  const overlap = doubleBookingOf(err);
  if (overlap) return c.json({ message: overlap }, 409);
  if (isUnavailable(err)) {
    outageLog.refused(c.var.requestId, err.message);
    return c.json({ message: 'Service Unavailable' }, 503, { 'Retry-After': '5' });
  }
  console.error(`[${c.var.requestId}] ${c.req.method} ${new URL(c.req.url).pathname}:`, err);
  return c.json({ message: MSG.serverError }, 500);
}

/** PostgreSQL's query_canceled (57014): the statement was cancelled, here because its client went away. */
function isCancelled(err: unknown, depth = 0): boolean {
  if (!(err instanceof Error) || depth > 3) return false;
  if ((err as { code?: unknown }).code === '57014') return true;
  return isCancelled((err as { cause?: unknown }).cause, depth + 1);
}

/**
 * SQLSTATE classes and codes that mean "the database cannot serve now", not "this request is wrong". A
 * serialization failure or a deadlock (40001, 40P01) rolled the transaction back whole: the same call again succeeds.
 */
const UNAVAILABLE_SQLSTATE = /^(08|53|57P0[1-4]$|55000$|55006$|58|40001$|40P01$)/;
/** Node socket errors of a database connection that went away. */
const UNAVAILABLE_NODE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** pg and PGlite say so only in words when a connection is gone or none can be had. */
const UNAVAILABLE_MESSAGES = [
  /connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /not queryable/i,
  /pglite is closed/i,
  /database is closed/i,
  /cannot use a pool after calling end/i,
];

/**
 * A connection-class failure (CRASH-02): answered 503 with Retry-After so clients retry, instead of a 500 that
 * looks like a bug. Looks through `cause` because drivers and kysely may wrap the original error.
 */
export function isUnavailable(err: unknown, depth = 0): boolean {
  if (!(err instanceof Error) || depth > 3) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_NODE_CODES.has(code))) return true;
  if (UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(err.message))) return true;
  return isUnavailable((err as { cause?: unknown }).cause, depth + 1);
}

/**
 * The database refused to put a person in two places at once (decision 0050): every scheduling call of every
 * feature answers the same 409 without code of its own (its transaction rolled back, so nothing changed). A
 * visit over another visit of the SP keeps the visits' own words (visits_sp_no_overlap).
 */
export function doubleBookingOf(err: unknown, depth = 0): string | null {
  if (!(err instanceof Error) || depth > 3) return null;
  const e = err as { code?: unknown; constraint?: unknown; where?: unknown };
  if (e.code === '23P01' && e.constraint === COMMITMENTS_CONSTRAINT) return COMMITMENT_MESSAGES.overlap;
  if (e.code === '23P01' && e.constraint === 'visits_sp_no_overlap') return VISIT_REFUSALS.overlap;
  // Two writes that book one person at once can each wait on the other's new row while the exclusion constraint is
  // checked: PostgreSQL then aborts one (a deadlock). The other commits its row, which the aborted one overlaps,
  // so the loser is a double booking like any other.
  if (e.code === '40P01' && typeof e.where === 'string' && e.where.includes('exclusion constraint')) {
    if (e.where.includes('relation "commitments"')) return COMMITMENT_MESSAGES.overlap;
    if (e.where.includes('relation "visits"')) return VISIT_REFUSALS.overlap;
  }
  return doubleBookingOf((err as { cause?: unknown }).cause, depth + 1);
}
