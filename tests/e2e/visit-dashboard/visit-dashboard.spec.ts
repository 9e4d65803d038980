import { formatInZone } from '@simvisit/schema';
import { ACCOUNTS } from '../../support/accounts';
import { login } from '../../support/auth';
import { AWV, createUser, createVisit, createVisitRequest, POST_OP, serverNow, type TestUser } from '../../support/factories';
import { expect, expectAccessible, type Locator, type Page, test } from '../../support/test';

/**
 * The dashboards' visit lists and the client admin's visit report (issue 5 item 9; spec 000 §2.8, §2.12;
 * docs/decisions/0031). Each test makes the people, visits and requests it reads through the test factories
 * (tests/support/factories.ts) and changes nothing; other journeys add visits and requests, so these look for
 * their own items and never count.
 */

const DAY = 1440;

/** Minutes from the server's clock to 15:00 UTC (10:00 or 11:00 in New York, inside the demo SP's weekday hours) on a weekday at least `days` ahead. */
async function weekdayMorningIn(days: number): Promise<number> {
  const now = await serverNow();
  const at = new Date(now.getTime() + days * DAY * 60_000);
  at.setUTCHours(15, 0, 0, 0);
  while (at.getUTCDay() === 0 || at.getUTCDay() === 6) at.setUTCDate(at.getUTCDate() + 1);
  return Math.floor((at.getTime() - now.getTime()) / 60_000);
}

function signIn(page: Page, user: TestUser, slug?: string) {
  return login(page, user.email, { password: user.password, slug });
}

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

/** A time as the app shows it: in the profile's zone (the factories' New York), naming it (docs/decisions/0086). */
function shownTime(iso: string): string {
  return formatInZone(new Date(iso), 'America/New_York');
}

