import { safeNotificationLink } from './notifications';
import { DEFAULT_PARTNER_SLUG } from './roles';

/**
 * The partner of the login, forgot-password and reset-password pages: the subdomain's slug, else the
 * partner_slug parameter, else sp (DESIGN.md §2).
 */
export function resolvePartnerSlug(hostSlug: string | null | undefined, querySlug: unknown): string {
  if (hostSlug) return hostSlug;
  if (typeof querySlug === 'string' && querySlug.trim()) return querySlug.trim().toLowerCase();
  return DEFAULT_PARTNER_SLUG;
}

// Browsers drop tabs and newlines inside URLs, so "/\t/evil.test" would become "//evil.test".
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
const UNSAFE_PATH_CHARS = /[\u0000-\u001f\u007f\s\\]/;

/**
 * A redirect target taken from a URL parameter or a server answer is followed only when it stays on
 * this origin: a path starting with a single slash, without control characters, spaces or backslashes.
 */
export function safeRedirectPath(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//')) return null;
  if (UNSAFE_PATH_CHARS.test(value)) return null;
  const base = 'https://same-origin.invalid';
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return null;
  }
  if (url.origin !== base) return null;
  return url.pathname + url.search + url.hash;
}

/** The named routes of spec 000 §2.1 and spec 002 §2.1, as path patterns. */
export const NAMED_ROUTES: Readonly<Record<string, string>> = {
  dashboard: '/dashboard',
  login: '/login',
  request: '/request/:request_id',
  visit: '/visit/:visit_id',
  'visit.scorecard': '/visit/:visit_id/scorecard',
  training: '/training/:training_session_id',
  interview: '/interview/:interview_id',
  PartnerAgreement: '/agreement/:agreement_id',
  'scenario.show': '/scenarios/:id',
  'scenario.overview': '/scenarios/:id/overview',
  'scenario.list': '/scenarios',
  'financial.report': '/reports/financial',
  'payment.report': '/reports/payment',
  'recruitment.pending': '/recruitment/user/:user_id',
  'management.users': '/management/users',
  'management.user': '/management/user/:user_id',
  'management.clients': '/management/clients',
  'management.client': '/management/client/:request_id',
  'management.quote': '/management/quote/:request_id',
  'management.partner': '/management/partner/:partner_id',
  'management.invoice': '/management/invoice/:invoice_id',
  'playlists.item': '/playlists/:id',
  'my-playlists': '/my-playlists',
  'rubric.list': '/rubrics',
  'rubric.show': '/rubrics/:id',
};

type RouteParams = Readonly<Record<string, string | number>>;

/** The path of a named route, or null when the name is unknown or a parameter is missing. */
export function namedRoutePath(name: string, params: RouteParams = {}): string | null {
  const pattern = Object.hasOwn(NAMED_ROUTES, name) ? NAMED_ROUTES[name] : undefined;
  if (!pattern) return null;
  let missing = false;
  const path = pattern.replace(/:([a-z_]+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined || value === '') {
      missing = true;
      return '';
    }
    return encodeURIComponent(String(value));
  });
  return missing ? null : path;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function paramsOf(value: unknown): Record<string, string | number> {
  const params: Record<string, string | number> = {};
  if (!isRecord(value)) return params;
  for (const [key, v] of Object.entries(value)) if (typeof v === 'string' || typeof v === 'number') params[key] = v;
  return params;
}

/**
 * The in-app link of a notification payload (spec 000 §3: "a link with {placeholders} and parameters"):
 * a path string; {link, parameters} whose {placeholders} are filled in; or a named route {name, params}.
 * Anything that does not end up as a same-origin path is dropped (SECURITY HTML-02).
 */
export function notificationPayloadLink(payload: unknown): string | null {
  if (typeof payload === 'string') return safeNotificationLink(payload);
  if (!isRecord(payload)) return null;
  if (typeof payload.name === 'string') return namedRoutePath(payload.name, paramsOf(payload.params));
  const link = typeof payload.link === 'string' ? payload.link : null;
  if (!link) return null;
  const params = paramsOf(payload.parameters ?? payload.params);
  let missing = false;
  const filled = link.replace(/\{([A-Za-z0-9_]+)\}/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) {
      missing = true;
      return '';
    }
    return encodeURIComponent(String(value));
  });
  return missing ? null : safeNotificationLink(filled);
}
