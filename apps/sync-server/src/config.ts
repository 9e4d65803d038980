import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_DATABASE_LIMITS } from './db/connection-gate';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

function bool(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return ['1', 'true', 'yes', 'on'].includes(value.toLowerCase());
}

/** A whole number above 0 from the environment, or the fallback; anything else does not start the server. */
function positive(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = env[name];
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new ConfigError(`${name} must be a whole number above 0 (it is ${value}).`);
  return n;
}

/** Everything the server reads from its environment, in one place. */
export interface Config {
  port: number;
  host: string;
  production: boolean;
  /** postgres://… for a real server; null means embedded PGlite */
  databaseUrl: string | null;
  /** PGlite data folder; 'memory://' keeps it in memory (tests) */
  dataDir: string;
  /** PostgreSQL connections in the pool (DB_POOL_MAX; PGlite runs one statement at a time) */
  dbPoolMax: number;
  /** database acquisitions that may wait; more are refused at once with 503 (DB_QUEUE_MAX, decision 0093) */
  dbQueueMax: number;
  /** the longest a request waits for a connection before it is refused with 503 (DB_QUEUE_WAIT_MS) */
  dbQueueWaitMs: number;
  demoMode: boolean;
  /** Test mode (TEST_MODE=true, never in production): a clock tests may move and the test data routes (decision 0039). */
  testMode: boolean;
  productName: string;
  appUrl: string;
  /** Hosts whose subdomains name a partner (northfield.localhost → northfield). */
  baseHosts: string[];
  mainSiteUrl: string;
  supportEmail: string;
  mailFrom: string;
  smtpUrl: string | null;
  trustProxy: boolean;
  cookieSecure: boolean;
  sessionIdleMinutes: number;
  sessionAbsoluteHours: number;
  pwaDist: string;
  uploadsDir: string;
  /** Extra origins allowed to make credentialed calls (comma separated). */
  allowedOrigins: string[];
  /** Hosts a Web Push subscription may point at (the browsers' push services), to keep the server from
   * being used to reach anything else (HTML-04). */
  pushServiceHosts: string[];
  vapidSubject: string;
  /** How often an idle change stream sends a heartbeat and re-checks its session. */
  syncHeartbeatMs: number;
  /** Twilio credentials for SMS; without them demo mode writes texts to the outbox (decision 0025). */
  twilioAccountSid: string | null;
  twilioAuthToken: string | null;
  /** The sending number (E.164) or messaging service SID (MG…). */
  twilioFrom: string | null;
  /** Another base for Twilio's API hosts (a local fake in tests, an egress proxy); null for Twilio itself. */
  twilioApiBase: string | null;
  /** The most SMS codes the whole server sends per day (SMS-02's global budget). */
  smsDailyBudget: number;
  /** Stripe keys (card payments); without a secret key the demo provider stands in while demo mode is on. */
  stripeSecretKey: string | null;
  stripePublishableKey: string | null;
  stripeWebhookSecret: string | null;
  /** Another Stripe API base URL (tests point the SDK at a local fake Stripe server). */
  stripeApiBase: string | null;
  /** Join links of visits: a URL with {meeting_id} (self-hosted Jitsi Meet, or meet.jit.si by default; decision 0028). */
  meetingUrlPattern: string;
  /** Where recordings are published by meeting id ({meeting_id}); null when recordings come only from the provider. */
  meetingRecordingUrlPattern: string | null;
}

/** A setting that must not start the server (told to the operator in words, not a stack trace). */
export class ConfigError extends Error {}

/**
 * Demo mode (demo data, the open outbox, the demo card and SMS providers, the demo routes) is on by default
 * only in the embedded PGlite mode, and never with NODE_ENV=production: there it would hand reset links and
 * codes to anyone (issue 11 item 9), so asking for it is refused rather than ignored.
 */
function demoModeOf(env: NodeJS.ProcessEnv, production: boolean): boolean {
  const embedded = !env.DATABASE_URL;
  const requested = bool(env.DEMO_MODE, false);
  if (production && requested) {
    throw new ConfigError('DEMO_MODE cannot be on with NODE_ENV=production: the demo outbox would show reset links and codes to anyone.');
  }
  if (production) return false;
  return bool(env.DEMO_MODE, embedded);
}

