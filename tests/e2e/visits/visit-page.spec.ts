import { slotToInstant, zonedDateTimeParts } from '@simvisit/schema';
import { ACCOUNTS } from '../../support/accounts';
import { login, notification } from '../../support/auth';
import { createUser, createVisit, serverNow, type TestUser } from '../../support/factories';
import { expect, expectAccessible, type Page, test } from '../../support/test';

/**
 * The visit page and joining (issue 5 items 5 and 7; spec 002 §2.2; spec 001 §4 'Join sessions'), each test on a
 * visit of its own made through the test factories (tests/support/factories.ts) with a new learner and SP: the
 * learner confirms a visit two days ahead (inside its confirm window) and sees the countdown of one two hours
 * ahead; the SP joins a visit that started 28 minutes ago and completes it, which leads to the SP feedback form;
 * an admin moves a visit and marks it confirmed; the super admin adds and removes a new observer. The browser
 * runs in UTC, so dates and times show in UTC.
 */

/** A new learner and SP, and a visit of theirs starting `minutes` from now. */
async function visitIn(minutes: number, state: { confirmed?: boolean } = {}): Promise<{ id: number; learner: TestUser; sp: TestUser }> {
  const learner = await createUser('learner', { first: 'Lee' });
  const sp = await createUser('standardized_patient', { first: 'Pat' });
  const id = await createVisit({ learner, sp, startsInMinutes: minutes, ...state });
  return { id, learner, sp };
}

/** The seeded visit's start, read through the API with the page's session. */
async function startOf(page: Page, visitId: number): Promise<Date> {
  const res = await page.request.get(`/api/visit/${visitId}`, { headers: { Accept: 'application/json' } });
  expect(res.ok(), `GET /api/visit/${visitId} answered ${res.status()}`).toBe(true);
  return new Date(((await res.json()) as { visit: { start_at: string } }).visit.start_at);
}

/** The day and time as the visit page shows them, in the profile's zone (the factories' New York). */
const shown = (d: Date) => zonedDateTimeParts(d, 'America/New_York');

