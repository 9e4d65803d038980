import { CALENDAR_FEED_MESSAGES as M } from '@simvisit/schema';
import { BASE_URL } from '../../support/accounts';
import { login, notification } from '../../support/auth';
import { AWV, createUser, createVisit } from '../../support/factories';
import { expect, expectAccessible, request, test } from '../../support/test';

/**
 * The private calendar feed on the profile (issue 12 item 9; decision 0050): a learner turns it on, copies the
 * address, a calendar app (Playwright's request, no session) reads their visit from it; a new address or
 * turning it off makes the old address answer 404. Each journey makes its own learner and visit.
 */
test('a learner turns on the calendar feed, copies its address, sees their visit there, then turns it off', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE_URL });
  const [learner, sp] = await Promise.all([createUser('learner'), createUser('standardized_patient')]);
  const visitId = await createVisit({ learner, sp, startsInMinutes: 3 * 24 * 60 });

  await login(page, learner.email, { password: learner.password });
  await page.goto('/profile');
  const card = page.getByRole('region', { name: M.title, exact: true });
  await expect(card.getByText(M.off)).toBeVisible();
  await card.getByRole('button', { name: M.turnOn }).click();
  await expect(notification(page, M.created)).toBeVisible();
  const address = card.getByRole('textbox', { name: M.addressLabel });
  await expect(address).toHaveValue(/\/api\/calendar-feed\/[A-Za-z0-9_-]{43}$/);
  await expect(card.getByText(M.on)).toBeVisible();
  await expectAccessible(page);

  await card.getByRole('button', { name: M.copy }).click();
  await expect(notification(page, M.copied)).toBeVisible();
  const url = await page.evaluate(() => navigator.clipboard.readText());
  expect(url).toBe(await address.inputValue());

  // A calendar app fetches the address without any session.
  const calendarApp = await request.newContext();
  const feed = await calendarApp.get(url);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toMatch(/^text\/calendar/);
  const text = (await feed.text()).replace(/\r\n[ \t]/g, '');
  expect(text).toContain(`UID:visit-${visitId}@simvisit`);
  expect(text).toContain(AWV);
  expect(text).not.toContain(sp.email);

  // A new address replaces the old one; turning it off ends the new one too.
  await card.getByRole('button', { name: M.regenerate }).click();
  await expect(address).not.toHaveValue(url);
  expect((await calendarApp.get(url)).status()).toBe(404);
  const second = await address.inputValue();
  expect((await calendarApp.get(second)).status()).toBe(200);
  await card.getByRole('button', { name: M.revoke }).click();
  await expect(notification(page, M.revoked)).toBeVisible();
  await expect(card.getByText(M.off)).toBeVisible();
  await expect(address).toBeHidden();
  expect((await calendarApp.get(second)).status()).toBe(404);
  await expectAccessible(page);
  await calendarApp.dispose();
});
