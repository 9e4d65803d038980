import { MSG } from '@simvisit/schema';
import type { Context } from 'hono';
import type { AppEnv } from './app-env';
import { HttpError } from './errors';

export type MultipartForm = Record<string, string | File | (string | File)[]>;

/** Whether the body says it is multipart (a boundary or not: a missing one is the reader's 400). */
export function isMultipart(c: Context<AppEnv>): boolean {
  return (c.req.header('content-type') ?? '').toLowerCase().startsWith('multipart/form-data');
}

/**
 * The one way every upload route reads its multipart body (issue 21 item 9). A body that is not multipart is the
 * route's own refusal (`notMultipart`, 415 unless the route says otherwise); a multipart body that cannot be read
 * (no boundary, truncated, a part without a name) is 400 'The form could not be read.', never a 5xx.
 * `all` keeps repeated fields as arrays.
 */
export async function readMultipart(
  c: Context<AppEnv>,
  options: { all?: boolean; notMultipart?: () => HttpError } = {},
): Promise<MultipartForm> {
  if (!isMultipart(c)) throw options.notMultipart?.() ?? new HttpError(415, MSG.unsupportedMediaType);
  if (!/;\s*boundary=/i.test(c.req.header('content-type') ?? '')) throw new HttpError(400, MSG.invalidForm);
  try {
    return await c.req.parseBody({ all: options.all === true });
  } catch {
    // The call's body limit has already read the body (mount.ts), so what fails here is the body's own shape.
    throw new HttpError(400, MSG.invalidForm);
  }
}

/** An uploaded file's bytes, or null for a missing or empty one. */
export async function fileBytes(value: unknown): Promise<Buffer | null> {
  return value instanceof File && value.size > 0 ? Buffer.from(await value.arrayBuffer()) : null;
}
