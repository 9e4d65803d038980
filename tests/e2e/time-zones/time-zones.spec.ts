import type { BrowserContext, Page } from '@playwright/test';
import { formatInZone, TIME_ZONE_MESSAGES } from '@simvisit/schema';
import { login, notification } from '../../support/auth';
import { AWV, createUser, createVisitRequest } from '../../support/factories';
import { signedIn } from '../../support/journeys';
import { outboxIds, waitForMessage } from '../../support/outbox';
import { expect, expectAccessible, test } from '../../support/test';

/*
 * One time, everywhere (issue 22 item 2, docs/decisions/0086). The learner's phone is in Chicago, their profile in
 * New York (the factories' zone): once the SP accepts their request, the visit page, the dashboard card, the
 * notification, the mail and its calendar invite all say the same New York time, naming the zone; the app says
 * once that the phone is elsewhere and offers to switch.
 */
const DEVICE = 'America/Chicago';
const PROFILE = 'America/New_York';
test.use({ timezoneId: DEVICE });

const DAY = 1440;

async function startOf(page: Page, visitId: string): Promise<Date> {
  const res = await page.request.get(`/api/visit/${visitId}`, { headers: { Accept: 'application/json' } });
  expect(res.ok(), `GET /api/visit/${visitId} answered ${res.status()}`).toBe(true);
  return new Date(((await res.json()) as { visit: { start_at: string } }).visit.start_at);
}

/** An iCalendar property's value: lines unfolded (RFC 5545), text escapes undone. */
function icsValue(ics: string, name: string): string {
  const unfolded = ics.replace(/\r?\n[ \t]/g, '');
  const line = unfolded.split(/\r?\n/).find((l) => l.startsWith(`${name}:`) || l.startsWith(`${name};`));
  expect(line, `${name} in the invite`).toBeDefined();
  return line!
    .slice(line!.indexOf(':') + 1)
    .replace(/\\([,;\\])/g, '$1')
    .replace(/\\n/gi, '\n');
}

test.describe('time zones', () => {
  const contexts: BrowserContext[] = [];
  test.afterEach(async () => {
    for (const c of contexts.splice(0)) await c.close();
  });

  test('a learner in another zone than the phone finds the same time on every surface', async ({ page, browser }) => {
    const learner = await createUser('learner', { first: 'Tia' });
    const sp = await createUser('standardized_patient', { first: 'Sam', spOf: [AWV], weekdayHours: true });
    const requestId = await createVisitRequest({ learner, datesInMinutes: [4 * DAY + 120, 5 * DAY + 180] });
    const before = await outboxIds(page.request);

    // The SP (in New York) books the visit by accepting the first proposed time.
    const spPage = await signedIn(browser, sp.email, contexts, { password: sp.password });
    await spPage.goto(`/request/${requestId}`);
    await expect(spPage.getByRole('heading', { level: 1, name: 'Visit Request' })).toBeVisible();
    await expectAccessible(spPage, "the SP's request page");
    await spPage.getByRole('radio').first().check();
    await spPage.getByRole('button', { name: 'Accept', exact: true }).click();
    await expect(notification(spPage, 'Visit request accepted.')).toBeVisible();
    await expect(spPage).toHaveURL(/\/visit\/\d+$/);
    const visitId = spPage.url().match(/\/visit\/(\d+)$/)![1]!;
    await expectAccessible(spPage, "the SP's visit page");

    await login(page, learner.email, { password: learner.password });
    const when = formatInZone(await startOf(page, visitId), PROFILE);
    expect(when).toMatch(/ E[SD]T$/);

    // The phone is in Chicago: said once, with the offer to switch; kept, it stays away after a reload.
    const notice = page.getByTestId('time-zone-notice');
    await expect(notice).toContainText(TIME_ZONE_MESSAGES.mismatch(DEVICE, PROFILE));
    await expect(notice.getByRole('button', { name: TIME_ZONE_MESSAGES.switchTo(DEVICE) })).toBeVisible();
    await expectAccessible(page, 'the dashboard with the time zone notice');
    await notice.getByRole('button', { name: TIME_ZONE_MESSAGES.keep }).click();
    await expect(notice).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Learner Dashboard' })).toBeVisible();
    await expect(notice).toHaveCount(0);

    // The dashboard card.
    await page.getByRole('tab', { name: 'Scheduled', exact: true }).click();
    const card = page.locator(`[data-testid="visit-card"][data-id="${visitId}"]`);
    await expect(card.locator('time')).toHaveText(when);
    await expectAccessible(page, 'the learner dashboard');

    // The notification: the same time, and a link to the visit (no address printed in its text).
    await page.getByTestId('notification-bell').click();
    const scheduled = page.getByRole('link', { name: /Visit scheduled/ });
    await expect(scheduled).toContainText(`scheduled for ${when}.`);
    await expect(scheduled).not.toContainText('http');
    await expect(scheduled).toHaveAttribute('href', `/visit/${visitId}`);
    await expectAccessible(page, 'the notifications');
    await scheduled.click();
    await expect(page).toHaveURL(new RegExp(`/visit/${visitId}$`));

    // The visit page.
    await expect(page.getByRole('heading', { name: 'This visit is scheduled for:' })).toBeVisible();
    // 'Tue, Dec 1' and '2:00 PM EST'
    const parts = when.split(', ');
    await expect(page.getByTestId('visit-date')).toHaveText(parts.slice(0, 2).join(', '));
    await expect(page.getByTestId('visit-time')).toHaveText(parts.slice(2).join(', '));
    await expectAccessible(page, "the learner's visit page");

    // The mail and its calendar invite.
    const mail = await waitForMessage(page.request, { to: learner.email, notIn: before, subject: /^Visit scheduled$/ });
    expect(mail.text).toContain(`scheduled for ${when}.`);
    const invite = (mail as typeof mail & { attachments?: { content_type: string; content: string }[] }).attachments?.find((a) =>
      a.content_type.startsWith('text/calendar'),
    );
    expect(invite, 'the calendar invite of the mail').toBeDefined();
    expect(icsValue(invite!.content, 'DESCRIPTION')).toContain(when);
  });

  test('switching the profile to the phone’s zone shows the times there', async ({ page }) => {
    const learner = await createUser('learner', { first: 'Uma' });
    await login(page, learner.email, { password: learner.password });
    const notice = page.getByTestId('time-zone-notice');
    await expect(notice).toBeVisible();
    await notice.getByRole('button', { name: TIME_ZONE_MESSAGES.switchTo(DEVICE) }).click();
    await expect(notice).toHaveCount(0);
    // The profile now says Chicago, after a reload too.
    await page.goto('/profile');
    await expect(page.getByText('(UTC-06:00) Central Time (US & Canada)')).toBeVisible();
    await expectAccessible(page, 'the profile in the new zone');
    await page.reload();
    await expect(page.getByText('(UTC-06:00) Central Time (US & Canada)')).toBeVisible();
    await expect(notice).toHaveCount(0);
  });
});
