import { randomUUID } from 'node:crypto';
import {
  ARTICLE_IMAGE_MAX_BYTES,
  applyingApi,
  landingPagesApi,
  MAX_APPLY_UPLOAD_BYTES,
  MSG,
  preApprovedEmailsApi,
  profileApi,
  socialPostsApi,
} from '@simvisit/schema';
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Services } from './app-services';
import type { Config } from './config';
import type { Database } from './db/database';
import { openApiRoutes } from './features/openapi';
import { webRoutes } from './features/web';
import type { AppEnv } from './http/app-env';
import { clientIp } from './http/client-ip';
import { handleError } from './http/error-handler';
import { mount } from './http/mount';
import type { AnyRoute } from './http/route';
import { securityHeaders } from './http/security-headers';
import { sessionMiddleware } from './http/session-middleware';
import { MODULES } from './modules';
import type { ChangeFeed } from './sync/change-feed';
import { clientVersionGate } from './sync/client-version';
import { SYNC_COLLECTIONS } from './sync/collections';
import { combinedSyncStreamRoute, syncRoutes } from './sync/sync.routes';

export const APP_VERSION = '0.1.0';
const MAX_BODY_BYTES = 1024 * 1024;
/** Uploads get a larger body limit than JSON calls; the handlers check their own exact limits. */
const MAX_UPLOAD_BYTES = 6 * 1024 * 1024;
const UPLOAD_PATHS = new Set([
  profileApi.updateImage.path,
  socialPostsApi.save.path,
  socialPostsApi.update.path,
  preApprovedEmailsApi.import.path,
]);
/** An article carries two images of up to 5 MB each; a logo (4 MB) fits the upload limit (issue 13 items 7, 9). */
const ARTICLE_PATHS = new Set([landingPagesApi.saveArticle.path, landingPagesApi.updateArticle.path]);
const ARTICLE_BODY_BYTES = 2 * ARTICLE_IMAGE_MAX_BYTES + MAX_BODY_BYTES;
const isLogoUpload = (path: string) => /^\/api\/landing-page\/[^/]+\/logo$/.test(path);
/** An application carries a resume and a headshot of up to 5 MB each besides its fields (issue 12 item 1). */
const APPLY_BODY_BYTES = 2 * MAX_APPLY_UPLOAD_BYTES + MAX_BODY_BYTES;

export interface AppParts {
  app: Hono<AppEnv>;
  /** every declared route with its access rule (the route-coverage test and OpenAPI read it) */
  registry: AnyRoute[];
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
    await next();
    c.header('X-Request-Id', c.var.requestId);
  });
  // Registered before the security headers so it runs after them: link landings never leak their token (AUTH-07).
  app.use('/auto-login/*', async (c, next) => {
    await next();
    c.res.headers.set('Referrer-Policy', 'no-referrer');
  });
  app.use('*', securityHeaders);
  // The rest of the body is never read, so the connection cannot serve another request: say so (keep-alive lied).
  const tooLarge = (c: Context) => c.json({ message: MSG.payloadTooLarge }, 413, { Connection: 'close' });
  const jsonLimit = bodyLimit({ maxSize: MAX_BODY_BYTES, onError: tooLarge });
  const uploadLimit = bodyLimit({ maxSize: MAX_UPLOAD_BYTES, onError: tooLarge });
  const applyLimit = bodyLimit({ maxSize: APPLY_BODY_BYTES, onError: tooLarge });
  const articleLimit = bodyLimit({ maxSize: ARTICLE_BODY_BYTES, onError: tooLarge });
  app.use('*', (c, next) =>
    c.req.path === applyingApi.apply.path
      ? applyLimit(c, next)
      : ARTICLE_PATHS.has(c.req.path)
        ? articleLimit(c, next)
        : UPLOAD_PATHS.has(c.req.path) || isLogoUpload(c.req.path)
          ? uploadLimit(c, next)
          : jsonLimit(c, next),
  );
  for (const prefix of ['/api/*', '/sanctum/*', '/sync/*']) {
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
