import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { notFound } from '../../http/errors';
import { type AnyRoute, defineRoute } from '../../http/route';
import { buildOpenApiDocument } from './openapi-document';

const require = createRequire(import.meta.url);
const swaggerDir = path.dirname(require.resolve('swagger-ui-dist/package.json'));
const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
};

const DOCS_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>SimVisit API</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="/docs/swagger-ui.css"></head>
<body><div id="swagger-ui"></div>
<script src="/docs/swagger-ui-bundle.js"></script><script src="/docs/docs-init.js"></script></body></html>`;

// A file, not an inline script, so the CSP needs no 'unsafe-inline' for scripts.
const DOCS_INIT = `window.ui = SwaggerUIBundle({ url: '/openapi.json', dom_id: '#swagger-ui', withCredentials: true });`;

/** The OpenAPI document and its docs page, served by the app itself (no third-party host). */
export function openApiRoutes(registry: readonly AnyRoute[], version: string): AnyRoute[] {
  let cached: unknown;
  return [
    defineRoute({
      method: 'GET',
      path: '/openapi.json',
      tag: 'Docs',
      summary: 'OpenAPI document',
      access: { type: 'public' },
      scope: 'none',
      internal: true,
      handler: () => {
        cached ??= buildOpenApiDocument(registry, { title: 'SimVisit API', version });
        return cached;
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/docs',
      tag: 'Docs',
      summary: 'API docs page',
      access: { type: 'public' },
      scope: 'none',
      internal: true,
      handler: ({ c }) => c.html(DOCS_HTML),
    }),
    defineRoute({
      method: 'GET',
      path: '/docs/:asset',
      tag: 'Docs',
      summary: 'API docs assets',
      access: { type: 'public' },
      scope: 'none',
      internal: true,
      handler: async ({ c }) => {
        const asset = c.req.param('asset') ?? '';
        if (asset === 'docs-init.js') return c.body(DOCS_INIT, 200, { 'content-type': 'text/javascript; charset=utf-8' });
        const type = ASSETS[asset];
        if (!type) throw notFound();
        const data = await readFile(path.join(swaggerDir, asset));
        return c.body(data, 200, { 'content-type': type, 'cache-control': 'public, max-age=86400' });
      },
    }),
  ];
}
