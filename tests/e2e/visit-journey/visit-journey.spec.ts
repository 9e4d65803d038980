import { formatInZone, slotToInstant, zonedDateTimeParts } from '@simvisit/schema';
import { ACCOUNTS } from '../../support/accounts';
import { login, notification } from '../../support/auth';
import { chooseTime } from '../../support/booking';
import { advanceClocks, createUser, serverNow, setServerClock } from '../../support/factories';
import { answerMeetings, JOURNEY_ZONE, joinMeeting, pickerValue, signedIn } from '../../support/journeys';
import { outboxIds, waitForMessage } from '../../support/outbox';
import { expectScorecardPage, question, type ScorecardAnswer, serverScorecard } from '../../support/scorecards';
import { activeServiceWorker, expectOffline, expectOnline, Network, pendingCount, SYNC_TIMEOUT, syncConflict } from '../../support/sync';
import { type BrowserContext, expect, expectAccessible, type Locator, type Page, test } from '../../support/test';

// This journey needs the service worker (offline, install, push): on, as on a person's device (decision 0084).
test.use({ serviceWorkers: 'allow' });

/**
 * The core journey of issue 5 on one new visit, as its people use it (spec 001 §4, §5, §7, §9; spec 002 §2.2–§2.4):
 * a new learner of sp (a factory user, like the SP and the observer below) books the paid 'Acute low back pain' — two
 * dates, the SMS opt-in and verification through the demo outbox, a declined test card, then 4242; a new SP of the
 * scenario with the demo SP's weekday hours accepts the first date and both see the visit on their dashboards;
 * admin@demo.test (who only signs in) moves it to start five minutes from now,
 * confirmed (the join window opens without waiting days); the learner and the SP join; the test clock (the
 * server's and the two browsers', decision 0039) moves to the start, not waited for; the SP completes it and fills
 * the SP scorecard with the network cut for real, closes the tab and reconnects;
 * observer@demo.test (the seeded scenario's observer, assigned when the SP accepted; a visit is scored only when every
 * assigned observer has scored, so a second observer of our own would leave it open) scores it online; the learner reads
 * the scorecards. The browser runs in UTC (playwright.config.ts), so dates and times show in UTC.
 */

const SCENARIO = 'Acute low back pain';
const NUMBER_TYPED = '4155550163';
const NUMBER_E164 = '+14155550163';
const PRICE = '$46.65';
/** Notes unique to this run, so the scorecards read back are this visit's. */
const RUN = Date.now().toString(36);
const SP_NOTE = `Asked what worried me about my back before examining (${RUN}).`;
const OBSERVER_NOTE = `Name the red flags that should bring the patient back (${RUN}).`;

// ---------------------------------------------------------------------------------------------------------
// Dates and times as the app shows them, in the profile's zone

/** An instant's day and time as the pages show them, in the profile's zone (docs/decisions/0086). */
function shown(at: Date): { date: string; time: string } {
  return zonedDateTimeParts(at, JOURNEY_ZONE);
}

/** A slot of the time picker ('YYYY-MM-DD HH:mm:00', in the profile's zone) as the request page and the dashboards show it. */
function slotText(slot: string): string {
  return formatInZone(slotToInstant(slot, JOURNEY_ZONE)!, JOURNEY_ZONE);
}

/**
 * The first Monday (or Friday) at least 5 days ahead of the server's clock (the test clock, decision 0039), 'YYYY-MM-DD' in UTC: inside the partner's window (today + 2
 * days) and in the SP's hours (weekdays 08:00–18:00 New York).
 */
