import { login, notification } from '../../support/auth';
import { bookingDate, chooseTime } from '../../support/booking';
import { createUser, serverNow, type TestUser } from '../../support/factories';
import { outboxIds, readOutbox, waitForMessage } from '../../support/outbox';
import { expect, expectAccessible, type Page, test } from '../../support/test';
import { expectTouchTargets } from '../../support/touch-targets';

// This journey needs the service worker (offline, install, push): on, as on a person's device (decision 0084).
test.use({ serviceWorkers: 'allow' });

/**
 * Clear about money and time before committing (issue 22 item 3; decisions 0087, 0090), as a new learner books from a
 * 390×844 phone: the fee before any card form, the date picker that marks the days with free times and offers the
 * next free date (one call, not one per date), the Terms box unticked, the phone check that keeps the chosen
 * times, never texts again on its own and shows a 429 as a countdown, and the payment step that repeats the
 * scenario, both times and the amount, with card fields formatted as typed and a clear word when the network is
 * gone. Every page's controls are 44 px touch targets, and in demo mode nothing is fetched from Stripe. The browser
 * runs in UTC.
 */

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

const SCENARIO = 'Acute low back pain';
const NUMBER_TYPED = '4155550168';
const NUMBER_E164 = '+14155550168';
const TERMS = /I agree to the Terms of Service/;

/** The SMS texts the demo outbox holds for the journey's number. */
async function textsToNumber(page: Page): Promise<number> {
  return (await readOutbox(page.request)).filter((m) => m.channel === 'sms' && m.to === NUMBER_E164).length;
}

let learner: TestUser;

test.beforeAll(async () => {
  learner = await createUser('learner', { first: 'Quinn' });
  await createUser('standardized_patient', { weekdayHours: true, spOf: [SCENARIO] });
});

