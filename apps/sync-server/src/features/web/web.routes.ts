import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { notFound } from '../../http/errors';
import { type AnyRoute, defineRoute } from '../../http/route';

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
        const urlPath = decodeURIComponent(new URL(c.req.url).pathname);
        if (API_PREFIXES.some((p) => urlPath.startsWith(p)) || urlPath === '/api') throw notFound();
        const file = path.resolve(root, `.${urlPath}`);
        const inside = file.startsWith(root + path.sep);
        if (inside && path.extname(file) && existsSync(file)) {
          const immutable = urlPath.startsWith('/assets/');
          return c.body(await readFile(file), 200, {
            'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
            'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
          });
        }
        if (path.extname(urlPath) && !urlPath.endsWith('.html')) throw notFound();
        const index = path.join(root, 'index.html');
        if (!existsSync(index)) {
          return c.text('The app is not built yet: run `npm run build`.', 503);
        }
        return c.body(await readFile(index), 200, { 'content-type': TYPES['.html']!, 'cache-control': 'no-cache' });
      },
    }),
  ];
}
