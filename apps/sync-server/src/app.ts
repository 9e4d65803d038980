import { randomUUID } from 'node:crypto';
import { MSG } from '@simvisit/schema';
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Config } from './config';
import type { Database } from './db/database';
import { applicationsRoutes } from './features/applications/applications.routes';
import { authRoutes } from './features/auth/auth.routes';
import { availabilityRoutes } from './features/availability/availability.routes';
import { configRoutes } from './features/config/config.routes';
import { contactRoutes } from './features/contact/contact.routes';
import { lookupsRoutes } from './features/lookups/lookups.routes';
import { outboxRoutes } from './features/mail/outbox.routes';
import { meetingsRoutes } from './features/meetings/meetings.routes';
import { mobileVerificationRoutes } from './features/mobile-verification/mobile-verification.routes';
import { notificationsRoutes } from './features/notifications/notifications.routes';
import { openApiRoutes } from './features/openapi/openapi.routes';
import { partnersRoutes } from './features/partners/partners.routes';
import { paymentsRoutes } from './features/payments/payments.routes';
import { playlistsRoutes } from './features/playlists/playlists.routes';
import { profileRoutes } from './features/profile/profile.routes';
import { pushRoutes } from './features/push/push.routes';
import { rubricsRoutes } from './features/rubrics/rubrics.routes';
import { scenarioFormsRoutes } from './features/scenario-forms/scenario-forms.routes';
import { scenariosRoutes } from './features/scenarios/scenarios.routes';
import { trainingPracticeRoutes } from './features/training-practice/training-practice.routes';
import { userManagementRoutes } from './features/user-management/user-management.routes';
import { visitDashboardRoutes } from './features/visit-dashboard/visit-dashboard.routes';
import { visitJobsRoutes } from './features/visit-jobs/visit-jobs.routes';
import { smsInboundRoutes } from './features/visit-messages/sms-inbound.routes';
import { visitRequestsRoutes } from './features/visit-requests/visit-requests.routes';
import { visitScorecardsRoutes } from './features/visit-scorecards/visit-scorecards.routes';
import { visitsRoutes } from './features/visits/visits.routes';
import { webRoutes } from './features/web/web.routes';
import type { AppEnv } from './http/app-env';
import { clientIp } from './http/client-ip';
import { handleError } from './http/error-handler';
import { type AnyRoute, mount } from './http/registry';
import { securityHeaders } from './http/security-headers';
import { sessionMiddleware } from './http/session-middleware';
import type { Services } from './services';
import type { ChangeFeed } from './sync/change-feed';
import { clientVersionGate } from './sync/client-version';
import { SYNC_COLLECTIONS } from './sync/collections';
import { combinedSyncStreamRoute, syncRoutes } from './sync/sync.routes';

export const APP_VERSION = '0.1.0';
const MAX_BODY_BYTES = 1024 * 1024;
/** Uploads get a larger body limit than JSON calls; the handlers check their own exact limits. */
const MAX_UPLOAD_BYTES = 6 * 1024 * 1024;
const UPLOAD_PATHS = new Set(['/api/auth/user/update-profile-image']);

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
  const tooLarge = (c: Context) => c.json({ message: MSG.payloadTooLarge }, 413);
  const jsonLimit = bodyLimit({ maxSize: MAX_BODY_BYTES, onError: tooLarge });
  const uploadLimit = bodyLimit({ maxSize: MAX_UPLOAD_BYTES, onError: tooLarge });
  app.use('*', (c, next) => (UPLOAD_PATHS.has(c.req.path) ? uploadLimit(c, next) : jsonLimit(c, next)));
  for (const prefix of ['/api/*', '/sanctum/*', '/sync/*']) {
    app.use(prefix, async (c, next) => {
      await next();
      c.header('Cache-Control', 'no-store');
    });
    app.use(prefix, sessionMiddleware);
  }
  app.use('/sync/*', clientVersionGate);

  const routes: AnyRoute[] = [
    ...configRoutes,
    ...authRoutes,
    ...partnersRoutes,
    ...applicationsRoutes,
    ...lookupsRoutes,
    ...contactRoutes,
    ...outboxRoutes,
    ...mobileVerificationRoutes,
    ...notificationsRoutes,
    ...availabilityRoutes,
    ...profileRoutes,
    ...userManagementRoutes,
    ...pushRoutes,
    ...rubricsRoutes,
    ...scenariosRoutes,
    ...scenarioFormsRoutes,
    ...playlistsRoutes,
    ...paymentsRoutes,
    ...smsInboundRoutes,
    ...visitJobsRoutes,
    ...visitRequestsRoutes,
    ...visitsRoutes,
    ...visitScorecardsRoutes,
    ...trainingPracticeRoutes,
    ...meetingsRoutes,
    ...visitDashboardRoutes,
    ...SYNC_COLLECTIONS.flatMap((collection) => syncRoutes(collection, deps.feed)),
    combinedSyncStreamRoute(SYNC_COLLECTIONS, deps.feed),
  ];
  // Without demo mode the demo routes do not exist at all (not in the app, not in the OpenAPI document).
  mount(app, registry, deps.config.demoMode ? routes : routes.filter((r) => r.access.type !== 'demo'));
  mount(app, registry, openApiRoutes(registry, APP_VERSION));
  mount(app, registry, webRoutes(deps.config.pwaDist));

  app.notFound((c) => c.json({ message: MSG.notFound }, 404));
  app.onError(handleError);
  return { app, registry };
}
