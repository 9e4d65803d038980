import { ACCOUNTS } from '../../support/accounts';
import { login } from '../../support/auth';
import { expect, type Locator, type Page, test } from '../../support/test';

// Not every page of these journeys calls expectAccessible yet (decision 0038): no final-page check or coverage assertion.
test.use({ accessibilityCoverage: false });

/**
 * The dashboards' visit lists and the client admin's visit report (issue 5 item 9; spec 000 §2.8, §2.12;
 * docs/decisions/0031). They read the seeded visits 9001–9010, 9020 and request 9101
 * (apps/sync-server/src/seed/demo-visits.ts) and change nothing; other journeys add visits and requests,
 * so these look for specific seeded items and never count.
 */

function section(page: Page, heading: string): Locator {
  return page.getByRole('region', { name: heading, exact: true });
}
function visitCard(scope: Page | Locator, id: number): Locator {
  return scope.locator(`[data-testid="visit-card"][data-id="${id}"]`);
}
function requestCard(scope: Page | Locator, id: number): Locator {
  return scope.locator(`[data-testid="request-card"][data-id="${id}"]`);
}
async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name, exact: true }).click();
}

/** MM/DD/YY h:mm am/pm in UTC, the zone of the test browser (playwright.config.ts). */
function utcDateTime(iso: string): string {
  const parts: Record<string, string> = {};
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone: 'UTC',
    year: '2-digit',
    month: '2-digit',
    day: '2-digit',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
  });
  for (const p of format.formatToParts(new Date(iso))) parts[p.type] = p.value;
  return `${parts.month}/${parts.day}/${parts.year} ${parts.hour}:${parts.minute} ${(parts.dayPeriod ?? '').toLowerCase()}`;
}

test('a learner sees the pending request, scheduled, completed and canceled visits with their reasons', async ({ page }) => {
  await login(page, ACCOUNTS.learner);
  await expect(page.getByRole('heading', { name: 'Learner Dashboard' })).toBeVisible();

  // Pending: the seeded request with its two dates joined by 'or', in the viewer's zone.
  const pending = section(page, 'Pending Visits');
  const request = requestCard(pending, 9101);
  await expect(request).toBeVisible();
  await expect(request).toContainText('Annual wellness visit');
  await expect(request).toContainText('Grace Miller');
  const dates = (await request.locator('p').nth(2).textContent()) ?? '';
  expect(dates).toMatch(/^\d\d\/\d\d\/\d\d \d{1,2}:\d\d [ap]m or \d\d\/\d\d\/\d\d \d{1,2}:\d\d [ap]m$/);
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN');
  const answer = await page.request.post('/api/visit/get-user-visits', {
    data: { role_id: 1, type: 'requests', page_start: 0 },
    headers: { Accept: 'application/json', 'X-XSRF-TOKEN': decodeURIComponent(xsrf!.value) },
  });
  const body = (await answer.json()) as { visit_requests: { id: number; dates: { local_time: string }[] }[] };
  const seeded = body.visit_requests.find((r) => r.id === 9101)!;
  expect(dates).toBe(seeded.dates.map((d) => utcDateTime(d.local_time)).join(' or '));
  // The learner's cards never show other people.
  await expect(request).not.toContainText('Participant:');

  await openTab(page, 'Scheduled');
  const scheduled = section(page, 'Scheduled Visits');
  await expect(visitCard(scheduled, 9001)).toBeVisible();
  await expect(visitCard(scheduled, 9001).locator('time')).toHaveText(/^\d\d\/\d\d\/\d\d \d{1,2}:\d\d [ap]m$/);
  await expect(visitCard(scheduled, 9020)).toHaveCount(0);

  await openTab(page, 'Completed');
  await expect(visitCard(section(page, 'Completed Visits'), 9004)).toBeVisible();
  const canceled = section(page, 'Canceled Visits');
  const reasons: [number, string][] = [
    [9006, 'Learner Cancellation'],
    [9007, 'System Cancellation'],
    [9008, 'No Show'],
    [9009, 'Learner Technical Issue'],
    [9010, 'SP Cancellation'],
  ];
  for (const [id, reason] of reasons) await expect(visitCard(canceled, id)).toContainText(reason);

  // A card opens its visit.
  await visitCard(canceled, 9008).getByRole('link').click();
  await expect(page).toHaveURL(/\/visit\/9008$/);
});

test('a learner finds the featured scenarios, which open their overview', async ({ page }) => {
  await login(page, ACCOUNTS.learner);
  const featured = page.getByRole('region', { name: 'Featured Scenarios' });
  const card = featured.getByRole('article', { name: 'Annual wellness visit' });
  await expect(card).toBeVisible();
  await expect(card.getByRole('link')).toHaveAttribute('href', /^\/scenarios\/\d+\/overview$/);
  await card.getByRole('link').click();
  // The overview sends the learner on to their open request of that scenario (seeded request 9101).
  await expect(page).toHaveURL(/\/request\/9101$/);
});

