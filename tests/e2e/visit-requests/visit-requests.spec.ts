import { login, notification } from '../../support/auth';
import { bookingDate, chooseTime } from '../../support/booking';
import { createUser, serverNow, type TestUser } from '../../support/factories';
import { outboxIds, waitForMessage } from '../../support/outbox';
import { expect, expectAccessible, type Page, test } from '../../support/test';

/**
 * Visit requests (issue 5; spec 001 §4, §5, §9): a new learner of sp (a factory user, no mobile number, no
 * credit, no visits) books the paid 'Acute low back pain' — SMS opt-in and verification through the demo outbox, a
 * declined test card, then 4242 — cancels it for a credit, books again with the credit (no card step), and a new SP
 * of the scenario with the demo SP's weekday hours (08:00–18:00 New York time) accepts a date and lands on the
 * visit. The browser
 * runs in UTC.
 */

const SCENARIO = 'Acute low back pain';
const NUMBER_TYPED = '4155550177';
const NUMBER_E164 = '+14155550177';

async function openScenario(page: Page): Promise<string> {
  await page.goto('/scenarios');
  await expect(page.getByRole('link', { name: SCENARIO }).first()).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: SCENARIO }).first().click();
  await expect(page).toHaveURL(/\/scenarios\/\d+\/overview/);
  await expect(page.getByRole('heading', { name: 'Schedule Your Visit' })).toBeVisible();
  return page.url().match(/\/scenarios\/(\d+)\/overview/)![1]!;
}

let requestId = '';
let learner: TestUser;
let sp: TestUser;

test.beforeAll(async () => {
  learner = await createUser('learner', { first: 'Rowan' });
  sp = await createUser('standardized_patient', { weekdayHours: true, spOf: [SCENARIO] });
});