test.describe('visit page', () => {
  test('the learner confirms a visit inside its confirm window', async ({ page }) => {
    const visit = await visitIn(2 * 1440);
    await login(page, visit.learner.email, { password: visit.learner.password });
    await page.goto(`/visit/${visit.id}`);
    await expect(page.getByRole('heading', { name: 'This visit is scheduled for:' })).toBeVisible();
    const start = await startOf(page, visit.id);
    await expect(page.getByTestId('visit-date')).toHaveText(shown(start).date);
    await expect(page.getByText('Not confirmed', { exact: true })).toBeVisible();
    // The learner sees no SP data (spec 002 §2.2).
    await expect(page.getByRole('region', { name: 'Standardized Patient' })).toHaveCount(0);
    await expectAccessible(page, "the learner's visit page");

    await page.getByRole('button', { name: 'Confirm Visit' }).click();
    await expect(notification(page, 'Visit has been confirmed.')).toBeVisible();
    await expect(page.getByText('Confirmed', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Confirm Visit' })).toHaveCount(0);
  });

  test('the learner sees the countdown before the join window opens', async ({ page }) => {
    const visit = await visitIn(120, { confirmed: true });
    await login(page, visit.learner.email, { password: visit.learner.password });
    const start = await startOf(page, visit.id);
    // 35 minutes before the start in the page's clock: the learner's window opens 20 minutes before it.
    await page.clock.setFixedTime(new Date(start.getTime() - 35 * 60_000));
    await page.goto(`/visit/${visit.id}`);
    await expect(page.getByRole('timer')).toHaveText('The visit will open in 15 minutes and 0 seconds');
    await expect(page.getByRole('button', { name: 'Join', exact: true })).toHaveCount(0);
    await expectAccessible(page, 'the visit page with its countdown');
  });

  test('the SP joins the visit in its window and completes it, which opens the SP feedback form', async ({ page, context }) => {
    const visit = await visitIn(-28, { confirmed: true });
    // The meeting service is not reachable from here: its page is answered locally, its address is what counts.
    await context.route('https://meet.jit.si/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>Meeting</title>' }));
    await login(page, visit.sp.email, { password: visit.sp.password });
    await page.goto(`/visit/${visit.id}`);
    await expect(page.getByRole('heading', { name: 'This visit is scheduled for:' })).toBeVisible();
    // The SP sees the participant's name, not their email.
    await expect(page.getByRole('region', { name: 'Participant' })).toContainText(visit.learner.name);
    await expect(page.getByRole('region', { name: 'Participant' })).not.toContainText(visit.learner.email);
    await expectAccessible(page, "the SP's visit page in its join window");

    const popup = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Join', exact: true }).click();
    const meeting = await popup;
    await expect.poll(() => meeting.url()).toMatch(/^https:\/\/meet\.jit\.si\/SimVisit-/);
    await meeting.close();

    await page.getByRole('button', { name: 'Complete', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Complete' })).toContainText('Mark this visit as complete?');
    await expectAccessible(page, 'the Complete confirmation');
    await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
    // The scenario's SP feedback form is enabled and not yet submitted: completing asks for it (action 'feedback').
    await expect(page).toHaveURL(new RegExp(`/visit/${visit.id}/scorecard$`));
  });

  test("an admin adjusts a visit's date and time and marks it confirmed", async ({ page }) => {
    const visit = await visitIn(4 * 1440);
    await login(page, ACCOUNTS.admin);
    await page.goto(`/visit/${visit.id}`);
    await expect(page.getByRole('region', { name: 'Standardized Patient' })).toContainText(visit.sp.email);
    await expectAccessible(page, "an admin's visit page");
    await page.getByRole('button', { name: 'Adjust Date/Time' }).click();
    const day = new Date((await serverNow()).getTime() + 12 * 86_400_000);
    const date = day.toISOString().slice(0, 10);

    await page.getByLabel('Date and Time').fill('');
    await page.getByRole('button', { name: 'Save Date and Time' }).click();
    await expect(page.getByText('Please select a date and time')).toBeVisible();
    await expectAccessible(page, 'Adjust Date/Time with an error');

    await page.getByLabel('Date and Time').fill(`${date}T14:00`);
    await page.getByLabel('Mark Visit as Confirmed').check();
    await page.getByRole('button', { name: 'Save Date and Time' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectAccessible(page, 'the date change confirmation');
    await page.getByRole('dialog').getByRole('button', { name: 'Yes, Change' }).click();
    await expect(notification(page, 'Vist date and time adjusted.')).toBeVisible();
    // 14:00 as typed, in the admin's profile zone.
    const adjusted = shown(slotToInstant(`${date} 14:00:00`, 'America/New_York')!);
    await expect(page.getByTestId('visit-date')).toHaveText(adjusted.date);
    await expect(page.getByTestId('visit-time')).toHaveText(adjusted.time);
    expect(adjusted.time).toMatch(/^2:00 PM E[SD]T$/);
    await expect(page.getByText('Confirmed', { exact: true })).toBeVisible();
  });

  test('the super admin adds an observer to a visit and removes them', async ({ page }) => {
    const visit = await visitIn(4 * 1440);
    const observer = await createUser('observer', { first: 'Olive' });
    await login(page, ACCOUNTS.superadmin);
    await page.goto(`/visit/${visit.id}`);
    await page.getByRole('button', { name: 'Manage Observers' }).click();
    await expect(page.getByRole('heading', { name: 'Manage Observers' })).toBeVisible();
    await page.getByLabel('Observer', { exact: true }).selectOption({ label: `${observer.name} (${observer.email})` });
    await page.getByRole('button', { name: 'Add Observer' }).click();
    await expect(notification(page, 'Observer added to visit.')).toBeVisible();
    const assigned = page.getByRole('list', { name: 'Observers' });
    await expect(assigned).toContainText(observer.name);
    await expectAccessible(page, 'Manage Observers');

    await assigned.getByRole('button', { name: `Remove ${observer.name}` }).click();
    await expect(notification(page, 'Observer removed from visit.')).toBeVisible();
    await expect(assigned).not.toContainText(observer.name);
    await page.getByRole('button', { name: 'Back to Visit' }).click();
    await expect(page.getByRole('region', { name: 'Observers' })).toContainText('No observers are assigned to this visit.');
  });
});
