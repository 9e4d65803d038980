import { BASE_URL } from '../../support/accounts';
import { notification, submitLoginForm } from '../../support/auth';
import { createUser, type TestUser } from '../../support/factories';
import { field } from '../../support/forms';
import { linkIn, outboxIds, waitForMessage } from '../../support/outbox';
import { expect, expectAccessible, test } from '../../support/test';

// Each test resets the password of an SP of its own (a factory user of partner sp), so no other journey's
// sign-in depends on this one.
const RESET_LINK = new RegExp(`${BASE_URL.replace(/[.]/g, '\\.')}/reset-password/[^\\s?]+\\?\\S+`);

test.describe('Forgot and reset password (spec 000 §2.4)', () => {
  let user: TestUser;
  let email = '';
  test.beforeEach(async () => {
    user = await createUser('standardized_patient');
    email = user.email;
  });

  test('a user resets a forgotten password through the mailed link', async ({ page }) => {
    const newPassword = `Fresh-Route-${Date.now()}-Lantern`;

    // Forgot password, from the login page.
    await page.goto('/login');
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password/);
    await expect(page.getByRole('heading', { name: 'Reset Your Password' })).toBeVisible();
    await expectAccessible(page);
    const before = await outboxIds(page.request);
    await field(page, 'Email').fill(email);
    await page.getByRole('button', { name: 'Send password reset email' }).click();

    await expect(
      page.getByText('If that email address is in our database, we will send you an email to reset your password.'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send password reset email' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Back to Login' })).toBeVisible();

    // The mail carries the reset link.
    const mail = await waitForMessage(page.request, { to: email, notIn: before });
    const link = linkIn(mail.text, RESET_LINK);
    const url = new URL(link);
    expect(url.searchParams.get('email')).toBe(email);
    expect(url.searchParams.get('partner_slug')).toBe('sp');

    // Reset password.
    await page.goto(link);
    await expect(field(page, 'Email')).toHaveValue(email);
    await expectAccessible(page);
    await field(page, 'New Password').fill(newPassword);
    await field(page, 'Confirm New Password').fill(newPassword);
    await page.getByRole('button', { name: 'Change Password' }).click();

    await expect(page.getByText('Your password has been reset.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Change Password' })).toHaveCount(0);
    const onward = page.getByRole('link', { name: 'Continue to dashboard >>' });
    await expect(onward).toBeVisible();

    // The same link works only once.
    await page.goto(link);
    await field(page, 'New Password').fill(`${newPassword}-again`);
    await field(page, 'Confirm New Password').fill(`${newPassword}-again`);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByText('This password reset token is invalid.').first()).toBeVisible();
    await expect(page.getByText('Your password has been reset.')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Back to Login' })).toBeVisible();

    // The old password no longer signs in; the new one does.
    await page.getByRole('link', { name: 'Back to Login' }).click();
    await expect(page).toHaveURL(/\/login/);
    await submitLoginForm(page, email, user.password);
    const failed = notification(page, 'Authentication Failed');
    await expect(failed).toContainText('These credentials do not match our records.');
    await expect(page).toHaveURL(/\/login/);

    await submitLoginForm(page, email, newPassword);
    await expect(page).toHaveURL(`${BASE_URL}/dashboard`);
  });

  test('"Continue to dashboard >>" after a reset leads to sign-in', async ({ page }) => {
    // A reset for a user who is not signed in: the link goes to the login page of the brand.
    const before = await outboxIds(page.request);
    await page.goto('/forgot-password');
    await expectAccessible(page);
    await field(page, 'Email').fill(email);
    await page.getByRole('button', { name: 'Send password reset email' }).click();
    await expect(page.getByRole('link', { name: 'Back to Login' })).toBeVisible();
    const mail = await waitForMessage(page.request, { to: email, notIn: before });
    const link = linkIn(mail.text, RESET_LINK);

    const password = `Second-Route-${Date.now()}-Harbor`;
    await page.goto(link);
    await expectAccessible(page);
    await field(page, 'New Password').fill(password);
    await field(page, 'Confirm New Password').fill(password);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.getByRole('link', { name: 'Continue to dashboard >>' }).click();

    await expect(page).toHaveURL(/\/login/);
    await expectAccessible(page);
    await submitLoginForm(page, email, password);
    await expect(page).toHaveURL(`${BASE_URL}/dashboard`);
  });
});
