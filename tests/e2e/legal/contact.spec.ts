import { ACCOUNTS, BASE_URL } from '../../support/accounts';
import { login } from '../../support/auth';
import { field } from '../../support/forms';
import { outboxIds, readOutbox, waitForMessage } from '../../support/outbox';
import { expect, expectAccessible, test } from '../../support/test';

const SUPPORT_EMAIL = 'support@simvisit.test';
const CONTACT_SENT = 'Thank you for contacting us. We will get back to you shortly.';

test.describe('Legal pages (spec 002 §2.22)', () => {
  test('the privacy policy renders', async ({ page }) => {
    await page.goto('/privacy-policy');
    await expect(page.getByRole('heading', { level: 1, name: /privacy policy/i })).toBeVisible();
    // Sections the spec lists, including the cookie section the footer's Cookie Policy link points at.
    await expect(page.getByRole('heading', { name: /cookies/i }).first()).toBeVisible();
    await expect(page.locator('#cookies')).toBeAttached();
  });

  test('the terms of service render', async ({ page }) => {
    await page.goto('/terms-of-service');
    await expect(page.getByRole('heading', { level: 1, name: /terms of service/i })).toBeVisible();
    await expect(page.getByText(/record/i).first()).toBeVisible();
  });

  test('the footer links to the legal pages and the contact form', async ({ page }) => {
    await login(page, ACCOUNTS.learner);
    const footer = page.getByRole('contentinfo');
    await footer.getByRole('link', { name: 'Terms of Service' }).click();
    await expect(page).toHaveURL(`${BASE_URL}/terms-of-service`);
    await expect(page.getByRole('heading', { level: 1, name: /terms of service/i })).toBeVisible();
    await expectAccessible(page);
    await footer.getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page).toHaveURL(`${BASE_URL}/privacy-policy`);
    await expect(page.getByRole('heading', { level: 1, name: /privacy policy/i })).toBeVisible();
    await expectAccessible(page);
    await footer.getByRole('link', { name: 'Contact Us/Help' }).click();
    await expect(page).toHaveURL(`${BASE_URL}/contactus`);
  });
});

test.describe('Contact Us (spec 002 §2.5)', () => {
  test('a signed-in user sends the form and support receives it', async ({ page }) => {
    await login(page, ACCOUNTS.learner);
    const before = await outboxIds(page.request);
    const marker = `E2E contact ${Date.now()}`;

    await page.goto('/contactus');
    await field(page, 'First Name').fill('Lee');
    await field(page, 'Last Name').fill('Learner');
    await field(page, 'Email').fill('lee.learner@example.test');
    await field(page, 'Topic').selectOption({ label: 'Issue registering' });
    await field(page, 'Message').fill(`${marker}: I cannot find my course code.`);
    await page.getByRole('button', { name: /send|submit/i }).click();

    await expect(page.getByText(CONTACT_SENT)).toBeVisible();
    // The sub-header's "Return to Dashboard" is another link: this is the form's own.
    const back = page.getByRole('main').getByRole('link', { name: 'Return to dashboard', exact: true });
    await expect(back).toBeVisible();
    await expectAccessible(page);

    const mail = await waitForMessage(page.request, { to: SUPPORT_EMAIL, notIn: before });
    expect(mail.text).toContain(marker);
    expect(mail.text).toContain('Lee Learner <lee.learner@example.test>');
    expect(mail.text).toContain('Issue registering');

    await back.click();
    await expect(page).toHaveURL(`${BASE_URL}/dashboard`);
  });

  test('the required fields are checked before sending', async ({ page }) => {
    await page.goto('/contactus');
    const before = await outboxIds(page.request);
    await page.getByRole('button', { name: /send|submit/i }).click();
    await expect(page.getByText(CONTACT_SENT)).toHaveCount(0);
    await expect(field(page, 'First Name')).toHaveAttribute('aria-invalid', 'true');
    await expect(field(page, 'Last Name')).toHaveAttribute('aria-invalid', 'true');
    await expect(field(page, 'Email')).toHaveAttribute('aria-invalid', 'true');
    await expect(field(page, 'Message')).toHaveAttribute('aria-invalid', 'true');
    // Other journeys mail at the same time: only a new message to support would be this form's.
    const sent = (await readOutbox(page.request)).filter((m) => m.to === SUPPORT_EMAIL && !before.has(m.id));
    expect(sent).toEqual([]);
  });
});
