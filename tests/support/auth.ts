import { expect, type Page } from '@playwright/test';
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

/** Opens the login page (of a partner), signs in as a person would, and waits for the landing page; checks the accessibility of both. */
export async function login(page: Page, email: string, options: LoginOptions = {}): Promise<void> {
  await page.goto(options.url ?? loginPath(options.slug));
  await expectAccessible(page);
  await submitLoginForm(page, email, options.password ?? DEMO_PASSWORD);
  const expected = options.expectUrl === undefined ? /\/dashboard$/ : options.expectUrl;
  if (expected === null) return;
  await expect(page).toHaveURL(expected);
  await expectAccessible(page);
}

/** The system notification (top right) with this title. */
export function notification(page: Page, title: string) {
  return page.getByRole('region', { name: 'Notifications' }).locator('[role="alert"], [role="status"]').filter({ hasText: title });
}

/** Signs out through the user menu of the top bar (My Profile / Log Out). */
export async function logoutViaUserMenu(page: Page, userName: string | RegExp): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: userName }).click();
  await page.getByRole('menuitem', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/login(\?|$)/);
}