test('a learner sees the pending request, scheduled, completed and canceled visits with their reasons', async ({ page }) => {
  const learner = await createUser('learner', { first: 'Lee' });
  const sp = await createUser('standardized_patient', { first: 'Pat' });
  const requestId = await createVisitRequest({ learner, datesInMinutes: [5 * DAY, 6 * DAY + 240] });
  const visit = (startsInMinutes: number, state: Omit<Parameters<typeof createVisit>[0], 'learner' | 'sp' | 'startsInMinutes'> = {}) =>
    createVisit({ learner, sp, startsInMinutes, ...state });
  const scheduled = await visit(4 * DAY);
  const completed = await visit(-DAY, { confirmed: true, complete: true });
  const reasons: [number, string][] = [
    [await visit(-3 * DAY, { confirmed: true, canceledBy: 'learner' }), 'Learner Cancellation'],
    [await visit(DAY, { canceledBy: 'system' }), 'System Cancellation'],
    [await visit(-4 * DAY, { confirmed: true, complete: true, noShow: true }), 'No Show'],
    [await visit(-5 * DAY, { confirmed: true, technicalIssue: true }), 'Learner Technical Issue'],
    [await visit(6 * DAY, { confirmed: true, canceledBy: 'sp' }), 'SP Cancellation'],
  ];
  const noShow = reasons[2]![0];
  await signIn(page, learner);
  await expect(page.getByRole('heading', { name: 'Learner Dashboard' })).toBeVisible();

  // Pending: the request with its two dates joined by 'or', in the viewer's zone.
  const pending = section(page, 'Pending Visits');
  const request = requestCard(pending, requestId);
  await expect(request).toBeVisible();
  await expect(request).toContainText('Annual wellness visit');
  await expect(request).toContainText('Grace Miller');
  const dates = (await request.locator('p').nth(2).textContent()) ?? '';
  expect(dates).toMatch(
    /^[A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}, \d{1,2}:\d\d [AP]M E[SD]T or [A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}, \d{1,2}:\d\d [AP]M E[SD]T$/,
  );
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN');
  const answer = await page.request.post('/api/visit/get-user-visits', {
    data: { role_id: 1, type: 'requests', page_start: 0 },
    headers: { Accept: 'application/json', 'X-XSRF-TOKEN': decodeURIComponent(xsrf!.value) },
  });
  const body = (await answer.json()) as { visit_requests: { id: number; dates: { local_time: string }[] }[] };
  const made = body.visit_requests.find((r) => r.id === requestId)!;
  expect(dates).toBe(made.dates.map((d) => shownTime(d.local_time)).join(' or '));
  // The learner's cards never show other people.
  await expect(request).not.toContainText('Participant:');
  await expectAccessible(page, "a learner's pending request");

  await openTab(page, 'Scheduled');
  const scheduledList = section(page, 'Scheduled Visits');
  await expect(visitCard(scheduledList, scheduled)).toBeVisible();
  await expect(visitCard(scheduledList, scheduled).locator('time')).toHaveText(
    /^[A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}, \d{1,2}:\d\d [AP]M E[SD]T$/,
  );

  await openTab(page, 'Completed');
  await expect(visitCard(section(page, 'Completed Visits'), completed)).toBeVisible();
  const canceled = section(page, 'Canceled Visits');
  for (const [id, reason] of reasons) await expect(visitCard(canceled, id)).toContainText(reason);
  await expectAccessible(page, "a learner's completed and canceled visits");

  // A card opens its visit.
  await visitCard(canceled, noShow).getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/visit/${noShow}$`));
});

test('a learner finds the featured scenarios, which open their overview', async ({ page }) => {
  const learner = await createUser('learner');
  const requestId = await createVisitRequest({ learner, datesInMinutes: [5 * DAY] });
  await signIn(page, learner);
  const featured = page.getByRole('region', { name: 'Featured Scenarios' });
  const card = featured.getByRole('article', { name: 'Annual wellness visit' });
  await expect(card).toBeVisible();
  await expect(card.getByRole('link')).toHaveAttribute('href', /^\/scenarios\/\d+\/overview$/);
  await expectAccessible(page, 'the featured scenarios');
  await card.getByRole('link').click();
  // The overview sends the learner on to their open request of that scenario.
  await expect(page).toHaveURL(new RegExp(`/request/${requestId}$`));
});

test('a super admin filters the lists by partner and scenario', async ({ page }) => {
  const sp = await createUser('standardized_patient', { first: 'Pat' });
  const learner = await createUser('learner', { first: 'Lee' });
  const northfieldLearner = await createUser([['learner', 2]], { first: 'Logan' });
  const own = await createVisit({ learner, sp, startsInMinutes: 4 * DAY });
  const northfield = await createVisit({ learner: northfieldLearner, sp, scenario: POST_OP, partnerId: 2, startsInMinutes: 3 * DAY });
  await login(page, ACCOUNTS.superadmin);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await openTab(page, 'Scheduled');
  const scheduled = section(page, 'Scheduled Visits');
  // Unfiltered, the list holds every partner's visits, those of other journeys too, paged: this journey's own
  // visits need not be on its first page, so they are looked for once the filters narrow the list.
  await expect(scheduled.getByTestId('visit-card').first()).toBeVisible();
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

  const card = visitCard(scheduled, northfield);
  await expect(card).toBeVisible();
  await expect(visitCard(scheduled, own)).toHaveCount(0);
  await expect(card).toContainText('Partner: northfield');
  await expect(card).toContainText(`SP: ${sp.name} (${sp.email})`);
  await expect(card).toContainText(`Participant: ${northfieldLearner.name} (${northfieldLearner.email})`);
  await expectAccessible(page, "a super admin's filtered lists");
});

test('an SP sees the requests they could accept and their visits', async ({ page }) => {
  // An SP of its own of the request's scenario with the demo SP's weekday hours (seed/demo-visits.ts), which let it
  // accept the request's morning dates.
  const spAccount = await createUser('standardized_patient', { weekdayHours: true, spOf: [AWV] });
  const learner = await createUser('learner');
  const requestId = await createVisitRequest({ learner, datesInMinutes: [await weekdayMorningIn(5), await weekdayMorningIn(6)] });
  const northfieldLearner = await createUser([['learner', 2]]);
  const scheduled = await createVisit({ learner, sp: spAccount, startsInMinutes: 4 * DAY });
  const northfield = await createVisit({
    learner: northfieldLearner,
    sp: spAccount,
    scenario: POST_OP,
    partnerId: 2,
    startsInMinutes: 3 * DAY,
  });
  const completed = await createVisit({
    learner,
    sp: spAccount,
    startsInMinutes: -2 * DAY,
    confirmed: true,
    complete: true,
    feedbackFormComplete: true,
  });
  const canceled = await createVisit({ learner, sp: spAccount, startsInMinutes: 6 * DAY, confirmed: true, canceledBy: 'sp' });

  await signIn(page, spAccount);
  await expect(page.getByRole('heading', { name: 'Standardized Patient Dashboard' })).toBeVisible();
  await expect(requestCard(section(page, 'Pending Visits'), requestId)).toContainText(' or ');
  await openTab(page, 'Scheduled');
  const scheduledList = section(page, 'Scheduled Visits');
  await expect(visitCard(scheduledList, scheduled)).toBeVisible();
  await expect(visitCard(scheduledList, northfield)).toBeVisible();
  await expect(visitCard(scheduledList, scheduled)).not.toContainText('Participant:');
  await openTab(page, 'Completed');
  await expect(visitCard(section(page, 'Completed Visits'), completed)).toBeVisible();
  await expect(visitCard(section(page, 'Canceled Visits'), canceled)).toContainText('SP Cancellation');
  await expectAccessible(page, "an SP's completed and canceled visits");
});

test('an observer sees pending scorecards, and a card opens the visit', async ({ page }) => {
  const observer = await createUser('observer');
  const learner = await createUser('learner');
  const sp = await createUser('standardized_patient');
  const toScore = await createVisit({ learner, sp, observers: [observer], startsInMinutes: -DAY, confirmed: true, complete: true });
  // A visit the observer is not on never shows.
  const notTheirs = await createVisit({ learner, sp, startsInMinutes: -2 * DAY, confirmed: true, complete: true });
  await signIn(page, observer);
  await expect(page.getByRole('heading', { name: 'Observer Dashboard' })).toBeVisible();
  await expect(page.getByRole('tab')).toHaveText(['Pending', 'Completed']);
  const pending = section(page, 'Pending Scorecards');
  const card = visitCard(pending, toScore);
  await expect(card).toContainText('Scorecard Pending');
  await expect(visitCard(pending, notTheirs)).toHaveCount(0);
  await expectAccessible(page, "an observer's pending scorecards");
  await openTab(page, 'Completed');
  await expect(section(page, 'Completed Scorecards')).toBeVisible();
  await openTab(page, 'Pending');
  await visitCard(section(page, 'Pending Scorecards'), toScore).getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/visit/${toScore}$`));
});

