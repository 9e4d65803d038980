import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Context } from 'hono';
import type { AppEnv } from '../../http/app-env';
import { notFound } from '../../http/errors';
import { type AnyRoute, defineRoute } from '../../http/route';
import { acceptedEncodings, PRECOMPRESSED } from './content-encoding';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webmanifest': 'application/manifest+json',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};

/** The files the PWA build precompresses (apps/pwa/vite-precompress.ts): the ones that may have a .br/.gz sibling. */
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.svg', '.webmanifest', '.json', '.txt']);

const API_PREFIXES = ['/api/', '/sanctum/', '/sync/'];

/**
 * The built PWA: files from apps/pwa/dist, and index.html for every other path so the client router
 * answers deep links. Hashed assets are cached for a year; index.html is always revalidated.
 */
export function webRoutes(distDir: string): AnyRoute[] {
  const root = path.resolve(distDir);
  return [
    defineRoute({
      method: 'GET',
      path: '/*',
      tag: 'Web',
      summary: 'The app shell and its static files',
      access: { type: 'public' },
      scope: 'none',
      internal: true,
      handler: async ({ c }) => {
        const urlPath = decodedPath(c.req.url);
        if (urlPath === null) throw notFound();
        if (API_PREFIXES.some((p) => urlPath.startsWith(p)) || urlPath === '/api') throw notFound();
        // The .br/.gz siblings are the build's way of storing a file, not files of the app: their own addresses
        // answer 404, as before they existed, rather than compressed bytes that a browser would take as the asset.
        if (PRECOMPRESSED.some((v) => urlPath.endsWith(v.suffix))) throw notFound();
        const file = path.resolve(root, `.${urlPath}`);
        const inside = file.startsWith(root + path.sep);
        if (inside && path.extname(file) && (await isFile(file))) {
          const immutable = urlPath.startsWith('/assets/');
          return sendFile(c, file, immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        }
        if (path.extname(urlPath) && !urlPath.endsWith('.html')) throw notFound();
        const index = path.join(root, 'index.html');
        if (!existsSync(index)) {
          return c.text('The app is not built yet: run `npm run build`.', 503);
        }
        return sendFile(c, index, 'no-cache');
      },
    }),
  ];
}

/** The request's path, percent-decoded; null when it is not valid percent-encoding (a 404, not a 500). */
function decodedPath(url: string): string | null {
  try {
    return decodeURIComponent(new URL(url).pathname);
  } catch {
    return null;
  }
}

async function isFile(file: string): Promise<boolean> {
  return (await stat(file).catch(() => null))?.isFile() ?? false;
}

/**
 * A file with its own content type. A text file goes out as its precompressed sibling in the best encoding the
 * request accepts, or as it is when it has none or the request accepts none; either way it says `Vary:
 * Accept-Encoding`, so a cache in between never hands the brotli answer to a client that asked for none.
 */
async function sendFile(c: Context<AppEnv>, file: string, cacheControl: string): Promise<Response> {
  const ext = path.extname(file);
  const headers: Record<string, string> = {
    'content-type': TYPES[ext] ?? 'application/octet-stream',
    'cache-control': cacheControl,
  };
  if (!COMPRESSIBLE.has(ext)) return c.body(await readFile(file), 200, headers);
  headers.vary = 'Accept-Encoding';
  for (const variant of acceptedEncodings(c.req.header('accept-encoding'))) {
    const body = await readFile(file + variant.suffix).catch(() => null);
    if (body) return c.body(body, 200, { ...headers, 'content-encoding': variant.coding });
  }
  return c.body(await readFile(file), 200, headers);
}
