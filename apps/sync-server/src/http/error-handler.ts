import { MSG } from '@simvisit/schema';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv } from './app-env';
import { HttpError } from './errors';

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
  if (isUnavailable(err)) {
    console.error(`[${c.var.requestId}] database unavailable: ${err.message}`);
    return c.json({ message: 'Service Unavailable' }, 503, { 'Retry-After': '5' });
  }
  console.error(`[${c.var.requestId}] ${c.req.method} ${new URL(c.req.url).pathname}:`, err);
  return c.json({ message: MSG.serverError }, 500);
}

function isUnavailable(err: Error): boolean {
  const code = (err as { code?: string }).code;
  return code === 'ECONNREFUSED' || code === '57P01' || code === '57P03' || code === 'ECONNRESET';
}
