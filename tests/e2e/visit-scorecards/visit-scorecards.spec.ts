import { login, notification } from '../../support/auth';
import { createUser, createVisit, type TestUser } from '../../support/factories';
import { expectScorecardPage, question, type ScorecardAnswer, serverScorecard } from '../../support/scorecards';
import { activeServiceWorker, expectOffline, expectOnline, Network, pendingCount, SYNC_TIMEOUT } from '../../support/sync';
import { expect, expectAccessible, test } from '../../support/test';

// This journey needs the service worker (offline, install, push): on, as on a person's device (decision 0084).
test.use({ serviceWorkers: 'allow' });

/**
 * Visit scorecards (issue 5 item 8, spec 002 §2.3; decision 0030) on a visit made for it (tests/support/factories.ts:
 * Annual wellness visit, yesterday, complete, scorecards pending, with a new learner, SP and observer): the SP opens its scorecard, loses the network for real (the service
 * worker's own fetches cut too), reloads, answers, submits, closes the tab, and the submission reaches the server
 * once the network returns in a new tab; the observer scores it online; the learner sees the SP scorecard, the
 * observer's scorecard and the merged one, and gives participant feedback. The three run in order (one visit; a retry of the group makes a new one).
 */
let VISIT = 0;
let PATH = '';
let learner: TestUser;
let sp: TestUser;
let observer: TestUser;

test.use({ timezoneId: 'America/New_York' });
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  learner = await createUser('learner', { first: 'Lee' });
  sp = await createUser('standardized_patient', { first: 'Pat' });
  observer = await createUser('observer', { first: 'Olive' });
  VISIT = await createVisit({ learner, sp, observers: [observer], startsInMinutes: -1440, confirmed: true, complete: true });
  PATH = `/visit/${VISIT}/scorecard`;
});

