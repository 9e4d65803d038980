import { promisify } from 'node:util';
import { deflate, gzip } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { parseAccept } from 'hono/utils/accept';

/**
 * JSON answers compressed when the client accepts it (issue 22 item 1, decisions 0085 and 0093).
 *
 * Hono's `compress` pipes every answer through a web CompressionStream and skips small ones only when they carry a
 * Content-Length, which `c.json` answers do not: every JSON answer, `{}` included, went through a stream on the main
 * thread (about a fifth of the server's time per call under a centre's load). An answer is a string already in
 * memory, so here it is compressed whole by zlib on libuv's thread pool (off the event loop, on the other core),
 * and only from `COMPRESS_THRESHOLD` bytes: below that the gzip frame and the work cost more than the bytes saved.
 */
export const COMPRESS_THRESHOLD = 1024;

const gzipAsync = promisify(gzip);
const deflateAsync = promisify(deflate);
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;
const VARY_ACCEPT_ENCODING = /(?:^|,)\s*accept-encoding\s*(?:,|$)/i;

/** gzip or deflate as the client ranks them (gzip first on a tie), or none when it takes neither (q=0). */
function chosenEncoding(header: string | undefined): 'gzip' | 'deflate' | null {
  if (!header) return null;
  const accepts = parseAccept(header);
  const wildcard = accepts.find((a) => a.type === '*')?.q;
  let best: { encoding: 'gzip' | 'deflate'; q: number } | null = null;
  for (const encoding of ['gzip', 'deflate'] as const) {
    const q = accepts.find((a) => a.type.toLowerCase() === encoding)?.q ?? wildcard ?? 0;
    if (q > 0 && (!best || q > best.q)) best = { encoding, q };
  }
  return best?.encoding ?? null;
}

export function compressJson(isJson: (contentType: string) => boolean): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    const type = res.headers.get('Content-Type');
    if (!res.body || !type || !isJson(type) || c.req.method === 'HEAD' || res.status === 206) return;
    if (res.headers.has('Content-Encoding') || NO_TRANSFORM.test(res.headers.get('Cache-Control') ?? '')) return;
    const vary = res.headers.get('Vary');
    if (vary !== '*' && !(vary && VARY_ACCEPT_ENCODING.test(vary))) c.header('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    const encoding = chosenEncoding(c.req.header('Accept-Encoding'));
    if (!encoding) return;
    const body = Buffer.from(await c.res.arrayBuffer());
    const out = body.length < COMPRESS_THRESHOLD ? body : await (encoding === 'gzip' ? gzipAsync : deflateAsync)(body);
    const headers = new Headers(c.res.headers);
    headers.set('Content-Length', String(out.length));
    if (out !== body) headers.set('Content-Encoding', encoding);
    const etag = headers.get('ETag');
    if (out !== body && etag && !etag.startsWith('W/')) headers.set('ETag', `W/${etag}`);
    // A fresh answer rather than `c.res =`: Hono's setter would copy the old headers back over these.
    c.res = undefined;
    c.res = new Response(out, { status: res.status, statusText: res.statusText, headers });
  };
}
