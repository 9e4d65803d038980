import { login, notification } from '../../support/auth';
import { createUser } from '../../support/factories';
import { outboxIds, waitForMessage } from '../../support/outbox';
import { expect, expectAccessible, type Page, test } from '../../support/test';

/**
 * Mobile verification (spec 002 §2.4) with the SMS opt-in panel (spec 001 §5), in demo mode: the code text
 * lands in the demo outbox. Each test gives a mobile number to a new person of its own (a factory user, who has
 * none) and verifies it, so no other journey meets a verified number it did not expect.
 */

const NUMBER_TYPED = '4155550142';
const NUMBER_E164 = '+14155550142';

function codeOf(text: string): string {
  const match = /\b(\d{6})\b/.exec(text);
  expect(match, `no 6-digit code in: ${text}`).not.toBeNull();
  return match![1]!;
}

function phoneInput(page: Page) {
  return page.getByRole('textbox', { name: 'Mobile Number' });
}

test('a learner opts in to SMS, gets a code in the outbox and verifies the number', async ({ page, request }) => {
  const learner = await createUser('learner');
  await login(page, learner.email, { password: learner.password });
  await page.goto('/verification');
  await expect(page.getByRole('heading', { level: 1, name: 'Mobile Verification' })).toBeVisible();

  // The opt-in panel: Opt-in stays disabled until the consent box is checked.
  const optIn = page.getByRole('button', { name: 'Opt-in' });
  await expect(optIn).toBeDisabled();
  await expectAccessible(page);
  await phoneInput(page).fill('555');
  await page.getByRole('checkbox', { name: /I agree to receive SMS text messages/ }).check();
  await expect(optIn).toBeEnabled();
  await optIn.click();
  await expect(page.getByText('Invalid Number', { exact: true })).toBeVisible();
  await expectAccessible(page, 'the opt-in with an invalid number');

  const before = await outboxIds(request);
  await phoneInput(page).fill(NUMBER_TYPED);
  await optIn.click();
  await expect(notification(page, 'SMS notifications enabled.')).toBeVisible();

  // A code is sent at once and lands in the demo outbox.
  await expect(page.getByRole('heading', { name: 'Enter your verification code' })).toBeVisible();
  await expect(page.getByText('+1 415 555 0142')).toBeVisible();
  const sms = await waitForMessage(request, { to: NUMBER_E164, channel: 'sms', notIn: before });
  const code = codeOf(sms.text);

  // The resend button waits for the cooldown.
  await expect(page.getByRole('button', { name: /^Resend code \(\d+s\)$/ })).toBeDisabled();
  await expectAccessible(page, 'the code entry');

  // A wrong code is refused with the server's words under the 'Failure.' title.
  const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  const codeField = page.getByRole('textbox', { name: 'Verification Code' });
  await codeField.fill(wrongCode);
  await page.getByRole('button', { name: 'Submit Code' }).click();
  await expect(notification(page, 'Failure.')).toContainText('The verification code is incorrect.');
  await expectAccessible(page, 'a wrong code');

  await codeField.fill(code);
  await page.getByRole('button', { name: 'Submit Code' }).click();
  await expect(notification(page, 'Mobile Number Verified')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Verified within 90 days: the page redirects with the spec's notice, to the scenario when sid is given.
  await page.goto('/verification?sid=abc123');
  await expect(notification(page, 'Mobile Number already Verified')).toBeVisible();
  await expect(page).toHaveURL(/\/scenarios\/abc123\/overview\?schedule=1$/);
});

test('editing the number sends a new code to the new number', async ({ page, request }) => {
  const observer = await createUser('observer');
  await login(page, observer.email, { password: observer.password });
  await page.goto('/verification');
  await phoneInput(page).fill('6135550188');
  await page.getByRole('checkbox', { name: /I agree to receive SMS text messages/ }).check();
  await page.getByRole('button', { name: 'Opt-in' }).click();
  await expect(page.getByRole('heading', { name: 'Enter your verification code' })).toBeVisible();
  await waitForMessage(request, { to: '+16135550188', channel: 'sms' });

  const before = await outboxIds(request);
  await page.getByRole('button', { name: 'Edit number' }).click();
  await phoneInput(page).fill('6135550199');
  await expectAccessible(page, 'editing the number');
  await page.getByRole('button', { name: 'Send Code' }).click();
  await expect(page.getByText('+1 613 555 0199')).toBeVisible();
  const sms = await waitForMessage(request, { to: '+16135550199', channel: 'sms', notIn: before });
  await page.getByRole('textbox', { name: 'Verification Code' }).fill(codeOf(sms.text));
  await page.getByRole('button', { name: 'Submit Code' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