test.describe('Visit scorecards (issue 5)', () => {
  test.slow();

  test('the SP fills the SP scorecard offline, closes the tab, and the submission reaches the server when back online', async ({
    page,
    context,
  }) => {
    const network = new Network(context);
    await login(page, sp.email, { password: sp.password });
    await page.goto(PATH);
    await expectScorecardPage(page, 'SP Scorecard');
    await expect(page.getByRole('button', { name: 'View Recording' })).toBeVisible();
    await expect(page.getByTestId('scorecard-visit')).toContainText('Annual wellness visit');
    await expect(page.getByTestId('scorecard-visit')).toContainText(learner.name);
    await expectOnline(page);
    await expectAccessible(page, 'the SP Scorecard');
    await activeServiceWorker(page);
    expect((await serverScorecard(page.request, VISIT)).view).toBe('form');

    // No network at all, then a reload: the service worker answers and the form comes from the device.
    await network.goOffline();
    const offlineLoad = await page.reload();
    expect(offlineLoad?.fromServiceWorker(), 'the offline reload was answered by the service worker').toBe(true);
    await expectScorecardPage(page, 'SP Scorecard');
    await expectOffline(page);

    // Submit with nothing answered: every question says 'Response is required', with the spec's notice.
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(notification(page, 'All fields must be completed before submitting feedback form.')).toBeVisible();
    await expect(page.getByText('Response is required')).toHaveCount(4);
    await expectAccessible(page, 'the SP Scorecard offline with errors');

    await question(page, 'Did the learner introduce themselves and their role?').getByRole('radio', { name: 'Yes' }).check();
    await question(page, 'How well did the learner listen to your concerns?').getByRole('radio', { name: '4 Skilled effort' }).check();
    await question(page, 'Which best describes how the learner explained the plan?')
      .getByRole('radio', { name: 'Clear and complete' })
      .check();
    await expect(page.getByText('Response is required')).toHaveCount(1);
    await page.getByRole('textbox', { name: 'What is one thing the learner did well?' }).fill('Summarised the plan in plain words.');
    await page.getByRole('button', { name: 'Submit' }).click();

    await expect(notification(page, 'SP Scorecard Submitted.').filter({ hasText: 'Saved on this device' })).toBeVisible();
    await expect(page.getByTestId('scorecard-state')).toHaveAttribute('data-state', 'waiting');
    await expect(pendingCount(page)).toHaveText('1');
    await expect(page.getByRole('button', { name: 'Submit' })).toHaveCount(0);
    // Nothing reached the server.
    expect(network.leaks).toEqual([]);
    expect(network.aborted.some((p) => p.startsWith('/sync/v1/visit_scorecards/'))).toBe(true);
    expect((await serverScorecard(page.request, VISIT)).visit.is_feedback_form_complete).toBe(false);

    // The tab is closed while still offline; the network returns; the SP opens the app again.
    await page.close();
    await network.goOnline();
    const again = await context.newPage();
    await again.goto(PATH);
    await expectScorecardPage(again, 'SP Scorecard');
    await expect(pendingCount(again)).toHaveText('0', { timeout: SYNC_TIMEOUT });
    await expect(again.getByTestId('scorecard-state')).toHaveAttribute('data-state', 'submitted', { timeout: SYNC_TIMEOUT });

    let server: ScorecardAnswer | undefined;
    await expect
      .poll(
        async () => {
          server = await serverScorecard(again.request, VISIT);
          return server.view;
        },
        { timeout: SYNC_TIMEOUT, message: 'the SP scorecard on the server' },
      )
      .toBe('observer_complete');
    expect(server!.visit).toMatchObject({ is_complete: true, is_feedback_form_complete: true });
    expect(server!.visit.feedback_form?.responses).toHaveLength(4);
    expect(server!.visit.feedback_form?.responses).toContainEqual(
      expect.objectContaining({ response: 'Summarised the plan in plain words.' }),
    );
    // The answers show read-only, and a second submit is refused by the server (it went in once).
    await expect(again.getByTestId('given-answer').filter({ hasText: '4 Skilled effort' })).toBeVisible();
    await expectAccessible(again, 'the submitted SP Scorecard');
    const xsrf = (await context.cookies()).find((c) => c.name === 'XSRF-TOKEN');
    const resubmit = await again.request.post(`/api/visit/${VISIT}/feedback-form/submit`, {
      headers: { Accept: 'application/json', 'X-XSRF-TOKEN': decodeURIComponent(xsrf!.value) },
      data: { responses: server!.visit.feedback_form!.responses },
    });
    expect(resubmit.status()).toBe(409);
  });

  test('the observer scores the visit online', async ({ page }) => {
    await login(page, observer.email, { password: observer.password });
    await page.goto(PATH);
    await expectScorecardPage(page, 'Observer Scorecard');
    const rubric = page.getByRole('region', { name: 'Communication Skills' });
    await expect(rubric).toContainText('Score what you observed during the visit.');
    await expectAccessible(page, 'the Observer Scorecard');
    await question(page, 'Introduced themselves and their role').getByRole('radio', { name: 'Yes' }).check();
    await question(page, 'Used open-ended questions').getByRole('radio', { name: '5 Exemplary effort' }).check();
    await question(page, 'Checked the patient understood the plan').getByRole('radio', { name: '3 Moderate effort' }).check();
    await page.getByRole('textbox', { name: 'What could the learner do differently?' }).fill('Pause after asking about worries.');
    await question(page, 'Overall, how ready is the learner for this kind of visit?')
      .getByRole('radio', { name: '4 Skilled effort' })
      .check();
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(notification(page, 'Scorecard submitted.')).toBeVisible({ timeout: SYNC_TIMEOUT });
    await expect(page.getByTestId('scorecard-state')).toHaveAttribute('data-state', 'submitted');
    const server = await serverScorecard(page.request, VISIT);
    expect(server.view).toBe('observer_complete');
    expect(server.visit.is_scorecard_complete).toBe(true);
  });

  test('the learner sees the scorecards by the display type and gives participant feedback', async ({ page }) => {
    await login(page, learner.email, { password: learner.password });
    await page.goto(PATH);
    await expect(page.getByRole('heading', { level: 1, name: 'Visit Scorecard' })).toBeVisible();
    await expect(page.getByRole('tab')).toHaveText(['SP Scorecard', 'Scorecard 1', 'Merged', 'Participant Feedback']);
    await expect(page.getByRole('button', { name: 'View Recording' })).toBeVisible();

    const sp = page.getByRole('tabpanel', { name: 'SP Scorecard' });
    await expect(sp.getByTestId('given-answer').filter({ hasText: 'Clear and complete' })).toBeVisible();
    await expect(sp).toContainText('Summarised the plan in plain words.');
    await expectAccessible(page, "the learner's SP Scorecard tab");

    await page.getByRole('tab', { name: 'Scorecard 1' }).click();
    const observer = page.getByRole('tabpanel', { name: 'Scorecard 1' });
    await expect(observer).toContainText('Pause after asking about worries.');
    await expect(observer).not.toContainText('Olive');

    await page.getByRole('tab', { name: 'Merged' }).click();
    await expect(page.getByRole('tabpanel', { name: 'Merged' })).toContainText('Average: 4.0 of 5 (1 answer)');
    await expectAccessible(page, 'the Merged tab');

    await page.getByRole('tab', { name: 'Participant Feedback' }).click();
    const feedback = page.getByRole('tabpanel', { name: 'Participant Feedback' });
    await feedback.getByRole('button', { name: 'Submit' }).click();
    await expect(feedback.getByText('Response is required')).toHaveCount(2);
    await expectAccessible(page, 'the Participant Feedback tab with errors');
    await question(page, 'How realistic did the visit feel?').getByRole('radio', { name: '5 Exemplary effort' }).check();
    await page.getByRole('textbox', { name: 'What would you like to practise next time?' }).fill('Breaking news gently.');
    await feedback.getByRole('button', { name: 'Submit' }).click();
    await expect(notification(page, 'Participant Feedback Submitted.')).toBeVisible();
    await expect(feedback.getByRole('button', { name: 'Submit' })).toHaveCount(0);
    await expect(feedback.getByTestId('given-answer').filter({ hasText: '5 Exemplary effort' })).toBeVisible();
  });
});
