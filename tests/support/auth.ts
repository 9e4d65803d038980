import { expect, type Page } from '@playwright/test';
import { resolvePartnerSlug } from '@simvisit/schema';
import { expectAccessible } from './a11y';
import { DEMO_PASSWORD } from './accounts';
import { field } from './forms';

export interface LoginOptions {
  /** Partner slug, sent as ?partner_slug= (ignored when `url` is given). */
  slug?: string;
  password?: string;
  /** The login page to open, e.g. a partner subdomain's http://northfield.localhost:8181/login. */
  url?: string;
  /**
   * Where the sign-in must land; defaults to /dashboard. Pass null to return right after the click
   * (a failing sign-in, or a page the caller checks itself).
   */
  expectUrl?: string | RegExp | null;
}

/** The path of the login page, with the partner slug when there is one. */
export function loginPath(slug?: string): string {
  return slug ? `/login?partner_slug=${encodeURIComponent(slug)}` : '/login';
}

/** Fills the login form of the page already open and presses Sign In. */
export async function submitLoginForm(page: Page, email: string, password: string = DEMO_PASSWORD): Promise<void> {
  await field(page, 'Email').fill(email);
  await field(page, 'Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/**
 * Signs in for a journey and waits for the landing page, whose accessibility it checks. A journey that only needs
 * to be signed in (no login `url`, landing on /dashboard) signs in over HTTP in the page's own session, as the
 * login form's call does, and opens the dashboard: the form itself is the journey of e2e/auth, and typing it
 * again in every journey cost CI minutes (decision 0084). Any other sign-in goes through the login page.
 */
export async function login(page: Page, email: string, options: LoginOptions = {}): Promise<void> {
  const password = options.password ?? DEMO_PASSWORD;
  if (options.url === undefined && options.expectUrl === undefined) {
    // A page of the app still open on the former session would see that session end under it and go to /login
    // on its own, at a moment no journey can predict: leave the app before the session changes.
    if (page.url() !== 'about:blank') await page.goto('about:blank');
    await signInOverHttp(page, email, password, options.slug);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expectAccessible(page);
    return;
  }
  await page.goto(options.url ?? loginPath(options.slug));
  await expectAccessible(page);
  await submitLoginForm(page, email, password);
  const expected = options.expectUrl === undefined ? /\/dashboard$/ : options.expectUrl;
  if (expected === null) return;
  await expect(page).toHaveURL(expected);
  await expectAccessible(page);
}

/** POST api/login in the page's context (its cookies), after the XSRF handshake, as the login form does. */
async function signInOverHttp(page: Page, email: string, password: string, slug: string | undefined): Promise<void> {
  const api = page.context().request;
  const handshake = await api.get('/sanctum/csrf-cookie', { headers: { Accept: 'application/json' } });
  expect(handshake.ok(), `GET /sanctum/csrf-cookie answered ${handshake.status()}`).toBe(true);
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN');
  const response = await api.post('/api/login', {
    data: { email, password, slug: resolvePartnerSlug(null, slug) },
    headers: { Accept: 'application/json', 'X-XSRF-TOKEN': decodeURIComponent(xsrf?.value ?? '') },
  });
  expect(response.ok(), `sign-in of ${email} answered ${response.status()}: ${await response.text()}`).toBe(true);
}

/** The system notification (top right) with this title. */
export function notification(page: Page, title: string) {
  return page.getByRole('region', { name: 'Notifications' }).locator('[role="alert"], [role="status"]').filter({ hasText: title });
}

/** Signs out through the user menu of the top bar (My Profile / Log Out) and checks the login page it lands on. */
export async function logoutViaUserMenu(page: Page, userName: string | RegExp): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: userName }).click();
  await page.getByRole('menuitem', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/login(\?|$)/);
  await expectAccessible(page);
}