test('a super admin filters the lists by partner and scenario', async ({ page }) => {
  await login(page, ACCOUNTS.superadmin);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await openTab(page, 'Scheduled');
  const scheduled = section(page, 'Scheduled Visits');
  await expect(visitCard(scheduled, 9001)).toBeVisible();
  await expect(visitCard(scheduled, 9020)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Visit Stats' })).toBeVisible();

  const filters = page.getByRole('region', { name: 'Filters' });
  const partner = filters.getByLabel('Partner');
  await expect(partner.locator('option').first()).toHaveText('All Courses');
  await partner.selectOption({ label: 'Northfield' });
  const scenario = filters.getByLabel('Scenario');
  await expect(scenario.locator('option').first()).toHaveText('All Scenarios');
  await expect(scenario.locator('option', { hasText: 'Susan Wright' })).toHaveCount(1);
  await expect(scenario.locator('option', { hasText: 'Grace Miller' })).toHaveCount(0);
  await scenario.selectOption({ label: 'Susan Wright' });
  await filters.getByRole('button', { name: 'Update' }).click();

  const card = visitCard(scheduled, 9020);
  await expect(card).toBeVisible();
  await expect(visitCard(scheduled, 9001)).toHaveCount(0);
  await expect(card).toContainText('Partner: northfield');
  await expect(card).toContainText('SP: Pat Patient (sp@demo.test)');
  await expect(card).toContainText('Participant: Logan Learner (learner2@demo.test)');
});

test('an SP sees the requests they could accept and their visits', async ({ page }) => {
  await login(page, ACCOUNTS.sp);
  await expect(page.getByRole('heading', { name: 'Standardized Patient Dashboard' })).toBeVisible();
  await expect(requestCard(section(page, 'Pending Visits'), 9101)).toContainText(' or ');
  await openTab(page, 'Scheduled');
  const scheduled = section(page, 'Scheduled Visits');
  await expect(visitCard(scheduled, 9001)).toBeVisible();
  await expect(visitCard(scheduled, 9020)).toBeVisible();
  await expect(visitCard(scheduled, 9001)).not.toContainText('Participant:');
  await openTab(page, 'Completed');
  await expect(visitCard(section(page, 'Completed Visits'), 9005)).toBeVisible();
  await expect(visitCard(section(page, 'Canceled Visits'), 9010)).toContainText('SP Cancellation');
});

test('an observer sees pending scorecards, and a card opens the visit', async ({ page }) => {
  await login(page, ACCOUNTS.observer);
  await expect(page.getByRole('heading', { name: 'Observer Dashboard' })).toBeVisible();
  await expect(page.getByRole('tab')).toHaveText(['Pending', 'Completed']);
  const pending = section(page, 'Pending Scorecards');
  const card = visitCard(pending, 9004);
  await expect(card).toContainText('Scorecard Pending');
  await expect(visitCard(pending, 9001)).toHaveCount(0);
  await openTab(page, 'Completed');
  await expect(section(page, 'Completed Scorecards')).toBeVisible();
  await openTab(page, 'Pending');
  await visitCard(section(page, 'Pending Scorecards'), 9004).getByRole('link').click();
  await expect(page).toHaveURL(/\/visit\/9004$/);
});

test("a client admin sees northfield's visit and the visit report", async ({ page }) => {
  await login(page, ACCOUNTS.clientadmin, { slug: 'simclusive' });
  await expect(page.getByRole('heading', { name: 'Client Admin Dashboard' })).toBeVisible();
  await openTab(page, 'Scheduled');
  const card = visitCard(section(page, 'Scheduled Visits'), 9020);
  await expect(card).toContainText('Post-operative care call');
  await expect(card).toContainText('Participant: Logan Learner (learner2@demo.test)');
  await expect(card).not.toContainText('SP:');
  await expect(visitCard(page, 9001)).toHaveCount(0);

  const report = page.getByTestId('visit-report');
  const group = report.getByRole('region', { name: 'Post-operative care call' });
  await expect(group.getByRole('heading', { name: 'Scheduled Visits' })).toBeVisible();
  const row = group.getByRole('link', { name: /Logan Learner/ });
  await expect(row).toHaveAttribute('href', '/visit/9020');
  await expect(report.getByRole('region', { name: 'Annual wellness visit' })).toHaveCount(0);
  await row.click();
  await expect(page).toHaveURL(/\/visit\/9020$/);
});
