import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { Config } from '../../config';

/**
 * Cookie names and flags (AUTH-05). With Secure on, the session cookie takes the __Host- prefix (no Domain,
 * Path=/). Browsers treat http://localhost and its subdomains as secure, so this holds in local runs too.
 */
export function sessionCookieName(config: Config): string {
  return config.cookieSecure ? '__Host-simvisit_session' : 'simvisit_session';
}
export const XSRF_COOKIE = 'XSRF-TOKEN';

export function readSessionCookie(c: Context, config: Config): string | undefined {
  return getCookie(c, sessionCookieName(config));
}

export function writeSessionCookies(c: Context, config: Config, token: string, csrfToken: string): void {
  setCookie(c, sessionCookieName(config), token, {
    path: '/',
    httpOnly: true,
    secure: config.cookieSecure,
    sameSite: 'Lax',
  });
  writeXsrfCookie(c, config, csrfToken);
}

export function writeXsrfCookie(c: Context, config: Config, csrfToken: string): void {
  setCookie(c, XSRF_COOKIE, csrfToken, { path: '/', httpOnly: false, secure: config.cookieSecure, sameSite: 'Lax' });
}

export function clearSessionCookies(c: Context, config: Config): void {
  deleteCookie(c, sessionCookieName(config), { path: '/', secure: config.cookieSecure });
  deleteCookie(c, XSRF_COOKIE, { path: '/', secure: config.cookieSecure });
}
