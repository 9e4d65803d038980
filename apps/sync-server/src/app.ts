import { randomUUID } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import { MSG } from '@simvisit/schema';
import { Hono } from 'hono';
import type { Services } from './app-services';
import type { Config } from './config';
import type { Database } from './db/database';
import { runInRequestScope } from './db/request-scope';
import { openApiRoutes } from './features/openapi';
import { webRoutes } from './features/web';
import type { AppEnv } from './http/app-env';
import { clientIp } from './http/client-ip';
import { compressJson } from './http/compress-json';
import { handleError } from './http/error-handler';
import { mount } from './http/mount';
import { outageLog } from './http/outage-log';
import type { AnyRoute } from './http/route';
import { securityHeaders } from './http/security-headers';
import { sessionMiddleware } from './http/session-middleware';
import { MODULES } from './modules';
import type { ChangeFeed } from './sync/change-feed';
import { clientVersionGate } from './sync/client-version';
import { SYNC_COLLECTIONS } from './sync/collections';
import { combinedSyncStreamRoute, syncRoutes } from './sync/sync.routes';

export const APP_VERSION = '0.1.0';

/** application/json and its +json kinds (problem+json), with or without a charset. */
const JSON_CONTENT_TYPE = /^\s*application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i;

export interface AppParts {
  app: Hono<AppEnv>;
  /** every declared route with its access rule (the route-coverage test and OpenAPI read it) */
  registry: AnyRoute[];
}

/** Whether a request comes with a body (a length above 0, or chunks). */
function hasBody(req: Request): boolean {
  const length = req.headers.get('content-length');
  return (length !== null && length.trim() !== '0') || req.headers.has('transfer-encoding');
}

/** Most statements of one request listening for its abandonment at once; past this Node warns of a leak. */
const STATEMENTS_AT_ONCE = 100;

/**
 * Runs the request with a signal that fires when its client goes away before the answer is ready. Not after:
 * whatever the answer started (a mail, a notification) may finish once it has been sent.
 */
async function whileClientWaits(req: Request, run: (signal: AbortSignal) => Promise<void>): Promise<void> {
  const controller = new AbortController();
  // Each statement on its way listens here (to leave the gate's queue or cancel on the database), and a call's
  // independent reads run together: a dashboard has more than Node's default of 10 at once, which is not a leak.
  setMaxListeners(STATEMENTS_AT_ONCE, controller.signal);
  const abandon = () => controller.abort();
  if (req.signal.aborted) abandon();
  else req.signal.addEventListener('abort', abandon, { once: true });
  try {
    await run(controller.signal);
  } finally {
    req.signal.removeEventListener('abort', abandon);
  }
}

export function createApp(deps: { config: Config; db: Database; services: Services; feed: ChangeFeed }): AppParts {
  const app = new Hono<AppEnv>();
  const registry: AnyRoute[] = [];

  app.use('*', async (c, next) => {
    c.set('config', deps.config);
    c.set('db', deps.db);
    c.set('services', deps.services);
    c.set('requestId', randomUUID());
    c.set('ip', clientIp(c, deps.config.trustProxy));
    c.set('session', null);
    c.set('user', null);
    c.set('viaToken', false);
    // The database serves requests in their order of arrival and drops the work of a call whose client has gone
    // (docs/decisions/0093), until the route of a call that changes something begins (http/mount.ts): from there
    // it runs to its end, since its change is still what was asked for and work beside the database (a payment,
    // a mail) is not rolled back. Before that, nothing of it has changed anything.
    await whileClientWaits(c.req.raw, (signal) => runInRequestScope(signal, next));
    c.header('X-Request-Id', c.var.requestId);
    // An answer that is not a 503 ends a database outage's quiet logging with its summary.
    if (c.res.status !== 503) outageLog.answered();
    // A body refused before it was read (a guard, a 413) is still on the connection: the connection cannot carry
    // another request, so it closes instead of promising keep-alive (issue 21 item 16).
    if (hasBody(c.req.raw) && !c.req.raw.bodyUsed) c.header('Connection', 'close');
  });
  // Registered before the security headers so it runs after them: link landings never leak their token (AUTH-07).
  app.use('/auto-login/*', async (c, next) => {
    await next();
    c.res.headers.set('Referrer-Policy', 'no-referrer');
  });
  app.use('*', securityHeaders);
  // Each route's body limit is its contract's, applied where it is mounted (http/mount.ts, docs/decisions/0065).
  for (const prefix of ['/api/*', '/sanctum/*', '/sync/*']) {
    // JSON answers go out gzip (or deflate) when the client accepts it (issue 22, decision 0085). Registered first, it
    // runs last, on the finished answer. Only JSON: the change streams (text/event-stream) must reach the client event
    // by event, files and PDFs are already compressed, and the PWA's own files come precompressed (decision 0033).
    app.use(
      prefix,
      compressJson((type) => JSON_CONTENT_TYPE.test(type)),
    );
    app.use(prefix, async (c, next) => {
      await next();
      c.header('Cache-Control', 'no-store');
    });
    app.use(prefix, sessionMiddleware);
  }
  app.use('/sync/*', clientVersionGate);

  const routes: AnyRoute[] = [
    ...MODULES.flatMap((m) => ('routes' in m ? [...(m.routes ?? [])] : [])),
    ...SYNC_COLLECTIONS.flatMap((collection) => syncRoutes(collection, deps.feed)),
    combinedSyncStreamRoute(SYNC_COLLECTIONS, deps.feed),
  ];
  // Without demo mode the demo routes, and without test mode the test routes, do not exist at all (not in the app,
  // not in the OpenAPI document).
  const served = routes.filter(
    (r) => (r.access.type !== 'demo' || deps.config.demoMode) && (r.access.type !== 'test' || deps.config.testMode),
  );
  mount(app, registry, served);
  mount(app, registry, openApiRoutes(registry, APP_VERSION));
  mount(app, registry, webRoutes(deps.config.pwaDist));

  app.notFound((c) => c.json({ message: MSG.notFound }, 404));
  app.onError(handleError);
  return { app, registry };
}
