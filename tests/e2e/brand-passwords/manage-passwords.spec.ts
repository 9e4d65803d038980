import { ACCOUNTS } from '../../support/accounts';
import { login, notification } from '../../support/auth';
import { createPartner, createUser } from '../../support/factories';
import { field } from '../../support/forms';
import { expect, expectAccessible, test } from '../../support/test';

/*
 * Manage Passwords (spec 002 §2.14; issue 13 item 6; decision 0059): a super admin turns on a passcode for a
 * partner of this journey's own, and a learner of that partner meets the passcode page and gets in with it.
 * The demo partners' passcodes (northfield's NORTH-2026) are never touched.
 */
test.describe('Manage Passwords', () => {
  test('a super admin enables a generated passcode and the partner’s learner gets in with it', async ({ page, browser }) => {
    const partner = await createPartner({ prefix: 'pwd' });
    const learner = await createUser([['learner', partner.id]], { prefix: 'pwd-learner' });

    await login(page, ACCOUNTS.superadmin);
    await page.goto('/management/passwords');
    await expect(page.getByRole('heading', { level: 1, name: 'Manage Passwords' })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: partner.long_name });
    await expect(row.getByRole('cell').nth(2)).toHaveText('No');
    await expectAccessible(page);

    await row.getByRole('button', { name: `Edit password settings of ${partner.long_name}` }).click();
    const modal = page.getByRole('dialog', { name: 'Edit Password Settings' });
    await expect(modal.getByRole('switch', { name: 'Rotate Password' })).toHaveCount(0);
    await modal.getByRole('switch', { name: 'Enable Password' }).click();
    await modal.getByRole('button', { name: 'Generate' }).click();
    const password = field(modal, 'Password');
    const passcode = await password.inputValue();
    expect(passcode).toHaveLength(12);
    // rotation fields appear only while rotating
    await modal.getByRole('switch', { name: 'Rotate Password' }).click();
    await expect(field(modal, 'Rotation Frequency')).toBeVisible();
    await expectAccessible(page, 'edit modal, rotating');
    await modal.getByRole('switch', { name: 'Rotate Password' }).click();
    await expect(field(modal, 'Rotation Frequency')).toHaveCount(0);
    await modal.getByRole('button', { name: 'Save' }).click();

    await expect(notification(page, 'Partner Password Settings Updated')).toBeVisible();
    await expect(modal).toBeHidden();
    await expect(row.getByRole('cell').nth(2)).toHaveText('Yes');
    await expect(row.getByRole('cell').nth(3)).toHaveText(passcode);

    // The learner of that partner signs in there and meets the passcode page.
    const context = await browser.newContext();
    const learnerPage = await context.newPage();
    await login(learnerPage, learner.email, { slug: partner.slug, password: learner.password, expectUrl: /\/passcode$/ });
    await expect(learnerPage.getByText('Access to this brand requires a passcode.')).toBeVisible();
    await field(learnerPage, 'Passcode').fill('not-the-code');
    await learnerPage.getByRole('button', { name: 'Submit Passcode' }).click();
    await expect(learnerPage.getByText('The passcode you entered is incorrect.')).toBeVisible();
    await field(learnerPage, 'Passcode').fill(passcode);
    await learnerPage.getByRole('button', { name: 'Submit Passcode' }).click();
    await expect(learnerPage).toHaveURL(/\/dashboard$/);
    await expectAccessible(learnerPage);
    await context.close();
  });

  test('the page is refused to anyone but super admins', async ({ page }) => {
    const learner = await createUser('learner', { prefix: 'pwd-refused' });
    await login(page, learner.email, { password: learner.password });
    await page.goto('/management/passwords');
    await expect(page.getByRole('heading', { name: /^Error: 403 - / })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Manage Passwords' })).toHaveCount(0);
    await expectAccessible(page);
  });
});
