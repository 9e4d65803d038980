import { BASE_URL } from '../../support/accounts';
import { field } from '../../support/forms';
import { linkIn, outboxIds, waitForMessage } from '../../support/outbox';
import { expect, expectAccessible, test } from '../../support/test';

// A 1x1 PNG: the server re-encodes it like any headshot.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const CONFIRM_LINK = new RegExp(`${BASE_URL.replace(/[.]/g, '\\.')}/confirm-email/[^\\s?]+\\?\\S+`);

test.describe('Applying for a role (issue 12 item 1)', () => {
  test('someone applies as an SP from the login page, confirms the email and sees the application Pending', async ({ page }) => {
    const email = `sp-applicant-${Date.now()}@apply.simvisit.test`;
    const password = `Stage-Door-${Date.now()}-Lantern`;

    await page.goto('/login');
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Want to Become a SP?' }).click();
    await expect(page).toHaveURL(/\/apply\?role=sp/);
    await expect(page.getByRole('heading', { name: 'Become a SP' })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'SP' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Observer' })).not.toBeChecked();
    await expectAccessible(page);

    // A missing file is named under its field, and nothing is sent until the fields are right.
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await expect(page.getByText('The first name field is required.')).toBeVisible();

    await field(page, 'First Name').fill('Sam');
    await field(page, 'Last Name').fill('Stage');
    await field(page, 'Email').fill(email);
    await field(page, 'Password').fill(password);
    await field(page, 'Confirm Password').fill(password);
    await field(page, 'Experience').fill('Ten years of stage work and patient simulation at a teaching hospital.');
    await field(page, 'Time Zone').selectOption({ index: 1 });
    await page.getByRole('button', { name: 'Add Availability' }).click();
    await field(page, 'Day 1').selectOption('Tuesday');
    await page.getByLabel('Resume (PDF)').setInputFiles({ name: 'resume.pdf', mimeType: 'application/pdf', buffer: PDF });
    await page.getByLabel('Headshot').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    const before = await outboxIds(page.request);
    await page.getByRole('button', { name: 'Submit Application' }).click();

    await expect(page.getByText(`Thank you for applying! We sent a link to ${email}.`)).toBeVisible();
    await expectAccessible(page, 'the application sent');

    const mail = await waitForMessage(page.request, { to: email, notIn: before, subject: /Confirm your email/ });
    await page.goto(linkIn(mail.text, CONFIRM_LINK));
    await expect(page.getByText('Your email address is confirmed and your application has been submitted.')).toBeVisible();
    await expectAccessible(page, 'the email confirmed');
    await page.getByRole('link', { name: 'Continue to dashboard >>' }).click();

    await expect(page.getByRole('heading', { name: 'Role Applications' })).toBeVisible();
    const application = page.locator('[data-testid^="application-"]').first();
    await expect(application).toContainText('Pending');
    await expect(application).toContainText('Standardized Patient');
    await expect(page.getByText('Please confirm your email address')).toHaveCount(0);
    await application.getByRole('button', { name: 'View' }).click();
    await expect(page.getByRole('dialog', { name: 'Role Application' })).toContainText('Pending');
  });
});