/** Test mode lets anyone move the server's clock and create users and visits: refused in production, as demo mode is. */
function testModeOf(env: NodeJS.ProcessEnv, production: boolean): boolean {
  const requested = bool(env.TEST_MODE, false);
  if (production && requested) {
    throw new ConfigError('TEST_MODE cannot be on with NODE_ENV=production: anyone could move the clock and create accounts.');
  }
  return requested;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const production = env.NODE_ENV === 'production';
  const port = Number(env.PORT ?? 8080);
  const appUrl = (env.APP_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  const appHost = new URL(appUrl).hostname;
  const dataRoot = env.DATA_DIR ?? path.join(repoRoot, '.data');
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    production,
    databaseUrl: env.DATABASE_URL || null,
    dataDir: env.PGLITE_DIR ?? path.join(dataRoot, 'pglite'),
    dbPoolMax: positive(env, 'DB_POOL_MAX', DEFAULT_DATABASE_LIMITS.dbPoolMax),
    dbQueueMax: positive(env, 'DB_QUEUE_MAX', DEFAULT_DATABASE_LIMITS.dbQueueMax),
    dbQueueWaitMs: positive(env, 'DB_QUEUE_WAIT_MS', DEFAULT_DATABASE_LIMITS.dbQueueWaitMs),
    demoMode: demoModeOf(env, production),
    testMode: testModeOf(env, production),
    productName: env.PRODUCT_NAME ?? 'SimVisit',
    appUrl,
    baseHosts: (env.BASE_HOSTS ?? appHost)
      .split(',')
      .map((h) => h.trim())
      .filter(Boolean),
    mainSiteUrl: env.MAIN_SITE_URL ?? `${appUrl}/login`,
    supportEmail: env.SUPPORT_EMAIL ?? 'support@simvisit.test',
    mailFrom: env.MAIL_FROM ?? 'SimVisit <no-reply@simvisit.test>',
    smtpUrl: env.SMTP_URL || null,
    trustProxy: bool(env.TRUST_PROXY, false),
    cookieSecure: bool(env.COOKIE_SECURE, true),
    sessionIdleMinutes: Number(env.SESSION_IDLE_MINUTES ?? 30),
    sessionAbsoluteHours: Number(env.SESSION_ABSOLUTE_HOURS ?? 12),
    pwaDist: env.PWA_DIST ?? path.join(repoRoot, 'apps/pwa/dist'),
    uploadsDir: env.UPLOADS_DIR ?? path.join(dataRoot, 'uploads'),
    allowedOrigins: (env.ALLOWED_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
    pushServiceHosts: (
      env.PUSH_SERVICE_HOSTS ??
      'fcm.googleapis.com,updates.push.services.mozilla.com,web.push.apple.com,*.notify.windows.com,*.push.apple.com'
    )
      .split(',')
      .map((h) => h.trim())
      .filter(Boolean),
    syncHeartbeatMs: Number(env.SYNC_HEARTBEAT_MS ?? 25_000),
    vapidSubject: env.VAPID_SUBJECT ?? `mailto:${env.SUPPORT_EMAIL ?? 'support@simvisit.test'}`,
    twilioAccountSid: env.TWILIO_ACCOUNT_SID || null,
    twilioAuthToken: env.TWILIO_AUTH_TOKEN || null,
    twilioFrom: env.TWILIO_FROM || null,
    twilioApiBase: env.TWILIO_API_BASE || null,
    smsDailyBudget: Number(env.SMS_DAILY_BUDGET ?? 1000),
    stripeSecretKey: env.STRIPE_SECRET_KEY || null,
    stripePublishableKey: env.STRIPE_PUBLISHABLE_KEY || null,
    stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET || null,
    stripeApiBase: env.STRIPE_API_BASE || null,
    meetingUrlPattern: env.MEETING_URL_PATTERN || 'https://meet.jit.si/SimVisit-{meeting_id}',
    meetingRecordingUrlPattern: env.MEETING_RECORDING_URL_PATTERN || null,
    ...overrides,
  };
}
