import { type APIRequestContext, expect, request } from '@playwright/test';
import { ACCOUNTS, BASE_URL, DEMO_PASSWORD } from './accounts';

/** The XSRF token the server set (URL-encoded in its cookie), echoed in X-XSRF-TOKEN on state-changing calls. */
async function xsrfToken(api: APIRequestContext): Promise<string> {
  const cookie = (await api.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN');
  expect(cookie, 'the XSRF-TOKEN cookie').toBeDefined();
  return decodeURIComponent(cookie!.value);
}

async function post(api: APIRequestContext, path: string, data: unknown): Promise<unknown> {
  const response = await api.post(path, {
    data,
    headers: { Accept: 'application/json', 'X-XSRF-TOKEN': await xsrfToken(api) },
  });
  expect(response.ok(), `POST ${path} answered ${response.status()}: ${await response.text()}`).toBe(true);
  return response.json();
}

/** Runs `work` with a request context signed in as admin@demo.test. */
async function asAdmin<T>(work: (api: APIRequestContext) => Promise<T>): Promise<T> {
  const api = await request.newContext({ baseURL: BASE_URL });
  try {
    const handshake = await api.get('/sanctum/csrf-cookie', { headers: { Accept: 'application/json' } });
    expect(handshake.ok(), `GET /sanctum/csrf-cookie answered ${handshake.status()}`).toBe(true);
    await post(api, '/api/login', { email: ACCOUNTS.admin, password: DEMO_PASSWORD });
    return await work(api);
  } finally {
    await api.dispose();
  }
}

async function userIdIn(api: APIRequestContext, email: string): Promise<number> {
  const list = (await post(api, '/api/user/management', { role_id: 0, email_string: email, page_start: 0 })) as {
    users: { id: number; email: string }[];
  };
  const user = list.users.find((u) => u.email.toLowerCase() === email.toLowerCase());
  expect(user, `${email} in admin@demo.test's user list`).toBeDefined();
  return user!.id;
}

/** The id of an account of partner sp (a seeded one), as admin@demo.test finds it in user management. */
export function userIdAsAdmin(email: string): Promise<number> {
  return asAdmin((api) => userIdIn(api, email));
}

/**
 * Sets a user's password as admin@demo.test would in user management (POST api/user/update-password), for a
 * journey that must sign in as an account whose password another spec changes (sp@demo.test: the
 * password-reset and user-management journeys). Ends that user's sessions, as the screen does.
 */
export function setPasswordAsAdmin(email: string, password: string): Promise<void> {
  return asAdmin(async (api) => {
    const userId = await userIdIn(api, email);
    await post(api, '/api/user/update-password', { user_id: userId, password, password_confirmation: password });
  });
}