test('a learner on a phone sees the fee, ticks the terms, keeps the times across the phone check and pays', async ({ page, request }) => {
  test.setTimeout(120_000);
  // Stripe.js is a third-party script: in demo mode (no Stripe keys) nothing may be asked of Stripe (decision 0090).
  const toStripe: string[] = [];
  const timeCalls: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (/(^|\.)stripe\.(com|network)$/.test(url.hostname)) toStripe.push(r.url());
    if (url.pathname.startsWith('/api/visit-request/')) timeCalls.push(url.pathname);
  });
  await login(page, learner.email, { password: learner.password });
  await page.goto('/scenarios');
  await expect(page.getByRole('link', { name: SCENARIO }).first()).toBeVisible();
  await expectAccessible(page);
  await expectTouchTargets(page, 'the scenario list');
  // Cookie Settings tells the truth: no third-party script in this deployment.
  await page.getByRole('button', { name: 'Cookie Settings' }).click();
  const cookies = page.getByRole('dialog', { name: 'Cookie Settings' });
  await expect(cookies).toContainText('we do not load scripts from third parties');
  await cookies.getByRole('button', { name: 'Close' }).first().click();
  await expect(cookies).toBeHidden();
  await page.getByRole('link', { name: SCENARIO }).first().click();
  await expect(page).toHaveURL(/\/scenarios\/\d+\/overview$/);
  const scenarioId = page.url().match(/\/scenarios\/(\d+)\/overview/)![1]!;

  // The money before anything is chosen: the total with its processing fee, and no card form yet.
  await expect(page.getByTestId('visit-fee')).toContainText('Fee: $46.65 ($45.00 + $1.65 processing fee)');
  await expect(page.getByRole('form', { name: 'Card payment' })).toHaveCount(0);
  // Consent is the learner's to give: the box starts unticked and the request is refused without it.
  const terms = page.getByRole('checkbox', { name: TERMS });
  await expect(terms).not.toBeChecked();
  await expectAccessible(page, 'the scheduling page on a phone');
  await expectTouchTargets(page, 'the scheduling page');

  // The date picker marks the days with free times (neither SP works on Sundays) and offers the next free date,
  // from one call for the months ahead, never one call per date.
  const firstPicker = page.getByRole('group', { name: 'First Choice' });
  await expect(firstPicker.getByRole('button', { name: /, free times$/ }).first()).toBeVisible();
  await expect(firstPicker.getByRole('button', { name: /^Sunday, .*, free times$/ })).toHaveCount(0);
  const nextFree = firstPicker.getByRole('button', { name: /^Next free date: / });
  await expect(nextFree).toBeVisible();
  expect(timeCalls.filter((p) => p.endsWith('/available-times'))).toEqual([]);
  expect(timeCalls.filter((p) => p.endsWith('/free-days'))).toHaveLength(1);
  await nextFree.click();
  await expect(page.getByLabel('First Choice Date')).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
  await expect(firstPicker.getByRole('button', { pressed: true })).toHaveAccessibleName(/, free times$/);
  await expect(page.getByLabel('First Choice Time')).toBeVisible();
  expect((await page.getByLabel('First Choice Time').locator('option').count()) > 1, 'the next free date has times').toBe(true);
  await expect(nextFree).toHaveCount(0);
  await expectAccessible(page, 'the scheduling page with a free date picked');

  const now = await serverNow();
  const first = await chooseTime(page, 'First Choice', bookingDate(now, 0), 1);
  const alternate = await chooseTime(page, 'Alternate Choice', bookingDate(now, 1), 2);
  const schedule = page.getByRole('button', { name: 'Schedule Your Visit' });
  expect((await schedule.boundingBox())!.height).toBeGreaterThanOrEqual(40);
  await schedule.click();
  await expect(page.getByText('You must agree to the terms to request a visit.').first()).toBeVisible();
  await terms.check();
  await schedule.click();

  // The SMS gate: opt in, then the verification page sends one code.
  const optIn = page.getByRole('button', { name: 'Opt-in' });
  await expect(optIn).toBeVisible();
  await page.getByRole('textbox', { name: 'Mobile Number' }).fill(NUMBER_TYPED);
  await page.getByRole('checkbox', { name: /I agree to receive SMS text messages/ }).check();
  const before = await outboxIds(request);
  await optIn.click();
  await expect(page).toHaveURL(new RegExp(`/verification\\?sid=${scenarioId}$`));
  const sms = await waitForMessage(request, { to: NUMBER_E164, channel: 'sms', notIn: before });
  await expect(page.getByRole('textbox', { name: 'Verification Code' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Resend code \(\d+s\)$/ })).toBeDisabled();
  await expectAccessible(page, 'the phone check on a phone');
  await expectTouchTargets(page, 'the phone check');

  // Another device asked for a code moments ago (nothing remembered here): the server's 429 is a countdown.
  await page.evaluate((id) => localStorage.removeItem(`simvisit:mobile-code-sent:${id}`), learner.id);
  await page.reload();
  const countdown = page.getByRole('status').filter({ hasText: /Try again in \d+ s\./ });
  await expect(countdown).toBeVisible();
  await expect(page.getByText('Please wait before requesting another code')).toBeVisible();
  await expect(notification(page, 'Failure.')).toHaveCount(0);
  await expectAccessible(page, 'the phone check counting down after a 429');

  // Reopening the page never texts again on its own.
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Verification Code' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Resend code \(\d+s\)$/ })).toBeDisabled();

  // Back to the page it came from: both chosen times are still there.
  await page.getByRole('link', { name: /Back to scheduling/ }).click();
  await expect(page).toHaveURL(new RegExp(`/scenarios/${scenarioId}/overview$`));
  await expect(page.getByLabel('First Choice Time')).toHaveValue(first.value);
  await expect(page.getByLabel('Alternate Choice Time')).toHaveValue(alternate.value);
  await expect(terms).toBeChecked();
  await schedule.click();
  await expect(page).toHaveURL(new RegExp(`/verification\\?sid=${scenarioId}$`));
  await expect(page.getByRole('textbox', { name: 'Verification Code' })).toBeVisible();
  expect(await textsToNumber(page)).toBe(1);

  // The one code verifies the number; the page goes back with the times and the card step follows.
  await page.getByRole('textbox', { name: 'Verification Code' }).fill(/\b(\d{6})\b/.exec(sms.text)![1]!);
  await page.getByRole('button', { name: 'Submit Code' }).click();
  await expect(notification(page, 'Mobile Number Verified')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/scenarios/${scenarioId}/overview\\?schedule=1$`));

  // The payment step repeats what is being paid for: the scenario, both times, the amount.
  const summary = page.locator('dl[aria-label="Your visit request"]');
  await expect(summary).toContainText(SCENARIO);
  await expect(summary).toContainText(first.words);
  await expect(summary).toContainText(alternate.words);
  const dayWords = (date: string) =>
    new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
  await expect(summary).toContainText(dayWords(first.value.slice(0, 10)));
  await expect(summary).toContainText(dayWords(alternate.value.slice(0, 10)));
  const card = page.getByRole('form', { name: 'Card payment' });
  await expect(card.getByText('$46.65').first()).toBeVisible();

  // Card fields on the numeric keypad, formatted as typed.
  await card.getByLabel('Name on card').fill(learner.name);
  await card.getByLabel('Card number').pressSequentially('4242424242424242');
  await card.getByLabel('Expiration (MM/YY)').pressSequentially('1240');
  await card.getByLabel('CVC').pressSequentially('123');
  await expect(card.getByLabel('Card number')).toHaveValue('4242 4242 4242 4242');
  await expect(card.getByLabel('Expiration (MM/YY)')).toHaveValue('12/40');
  for (const label of ['Card number', 'Expiration (MM/YY)', 'CVC']) {
    await expect(card.getByLabel(label)).toHaveAttribute('inputmode', 'numeric');
  }
  await expectAccessible(page, 'the payment step on a phone');
  await expectTouchTargets(page, 'the payment step');

  // Without a network, paying says it needs one instead of trying (decision 0090); back online it goes on.
  const pay = card.getByRole('button', { name: 'Pay $46.65' });
  await page.context().setOffline(true);
  await expect(card.getByTestId('payment-offline')).toHaveText(
    'You are offline. Paying needs a connection; nothing has been charged. Pay when you are back online.',
  );
  await expect(pay).toBeDisabled();
  await expectAccessible(page, 'the payment step offline');
  await page.context().setOffline(false);
  await expect(card.getByTestId('payment-offline')).toHaveCount(0);
  await pay.click();
  await expect(notification(page, 'Visit request has been sent!')).toBeVisible();
  await expect(page).toHaveURL(/\/request\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Visit Request' })).toBeVisible();
  await expectAccessible(page, "the learner's request page on a phone");
  await expectTouchTargets(page, "the learner's request page");
  expect(toStripe, 'requests to Stripe in demo mode').toEqual([]);
});