test.describe
  .serial('visit requests', () => {
    test('a learner pays for a visit request (declined card first), cancels it for a credit and books again with the credit', async ({
      page,
      request,
    }) => {
      test.setTimeout(120_000);
      await login(page, learner.email, { password: learner.password });
      const scenarioId = await openScenario(page);

      // The learner notice of spec 001 §9 and the terms, never ticked for the learner (decision 0087).
      await expect(page.getByText('SPs accept requests within 24-48 hours.', { exact: false })).toBeVisible();
      await expect(page.getByRole('checkbox', { name: /I agree to the Terms of Service/ })).not.toBeChecked();

      // A date without SP hours says so.
      const now = await serverNow();
      const sunday = new Date(now);
      sunday.setUTCDate(sunday.getUTCDate() + 3);
      while (sunday.getUTCDay() !== 0) sunday.setUTCDate(sunday.getUTCDate() + 1);
      await page.getByLabel('First Choice Date').fill(sunday.toISOString().slice(0, 10));
      await expect(page.getByText('There are no available visit times on this date. Please select another date.').first()).toBeVisible();
      await expectAccessible(page, 'the booking form on a date without hours');

      const date = bookingDate(now);
      await chooseTime(page, 'First Choice', date, 1);
      await chooseTime(page, 'Alternate Choice', date, 3);
      await page.getByRole('checkbox', { name: /I agree to the Terms of Service/ }).check();
      await page.getByRole('button', { name: 'Schedule Your Visit' }).click();

      // SMS gate: SMS is off, so the opt-in panel comes first; then the code from the demo outbox.
      const optIn = page.getByRole('button', { name: 'Opt-in' });
      await expect(optIn).toBeVisible();
      await expectAccessible(page, 'the SMS opt-in');
      await page.getByRole('textbox', { name: 'Mobile Number' }).fill(NUMBER_TYPED);
      await page.getByRole('checkbox', { name: /I agree to receive SMS text messages/ }).check();
      const before = await outboxIds(request);
      await optIn.click();
      await expect(page).toHaveURL(new RegExp(`/verification\\?sid=${scenarioId}$`));
      const sms = await waitForMessage(request, { to: NUMBER_E164, channel: 'sms', notIn: before });
      await expect(page.getByRole('textbox', { name: 'Verification Code' })).toBeVisible();
      await expectAccessible(page);
      await page.getByRole('textbox', { name: 'Verification Code' }).fill(/\b(\d{6})\b/.exec(sms.text)![1]!);
      await page.getByRole('button', { name: 'Submit Code' }).click();
      await expect(notification(page, 'Mobile Number Verified')).toBeVisible();

      // Back on the overview with the dates kept: the card step follows (fee 45.00 + processing 1.65).
      await expect(page).toHaveURL(new RegExp(`/scenarios/${scenarioId}/overview\\?schedule=1$`));
      const card = page.getByRole('form', { name: 'Card payment' });
      await expect(card).toBeVisible();
      await expect(card.getByText('$46.65').first()).toBeVisible();
      await card.getByLabel('Name on card').fill(learner.name);
      await card.getByLabel('Card number').fill('4000 0000 0000 0002');
      await card.getByLabel('Expiration (MM/YY)').fill('12/34');
      await card.getByLabel('CVC').fill('123');
      await card.getByRole('button', { name: 'Pay $46.65' }).click();
      await expect(card.getByRole('alert')).toContainText('Your card was declined.');
      await expectAccessible(page, 'the card step with a declined card');
      await expect(page).toHaveURL(/\/overview/);

      await card.getByLabel('Card number').fill('4242 4242 4242 4242');
      await card.getByRole('button', { name: 'Pay $46.65' }).click();
      await expect(notification(page, 'Visit request has been sent!')).toBeVisible();
      await expect(page).toHaveURL(/\/request\/\d+$/);

      // The request page: both dates joined by 'or', pending, paid.
      await expect(page.getByRole('heading', { level: 1, name: 'Visit Request' })).toBeVisible();
      await expect(
        page.getByText(
          /[A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}, \d{1,2}:\d\d [AP]M E[SD]T or [A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}, \d{1,2}:\d\d [AP]M E[SD]T/,
        ),
      ).toBeVisible();
      await expect(page.getByText('$46.65')).toBeVisible();
      await expectAccessible(page, "the learner's request page");

      // The overview of the same scenario now leads to this request.
      const firstRequest = page.url();
      await page.goto(`/scenarios/${scenarioId}/overview`);
      await expect(page).toHaveURL(firstRequest);

      // Cancel: the confirmation tells the credit, the notice confirms it.
      await page.getByRole('button', { name: 'Cancel Request' }).click();
      const dialog = page.getByRole('dialog', { name: 'Cancel Visit Request' });
      await expect(dialog).toContainText('$46.65 will be credited to your account.');
      await expectAccessible(page, 'the Cancel Visit Request confirmation');
      await dialog.getByRole('button', { name: 'Yes, Cancel Request' }).click();
      await expect(notification(page, 'Visit request has been cancelled. $46.65 has been credited to your account.')).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/scenarios/${scenarioId}/overview$`));

      // Booking the same scenario again: the credit pays, no card step.
      await expect(page.getByText('You have a credit of $46.65 for this scenario.')).toBeVisible();
      await expectAccessible(page, 'the overview with a credit');
      await chooseTime(page, 'First Choice', date, 2);
      await chooseTime(page, 'Alternate Choice', bookingDate(await serverNow(), 1), 1);
      await page.getByRole('checkbox', { name: /I agree to the Terms of Service/ }).check();
      await page.getByRole('button', { name: 'Schedule Your Visit' }).click();
      await expect(notification(page, 'Visit request has been sent!')).toBeVisible();
      await expect(page).toHaveURL(/\/request\/\d+$/);
      await expect(page.getByRole('form', { name: 'Card payment' })).toHaveCount(0);
      expect(page.url()).not.toBe(firstRequest);
      requestId = page.url().match(/\/request\/(\d+)$/)![1]!;
      await expect(page.getByRole('main').getByText('Pending', { exact: true })).toBeVisible();
    });

    test('the SP accepts one date and lands on the visit', async ({ page }) => {
      expect(requestId, 'the request made by the journey above').not.toBe('');
      await login(page, sp.email, { password: sp.password });
      await page.goto(`/request/${requestId}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Visit Request' })).toBeVisible();
      // The SP does not see who asked (admins, head trainers, client admins do).
      await expect(page.getByText(learner.name)).toHaveCount(0);
      await expect(page.getByText(/^Chief Complaint$/)).toBeVisible();
      const accept = page.getByRole('button', { name: 'Accept', exact: true });
      await expect(accept).toBeDisabled();
      await expectAccessible(page, "the SP's request page");
      await page.getByRole('radio').first().check();
      await accept.click();
      await expect(notification(page, 'Visit request accepted.')).toBeVisible();
      await expect(page).toHaveURL(/\/visit\/\d+/);
    });
  });
