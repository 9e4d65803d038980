import { login, notification } from '../../support/auth';
import { createTrainingSession, createUser } from '../../support/factories';
import { expect, expectAccessible, test } from '../../support/test';

/**
 * The SP scorecard practice page (spec 002 §2.1, §2.3; decision 0030) of a training session of Annual wellness
 * visit made for the test (tests/support/factories.ts) with a new trainer and SP: opened in a window of its own,
 * it checks the answers like the real form, and Submit closes the window without sending anything.
 */

test('the SP practices the SP scorecard of a training session in its own window', async ({ page, context }) => {
  const submits: string[] = [];
  context.on('request', (r) => {
    if (/\/submit(\?|$)/.test(new URL(r.url()).pathname)) submits.push(`${r.method()} ${r.url()}`);
  });
  const sp = await createUser('standardized_patient');
  const trainer = await createUser('trainer');
  const sessionId = await createTrainingSession({ trainer, sps: [sp], startsInMinutes: 3 * 1440 });
  const path = `/training/${sessionId}/practice/feedback`;
  await login(page, sp.email, { password: sp.password });

  const [practice] = await Promise.all([context.waitForEvent('page'), page.evaluate((path) => void window.open(path, '_blank'), path)]);
  await expect(practice.getByRole('heading', { level: 1, name: 'SP Scorecard' })).toBeVisible();
  await expect(practice.getByTestId('practice-scenario')).toContainText('Annual wellness visit');
  await expectAccessible(practice, 'the SP Scorecard practice');

  // Submit with nothing answered: every question says 'Response is required', with the spec's notice.
  await practice.getByRole('button', { name: 'Submit' }).click();
  await expect(notification(practice, 'All fields must be completed before submitting feedback form.')).toBeVisible();
  await expect(practice.getByText('Response is required')).toHaveCount(4);
  await expectAccessible(practice, 'the SP Scorecard practice with errors');
  expect(practice.isClosed()).toBe(false);

  const question = (text: string) => practice.getByRole('radiogroup', { name: text, exact: true });
  await question('Did the learner introduce themselves and their role?').getByRole('radio', { name: 'No' }).check();
  await question('How well did the learner listen to your concerns?').getByRole('radio', { name: '2 Minimal effort' }).check();
  await question('Which best describes how the learner explained the plan?').getByRole('radio', { name: 'Mostly clear' }).check();
  await expect(practice.getByText('Response is required')).toHaveCount(1);
  await practice.getByRole('textbox', { name: 'What is one thing the learner did well?' }).fill('Practice answer, never sent.');

  const closed = practice.waitForEvent('close');
  // The click closes its own window: when that happens before Playwright has finished the click, the click reports
  // the page closed (seen once in CI). That is the outcome under test; any other failure of the click still fails.
  await practice
    .getByRole('button', { name: 'Submit' })
    .click()
    .catch((error: unknown) => {
      if (!practice.isClosed()) throw error;
    });
  await closed;
  expect(practice.isClosed()).toBe(true);
  expect(submits).toEqual([]);
  // The opener is still there, signed in.
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a training session that cannot be loaded shows the practice page error', async ({ page }) => {
  const sp = await createUser('standardized_patient');
  await login(page, sp.email, { password: sp.password });
  await page.goto('/training/999999/practice/feedback');
  await expect(page.getByRole('alert').filter({ hasText: 'Error Loading SP Scorecard Practice' })).toContainText(
    'Training session not found.',
  );
  await expectAccessible(page, 'a practice page that cannot be loaded');
});
