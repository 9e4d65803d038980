import { ACCOUNTS, BASE_URL } from '../../support/accounts';
import { login, notification } from '../../support/auth';
import { createPartner } from '../../support/factories';
import { field } from '../../support/forms';
import { linkIn, outboxIds, waitForMessage } from '../../support/outbox';
import { expect, expectAccessible, test } from '../../support/test';

const CONFIRM_LINK = new RegExp(`${BASE_URL.replace(/[.]/g, '\\.')}/register/confirm/[^\\s?]+\\?\\S+`);

/*
 * Learner registration and registration fields (issue 13 items 1 and 5, decisions 0051 and 0052). The journey
 * makes a partner of its own with a brand passcode, so no other journey sees its fields, seats or passcode.
 */
test.describe('Learner registration at a partner', () => {
  test('a super admin adds a required field; a new learner registers with it, confirms, enters the passcode and sees it on the profile', async ({
    page,
    browser,
  }) => {
    // Two people in two browsers through a dozen pages: like the other journeys of several actors, 90 s (it ran out
    // of 30 s on a loaded machine with every step answering).
    test.setTimeout(90_000);
    const stamp = Date.now();
    const passcode = `REG-${stamp}`;
    const partner = await createPartner({ prefix: 'reg', seats: 5, passcode });

    // The super admin's Registration Fields page: add a field, make it required, add and delete another.
    await login(page, ACCOUNTS.superadmin);
    await page.goto('/management/registration-fields');
    await expect(page.getByRole('heading', { name: 'Registration Fields' })).toBeVisible();
    await page.locator('#registration-fields-partner').selectOption({ label: partner.long_name });
    await expect(page.getByRole('button', { name: 'Add Custom Field' })).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Add Custom Field' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Custom Field' });
    await field(dialog, 'Title').fill('Student ID');
    await expect(field(dialog, 'Slug')).toHaveValue('student_id');
    await expectAccessible(page, 'the add field modal');
    await dialog.getByRole('button', { name: 'Add Field' }).click();
    await expect(notification(page, 'New Field has been added')).toBeVisible();
    await page.getByRole('checkbox', { name: 'Student ID required' }).check();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(notification(page, 'Fields Successfully Updated')).toBeVisible();

    await page.getByRole('button', { name: 'Add Custom Field' }).click();
    await field(dialog, 'Title').fill('Locker Number');
    await dialog.getByRole('button', { name: 'Add Field' }).click();
    await expect(page.getByRole('cell', { name: 'Locker Number', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Delete Locker Number' }).click();
    await expect(page.getByRole('dialog', { name: 'Delete Field' })).toBeVisible();
    await expectAccessible(page, 'the delete confirmation');
    await page.getByRole('dialog', { name: 'Delete Field' }).getByRole('button', { name: 'Delete' }).click();
    await expect(notification(page, 'Registration field successfully deleted')).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Locker Number', exact: true })).toHaveCount(0);

    // A new learner, in a browser of their own, registers from the partner's login page.
    const learnerContext = await browser.newContext({ baseURL: BASE_URL });
    const learner = await learnerContext.newPage();
    const email = `new-learner-${stamp}@register.simvisit.test`;
    const password = `Clinic-Lantern-${stamp}`;
    await learner.goto(`/login?partner_slug=${partner.slug}`);
    await expectAccessible(learner);
    await learner.getByRole('link', { name: "Don't have an account? Register today!" }).click();
    await expect(learner).toHaveURL(/\/register\?partner_slug=/);
    await expect(learner.getByRole('heading', { name: 'Register' })).toBeVisible();
    await expectAccessible(learner);

    await learner.getByRole('button', { name: 'Register' }).click();
    await expect(learner.getByText('The first name field is required.')).toBeVisible();
    await field(learner, 'First Name').fill('Nia');
    await field(learner, 'Last Name').fill('Newcomer');
    await field(learner, 'Email').fill(email);
    await field(learner, 'Password').fill(password);
    await field(learner, 'Confirm Password').fill(password);
    await field(learner, 'Student ID').fill('S-2026-001');
    const before = await outboxIds(learner.request);
    await learner.getByRole('button', { name: 'Register' }).click();
    await expect(learner.getByText(`Thank you for registering! We sent a link to ${email}.`)).toBeVisible();
    await expectAccessible(learner, 'the registration sent');

    const mail = await waitForMessage(learner.request, { to: email, notIn: before, subject: /Confirm your email/ });
    await learner.goto(linkIn(mail.text, CONFIRM_LINK));
    await expect(learner.getByText('Your email address is confirmed. Welcome!')).toBeVisible();
    await expectAccessible(learner, 'the email confirmed');
    await learner.getByRole('link', { name: 'Continue to dashboard >>' }).click();

    // Not on the partner's pre-approved list: the brand passcode first, then the learner dashboard.
    await expect(learner).toHaveURL(/\/passcode$/);
    await expect(learner.getByText('Access to this brand requires a passcode.')).toBeVisible();
    await expectAccessible(learner, 'the passcode page');
    await field(learner, 'Passcode').fill(passcode);
    await learner.getByRole('button', { name: 'Submit Passcode' }).click();
    await expect(learner).toHaveURL(/\/dashboard$/);
    await expect(learner.getByRole('tablist').getByRole('tab')).toHaveText(['Pending', 'Scheduled', 'Completed']);
    await expectAccessible(learner, 'the learner dashboard');

    // The field added by the super admin is on the profile with the answer given at registration.
    await learner.goto('/profile');
    const info = learner.getByRole('region', { name: 'Additional Information' });
    await expect(info).toContainText('Student ID');
    await expect(info).toContainText('S-2026-001');
    await expectAccessible(learner, 'the profile');
    await learnerContext.close();
  });
});