function dayAhead(now: Date, weekday: 1 | 5): string {
  const day = new Date(now);
  day.setUTCDate(day.getUTCDate() + 5);
  while (day.getUTCDay() !== weekday) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

// ---------------------------------------------------------------------------------------------------------
// People and pages

function section(page: Page, heading: string): Locator {
  return page.getByRole('region', { name: heading, exact: true });
}

function visitCard(scope: Page | Locator, id: string): Locator {
  return scope.locator(`[data-testid="visit-card"][data-id="${id}"]`);
}

function requestCard(scope: Page | Locator, id: string): Locator {
  return scope.locator(`[data-testid="request-card"][data-id="${id}"]`);
}

// ---------------------------------------------------------------------------------------------------------

test('a learner books and pays, an SP accepts, both join, the SP completes and scores offline, an observer scores, the learner reads the scorecards', async ({
  browser,
  context,
  page,
  request,
}) => {
  // Slow: seven people's steps, about 3 minutes (the visit's start is reached by moving the clocks, not waited
  // for); the limit leaves room for a slow machine.
  test.slow();
  test.setTimeout(8 * 60_000);
  const contexts: BrowserContext[] = [];
  await answerMeetings(context);
  const learner = await createUser('learner', { first: 'Taylor' });
  const spUser = await createUser('standardized_patient', { weekdayHours: true, spOf: [SCENARIO] });

  let requestId = '';
  let first = '';
  let alternate = '';
  let visitId = '';
  let start = new Date(0);
  let sp: Page;

  try {
    await test.step('1. the learner books the paid scenario: two dates, the SMS gate, a declined card, then 4242', async () => {
      await login(page, learner.email, { password: learner.password });
      await page.goto('/scenarios');
      await expect(page.getByRole('link', { name: SCENARIO }).first()).toBeVisible();
      await expectAccessible(page);
      await page.getByRole('link', { name: SCENARIO }).first().click();
      await expect(page).toHaveURL(/\/scenarios\/\d+\/overview$/);
      const scenarioId = page.url().match(/\/scenarios\/(\d+)\/overview/)![1]!;
      await expect(page.getByRole('heading', { name: 'Schedule Your Visit' })).toBeVisible();
      await expectAccessible(page);

      const now = await serverNow();
      first = (await chooseTime(page, 'First Choice', dayAhead(now, 1), 2)).value;
      alternate = (await chooseTime(page, 'Alternate Choice', dayAhead(now, 5), 3)).value;
      await page.getByRole('checkbox', { name: /I agree to the Terms of Service/ }).check();
      await page.getByRole('button', { name: 'Schedule Your Visit' }).click();

      // The SMS gate: SMS is off, so the opt-in panel (number and consent) comes first, then the code.
      const optIn = page.getByRole('button', { name: 'Opt-in' });
      await expect(optIn).toBeVisible();
      await page.getByRole('textbox', { name: 'Mobile Number' }).fill(NUMBER_TYPED);
      await expect(optIn).toBeDisabled();
      await page.getByRole('checkbox', { name: /I agree to receive SMS text messages/ }).check();
      const before = await outboxIds(request);
      await optIn.click();
      await expect(page).toHaveURL(new RegExp(`/verification\\?sid=${scenarioId}$`));
      await expect(page.getByText('+1 415 555 0163')).toBeVisible();
      await expectAccessible(page);
      const sms = await waitForMessage(request, { to: NUMBER_E164, channel: 'sms', notIn: before });
      const code = /\b(\d{6})\b/.exec(sms.text);
      expect(code, `a 6-digit code in: ${sms.text}`).not.toBeNull();
      await page.getByRole('textbox', { name: 'Verification Code' }).fill(code![1]!);
      await page.getByRole('button', { name: 'Submit Code' }).click();
      await expect(notification(page, 'Mobile Number Verified')).toBeVisible();

      // Back on the overview with both dates kept: the card step (fee $45.00 and the processing fee).
      await expect(page).toHaveURL(new RegExp(`/scenarios/${scenarioId}/overview\\?schedule=1$`));
      const card = page.getByRole('form', { name: 'Card payment' });
      await expect(card).toBeVisible();
      await expect(card.getByText(PRICE).first()).toBeVisible();
      await expectAccessible(page, 'the card step');
      await card.getByLabel('Name on card').fill(learner.name);
      await card.getByLabel('Card number').fill('4000 0000 0000 0002');
      await card.getByLabel('Expiration (MM/YY)').fill('12/34');
      await card.getByLabel('CVC').fill('123');
      await card.getByRole('button', { name: `Pay ${PRICE}` }).click();
      await expect(card.getByRole('alert')).toContainText('Your card was declined.');
      await expect(page).toHaveURL(/\/overview/);

      await card.getByLabel('Card number').fill('4242 4242 4242 4242');
      await card.getByRole('button', { name: `Pay ${PRICE}` }).click();
      await expect(notification(page, 'Visit request has been sent!')).toBeVisible();
      await expect(page).toHaveURL(/\/request\/\d+$/);
      requestId = page.url().match(/\/request\/(\d+)$/)![1]!;

      await expect(page.getByRole('heading', { level: 1, name: 'Visit Request' })).toBeVisible();
      // Both dates, in date order, joined by 'or'.
      await expect(page.getByText([first, alternate].sort().map(slotText).join(' or '), { exact: true })).toBeVisible();
      await expect(page.getByText(PRICE)).toBeVisible();
      await expect(page.getByRole('main').getByText('Pending', { exact: true })).toBeVisible();
      await expectAccessible(page);
    });

    await test.step('2. the SP accepts the first date; the SP and the learner see the visit on their dashboards', async () => {
      sp = await signedIn(browser, spUser.email, contexts, { password: spUser.password });
      await sp.goto(`/request/${requestId}`);
      await expect(sp.getByRole('heading', { level: 1, name: 'Visit Request' })).toBeVisible();
      const accept = sp.getByRole('button', { name: 'Accept', exact: true });
      await expect(accept).toBeDisabled();
      await expectAccessible(sp, "the SP's request page");
      await sp.getByRole('radio', { name: slotText(first), exact: true }).check();
      await accept.click();
      await expect(notification(sp, 'Visit request accepted.')).toBeVisible();
      await expect(sp).toHaveURL(/\/visit\/\d+$/);
      visitId = sp.url().match(/\/visit\/(\d+)$/)![1]!;
      await expect(sp.getByRole('heading', { name: 'This visit is scheduled for:' })).toBeVisible();
      await expect(sp.getByTestId('visit-date')).toHaveText(shown(slotToInstant(first, JOURNEY_ZONE)!).date);
      await expect(sp.getByTestId('visit-time')).toHaveText(shown(slotToInstant(first, JOURNEY_ZONE)!).time);
      await expect(sp.getByText('Not confirmed', { exact: true })).toBeVisible();
      await expect(sp.getByRole('region', { name: 'Participant' })).toContainText(learner.name);
      await expectAccessible(sp);

      await sp.goto('/dashboard');
      await expect(sp.getByRole('heading', { name: 'Standardized Patient Dashboard' })).toBeVisible();
      await sp.getByRole('tab', { name: 'Scheduled', exact: true }).click();
      const spCard = visitCard(section(sp, 'Scheduled Visits'), visitId);
      await expect(spCard).toContainText(SCENARIO);
      await expect(spCard.locator('time')).toHaveText(slotText(first));

      await page.goto('/dashboard');
      await expect(page.getByRole('heading', { name: 'Learner Dashboard' })).toBeVisible();
      await expect(requestCard(section(page, 'Pending Visits'), requestId)).toHaveCount(0);
      await page.getByRole('tab', { name: 'Scheduled', exact: true }).click();
      const learnerCard = visitCard(section(page, 'Scheduled Visits'), visitId);
      await expect(learnerCard).toContainText(SCENARIO);
      await expect(learnerCard.locator('time')).toHaveText(slotText(first));
    });

    await test.step("3. an admin moves the visit to start in five minutes and marks it confirmed (the scenario's observer is on it)", async () => {
      const admin = await signedIn(browser, ACCOUNTS.admin, contexts);
      await admin.goto(`/visit/${visitId}`);
      await expect(admin.getByRole('heading', { name: 'This visit is scheduled for:' })).toBeVisible();
      // Accepting assigned the scenario's observer.
      await expect(admin.getByRole('region', { name: 'Observers' })).toContainText('Olive Observer');
      await admin.getByRole('button', { name: 'Adjust Date/Time' }).click();
      await expect(admin.getByRole('heading', { name: 'Adjust Date and Time' })).toBeVisible();
      await admin.getByLabel('Mark Visit as Confirmed').check();
      await expectAccessible(admin, 'Adjust Date and Time');

      // The picker takes whole minutes and the server refuses past times: the next whole minute at least five
      // minutes away, inside both join windows (the clocks move to the start in step 4). sp@demo.test's seeded
      // visit 9003 ends about two minutes after seeding; when the new time overlaps it (or any other visit of the
      // SP) the server answers 409, and the next minute is tried.
      let candidate = new Date(Math.ceil(((await serverNow()).getTime() + 5 * 60_000) / 60_000) * 60_000);
      for (let attempt = 1; ; attempt++) {
        await admin.getByLabel('Date and Time').fill(pickerValue(candidate));
        await admin.getByRole('button', { name: 'Save Date and Time' }).click();
        const dialog = admin.getByRole('dialog');
        await expect(dialog).toContainText('marked as confirmed');
        const answer = admin.waitForResponse(
          (r) => r.url().endsWith(`/api/visit/${visitId}/adjust-date`) && r.request().method() === 'POST',
        );
        await dialog.getByRole('button', { name: 'Yes, Change' }).click();
        const response = await answer;
        if (response.status() !== 409 || attempt === 5) {
          expect(response.status(), `adjust-date answered ${response.status()}: ${await response.text()}`).toBe(200);
          break;
        }
        expect(await response.text()).toContain('The SP already has a visit at this time.');
        await expect(dialog).toHaveCount(0);
        const now = (await serverNow()).getTime();
        candidate = new Date(Math.max(candidate.getTime() + 60_000, Math.ceil((now + 5 * 60_000) / 60_000) * 60_000));
      }
      start = candidate;
      await expect(notification(admin, 'Vist date and time adjusted.')).toBeVisible();
      await expect(admin.getByTestId('visit-date')).toHaveText(shown(start).date);
      await expect(admin.getByTestId('visit-time')).toHaveText(shown(start).time);
      await expect(admin.getByText('Confirmed', { exact: true })).toBeVisible();
      await expectAccessible(admin, "the admin's visit page");
      expect(start.getTime() - (await serverNow()).getTime(), 'the visit starts in the future').toBeGreaterThan(0);
    });

    await test.step('4. the learner and the SP join in the window; the clocks move to the start and the SP completes it', async () => {
      // The two browsers' clocks follow the server's from here (they are the real time until advanceClocks).
      await page.clock.install();
      await sp.clock.install();
      await page.goto(`/visit/${visitId}`);
      await expect(page.getByRole('heading', { name: 'This visit is scheduled for:' })).toBeVisible();
      await expect(page.getByTestId('visit-time')).toHaveText(shown(start).time);
      await expect(page.getByText('Confirmed', { exact: true })).toBeVisible();
      const learnerLink = await joinMeeting(page);

      await sp.goto(`/visit/${visitId}`);
      await expect(sp.getByRole('heading', { name: 'This visit is scheduled for:' })).toBeVisible();
      const spLink = await joinMeeting(sp);
      expect(spLink, 'the learner and the SP meet in the same room').toBe(learnerLink);

      // The SP closes the visit only once it has started: Complete appears at the start (the page's clock ticks).
      const complete = sp.getByRole('button', { name: 'Complete', exact: true });
      await expect(complete).toHaveCount(0);
      const now = await advanceClocks(Math.max(0, start.getTime() - (await serverNow()).getTime()) + 1_000, [page, sp]);
      expect(now.getTime()).toBeGreaterThanOrEqual(start.getTime());
      await expect(complete).toBeVisible();
      await complete.click();
      const dialog = sp.getByRole('dialog', { name: 'Complete' });
      await expect(dialog).toContainText('Mark this visit as complete?');
      await dialog.getByRole('button', { name: 'Yes' }).click();
      // The SP feedback form is enabled and not submitted: completing leads to it (action 'feedback').
      await expect(sp).toHaveURL(new RegExp(`/visit/${visitId}/scorecard$`));
      await expectScorecardPage(sp, 'SP Scorecard');
      await expect(sp.getByTestId('scorecard-visit')).toContainText(SCENARIO);
      await expect(sp.getByTestId('scorecard-visit')).toContainText(learner.name);
      await expectAccessible(sp);
      expect((await serverScorecard(sp.request, visitId)).view).toBe('form');
    });

    await test.step('5. the SP fills the SP scorecard with no network, closes the tab, and it reaches the server once back online', async () => {
      const spContext = sp.context();
      const network = new Network(spContext);
      await expectOnline(sp);
      await activeServiceWorker(sp);

      await network.goOffline();
      const offlineLoad = await sp.reload();
      expect(offlineLoad?.fromServiceWorker(), 'the offline reload was answered by the service worker').toBe(true);
      await expectScorecardPage(sp, 'SP Scorecard');
      await expectOffline(sp);

      await sp.getByRole('button', { name: 'Submit' }).click();
      await expect(notification(sp, 'All fields must be completed before submitting feedback form.')).toBeVisible();
      await expect(sp.getByText('Response is required')).toHaveCount(4);
      await question(sp, 'Did the learner introduce themselves and their role?').getByRole('radio', { name: 'No' }).check();
      await question(sp, 'How well did the learner listen to your concerns?').getByRole('radio', { name: '5 Exemplary effort' }).check();
      await question(sp, 'Which best describes how the learner explained the plan?').getByRole('radio', { name: 'Mostly clear' }).check();
      await sp.getByRole('textbox', { name: 'What is one thing the learner did well?' }).fill(SP_NOTE);
      await expect(sp.getByText('Response is required')).toHaveCount(0);
      await sp.getByRole('button', { name: 'Submit' }).click();

      await expect(notification(sp, 'SP Scorecard Submitted.').filter({ hasText: 'Saved on this device' })).toBeVisible();
      await expect(sp.getByTestId('scorecard-state')).toHaveAttribute('data-state', 'waiting');
      await expect(pendingCount(sp)).toHaveText('1');
      // Nothing reached the server: the push was cut, the visit still waits for the form.
      expect(network.leaks).toEqual([]);
      expect(network.aborted.some((p) => p.startsWith('/sync/v1/visit_scorecards/'))).toBe(true);
      expect((await serverScorecard(sp.request, visitId)).visit).toMatchObject({ is_complete: false, is_feedback_form_complete: false });

      // The tab is closed while still offline; the network returns; the SP opens the scorecard again.
      await sp.close();
      await network.goOnline();
      sp = await spContext.newPage();
      await sp.goto(`/visit/${visitId}/scorecard`);
      await expectScorecardPage(sp, 'SP Scorecard');
      await expect(pendingCount(sp)).toHaveText('0', { timeout: SYNC_TIMEOUT });
      await expect(sp.getByTestId('scorecard-state')).toHaveAttribute('data-state', 'submitted', { timeout: SYNC_TIMEOUT });
      await expect(syncConflict(sp)).toHaveCount(0);

      let server: ScorecardAnswer | undefined;
      await expect
        .poll(
          async () => {
            server = await serverScorecard(sp.request, visitId);
            return server.view;
          },
          { timeout: SYNC_TIMEOUT, message: 'the SP scorecard on the server' },
        )
        .toBe('observer_complete');
      expect(server!.visit).toMatchObject({ is_complete: true, is_feedback_form_complete: true });
      expect(server!.visit.feedback_form?.submitted_at).not.toBeNull();
      expect(server!.visit.feedback_form?.responses).toHaveLength(4);
      expect(server!.visit.feedback_form?.responses).toContainEqual(expect.objectContaining({ response: SP_NOTE }));
      await expect(sp.getByTestId('given-answer').filter({ hasText: 'Mostly clear' })).toBeVisible();
      // It went in once: a second submission is refused and changes nothing.
      const xsrf = (await spContext.cookies()).find((c) => c.name === 'XSRF-TOKEN');
      const resubmit = await sp.request.post(`/api/visit/${visitId}/feedback-form/submit`, {
        headers: { Accept: 'application/json', 'X-XSRF-TOKEN': decodeURIComponent(xsrf!.value) },
        data: { responses: server!.visit.feedback_form!.responses },
      });
      expect(resubmit.status()).toBe(409);
      expect((await serverScorecard(sp.request, visitId)).visit.feedback_form?.submitted_at).toBe(
        server!.visit.feedback_form?.submitted_at,
      );

      // The visit took place.
      await sp.goto(`/visit/${visitId}`);
      await expect(sp.getByRole('heading', { name: 'This visit occurred on:' })).toBeVisible();
      await expect(sp.getByText('Complete', { exact: true })).toBeVisible();
      await expect(sp.getByRole('link', { name: 'View Scorecard' })).toBeVisible();
      await expectAccessible(sp, 'a visit that took place');
    });

    await test.step('6. the observer finds the visit on their dashboard and scores it online', async () => {
      // The observer's device agrees with the server, whose clock step 4 moved to the visit's start.
      const observer = await signedIn(browser, ACCOUNTS.observer, contexts, { clock: await serverNow() });
      await expect(observer.getByRole('heading', { name: 'Observer Dashboard' })).toBeVisible();
      const card = visitCard(section(observer, 'Pending Scorecards'), visitId);
      await expect(card).toContainText('Scorecard Pending');
      await card.getByRole('link').click();
      await expect(observer).toHaveURL(new RegExp(`/visit/${visitId}$`));
      await expect(observer.getByRole('link', { name: 'Complete Scorecard' })).toBeVisible();
      await expectAccessible(observer, "the observer's visit page");
      await observer.getByRole('link', { name: 'Complete Scorecard' }).click();
      await expect(observer).toHaveURL(new RegExp(`/visit/${visitId}/scorecard$`));
      await expectScorecardPage(observer, 'Observer Scorecard');
      await expectAccessible(observer);

      await question(observer, 'Introduced themselves and their role').getByRole('radio', { name: 'No' }).check();
      await question(observer, 'Used open-ended questions').getByRole('radio', { name: '2 Minimal effort' }).check();
      await question(observer, 'Checked the patient understood the plan').getByRole('radio', { name: '3 Moderate effort' }).check();
      await observer.getByRole('textbox', { name: 'What could the learner do differently?' }).fill(OBSERVER_NOTE);
      await question(observer, 'Overall, how ready is the learner for this kind of visit?')
        .getByRole('radio', { name: '5 Exemplary effort' })
        .check();
      await observer.getByRole('button', { name: 'Submit' }).click();
      await expect(notification(observer, 'Scorecard submitted.')).toBeVisible({ timeout: SYNC_TIMEOUT });
      await expect(observer.getByTestId('scorecard-state')).toHaveAttribute('data-state', 'submitted');
      const server = await serverScorecard(observer.request, visitId);
      expect(server.view).toBe('observer_complete');
      expect(server.visit.is_scorecard_complete).toBe(true);
    });

    await test.step('7. the learner opens the scorecard from the visit page and reads the tabs of its display type', async () => {
      await page.goto(`/visit/${visitId}`);
      await expect(page.getByRole('heading', { name: 'This visit occurred on:' })).toBeVisible();
      await page.getByRole('link', { name: 'View Scorecard' }).click();
      await expect(page).toHaveURL(new RegExp(`/visit/${visitId}/scorecard$`));
      await expect(page.getByRole('heading', { level: 1, name: 'Visit Scorecard' })).toBeVisible();
      // Display type 5: the SP scorecard, each observer's scorecard unnamed, the merged one, participant feedback.
      await expect(page.getByRole('tab')).toHaveText(['SP Scorecard', 'Scorecard 1', 'Merged', 'Participant Feedback']);

      const spTab = page.getByRole('tabpanel', { name: 'SP Scorecard' });
      await expect(spTab).toContainText(SP_NOTE);
      await expect(spTab.getByTestId('given-answer').filter({ hasText: 'Mostly clear' })).toBeVisible();
      await expect(spTab.getByTestId('given-answer').filter({ hasText: '5 Exemplary effort' })).toBeVisible();

      await page.getByRole('tab', { name: 'Scorecard 1' }).click();
      const observerTab = page.getByRole('tabpanel', { name: 'Scorecard 1' });
      await expect(observerTab).toContainText(OBSERVER_NOTE);
      await expect(observerTab).not.toContainText('Olive');

      await page.getByRole('tab', { name: 'Merged' }).click();
      const merged = page.getByRole('tabpanel', { name: 'Merged' });
      await expect(merged).toContainText('Average: 2.0 of 5 (1 answer)');
      await expect(merged).toContainText('Average: 3.0 of 5 (1 answer)');
      await expect(merged).toContainText('Average: 5.0 of 5 (1 answer)');
      await expect(merged).toContainText(OBSERVER_NOTE);
      await expectAccessible(page, "the learner's merged scorecard");

      // The visit is among the learner's completed visits.
      await page.goto('/dashboard');
      await page.getByRole('tab', { name: 'Completed', exact: true }).click();
      await expect(visitCard(section(page, 'Completed Visits'), visitId)).toContainText(SCENARIO);
    });
  } finally {
    for (const other of contexts) await other.close();
    // The whole run shares the server: its clock goes back to the real time.
    await setServerClock('reset');
  }
});