test("a client admin sees northfield's visit and the visit report", async ({ page }) => {
  const sp = await createUser('standardized_patient');
  const learner = await createUser('learner');
  const northfieldLearner = await createUser([['learner', 2]], { first: 'Logan' });
  const own = await createVisit({ learner, sp, startsInMinutes: 4 * DAY });
  const northfield = await createVisit({ learner: northfieldLearner, sp, scenario: POST_OP, partnerId: 2, startsInMinutes: 3 * DAY });
  await login(page, ACCOUNTS.clientadmin, { slug: 'simclusive' });
  await expect(page.getByRole('heading', { name: 'Client Admin Dashboard' })).toBeVisible();
  await openTab(page, 'Scheduled');
  const card = visitCard(section(page, 'Scheduled Visits'), northfield);
  await expect(card).toContainText('Post-operative care call');
  await expect(card).toContainText(`Participant: ${northfieldLearner.name} (${northfieldLearner.email})`);
  await expect(card).not.toContainText('SP:');
  await expect(visitCard(page, own)).toHaveCount(0);

  const report = page.getByTestId('visit-report');
  const group = report.getByRole('region', { name: 'Post-operative care call' });
  await expect(group.getByRole('heading', { name: 'Scheduled Visits' })).toBeVisible();
  const row = group.getByRole('link', { name: new RegExp(northfieldLearner.name) });
  await expect(row).toHaveAttribute('href', `/visit/${northfield}`);
  await expect(report.getByRole('region', { name: 'Annual wellness visit' })).toHaveCount(0);
  await expectAccessible(page, 'the visit report');
  await row.click();
  await expect(page).toHaveURL(new RegExp(`/visit/${northfield}$`));
});
