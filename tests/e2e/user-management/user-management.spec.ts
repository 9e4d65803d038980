import { ACCOUNTS, BASE_URL } from '../../support/accounts';
import { login, notification } from '../../support/auth';
import { createApplicantForRecruitment, createInterview, createTrainingSession, createUser } from '../../support/factories';
import { field } from '../../support/forms';
import { expect, expectAccessible, type Page, test } from '../../support/test';

/**
 * User management (spec 000 §2.14). The people looked at and changed (a password, notification settings, auto
 * login, roles) are factory users of partner sp made by each test, so no other journey sees the changes; the demo
 * admin, head trainer and super admin only sign in.
 */

const NEW_SP_PASSWORD = 'set-by-admin-2026';

function escaped(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function userCard(page: Page, email: string) {
  return page.getByRole('region', { name: 'Users' }).getByRole('link', { name: new RegExp(email.replace(/[.@]/g, '\\$&')) });
}

function section(page: Page, name: string) {
  return page.getByRole('region', { name, exact: true });
}

/** Finds the user on the list and opens their detail; both pages are checked for accessibility. */
async function openUser(page: Page, email: string) {
  await page.goto('/management/users');
  await field(page, 'Search by Email').fill(email);
  await field(page, 'Search by Email').press('Enter');
  await expect(page.getByRole('region', { name: 'Users' }).getByRole('link')).toHaveCount(1);
  await expectAccessible(page, 'the user list with a search');
  await userCard(page, email).click();
  await expect(page).toHaveURL(/\/management\/user\/\d+$/);
  await expect(section(page, 'User Information')).toBeVisible();
  await expectAccessible(page);
}

test.describe('User management list (spec 000 §2.14)', () => {
  test('an admin searches by email, filters by role and resets the filters', async ({ page }) => {
    const sp = await createUser([['standardized_patient', 1, 40]], { first: 'Sky' });
    const observer = await createUser([['observer', 1, 25]], { first: 'Olive' });
    await login(page, ACCOUNTS.admin);
    await page.goto('/management/users');
    await expect(page.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();

    // Users of the admin's partner, as cards that open the detail (other journeys add users to this partner, so
    // how many there are, and whether the pager shows, is not this journey's to say).
    await expectAccessible(page);

    // The role filter: All, the role names, and no Super Admins for a non-super admin.
    const role = field(page, 'Role');
    await expect(role.locator('option')).toHaveText([
      'All',
      'Learner',
      'Standardized Patient',
      'Observer',
      'Trainer',
      'Admin',
      'Head Trainer',
      'Reviewer',
      'Author',
      'Client Admin',
      'Exclude From Reports',
      'Report Manager',
      'Financial Admin',
      'Partner',
    ]);

    // Search on Enter.
    await field(page, 'Search by Email').fill(sp.email);
    await field(page, 'Search by Email').press('Enter');
    await expect(page).toHaveURL(new RegExp(`[?&]email=${escaped(encodeURIComponent(sp.email))}`));
    await expect(page.getByRole('region', { name: 'Users' }).getByRole('link')).toHaveCount(1);
    await expect(userCard(page, sp.email)).toHaveAttribute('href', /^\/management\/user\/\d+$/);
    await expect(userCard(page, sp.email)).toContainText(sp.name);
    // One user: no pager.
    await expect(page.getByText(/^Total of \d+ users$/)).toHaveCount(0);

    // Search with the icon button; nothing matches.
    await field(page, 'Search by Email').fill('nobody-at-all');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByText('No users match search')).toBeVisible();
    await expectAccessible(page, 'a search without users');

    // Reset Filters brings everyone back and empties the search box.
    await page.getByRole('button', { name: 'Reset Filters' }).click();
    await expect(field(page, 'Search by Email')).toHaveValue('');
    await expect(page.getByText('No users match search')).toHaveCount(0);

    // Role filter: observers only.
    await role.selectOption({ label: 'Observer' });
    await expect(page).toHaveURL(/[?&]role=3/);
    // Narrowed to this journey's observer (other journeys add observers of their own): listed, and no SP.
    await field(page, 'Search by Email').fill(observer.email);
    await field(page, 'Search by Email').press('Enter');
    await expect(userCard(page, observer.email)).toContainText(observer.name);
    await expect(page).toHaveURL(/[?&]role=3/);
    await field(page, 'Search by Email').fill(sp.email);
    await field(page, 'Search by Email').press('Enter');
    await expect(page.getByText('No users match search')).toBeVisible();
    await expect(userCard(page, sp.email)).toHaveCount(0);
    await expect(role).toHaveValue('3');

    // The filter lives in the address: a reload keeps it.
    await page.reload();
    await expect(field(page, 'Role')).toHaveValue('3');
    await expect(field(page, 'Search by Email')).toHaveValue(sp.email);
    await expect(page.getByText('No users match search')).toBeVisible();
  });

  test('a super admin filters the super admins', async ({ page }) => {
    await login(page, ACCOUNTS.superadmin);
    await page.goto('/management/users');
    await field(page, 'Role').selectOption({ label: 'Super Admins' });
    await expect(page).toHaveURL(/[?&]role=99/);
    const cards = page.getByRole('region', { name: 'Users' }).getByRole('link');
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText('Sam Super');
    await expect(cards.first()).toContainText(ACCOUNTS.superadmin);
    await expectAccessible(page, 'the super admins');
  });

  test('a user without user.view_list gets the 403 page', async ({ page }) => {
    await login(page, ACCOUNTS.learner);
    await page.goto('/management/user/1');
    await expect(page).toHaveURL(`${BASE_URL}/error/403`);
    await expectAccessible(page);
  });
});

test.describe('User management detail (spec 000 §2.14)', () => {
  test('an admin opens a user and sees the details and sections', async ({ page }) => {
    const sp = await createUser([['standardized_patient', 1, 40]], { first: 'Sky' });
    await login(page, ACCOUNTS.admin);
    await openUser(page, sp.email);

    await expect(page.getByRole('heading', { level: 1, name: sp.name })).toBeVisible();
    const info = section(page, 'User Information');
    await expect(info).toContainText(sp.email);
    await expect(info).toContainText('Mobile not verified');
    await expect(info.getByRole('row', { name: /SimVisit - sp/ })).toBeVisible();

    for (const name of [
      'Update Password',
      'Notification Settings',
      'Visits',
      'Training Sessions',
      'Interviews',
      'Availabilities',
      'Roles',
    ]) {
      await expect(section(page, name)).toBeVisible();
    }
    await expect(section(page, 'Visits')).toContainText('No Visits');
    await expect(section(page, 'Training Sessions')).toContainText('No Training Sessions');
    await expect(section(page, 'Interviews')).toContainText('No Interviews');
    // No resume or headshot uploaded: no download links.
    await expect(section(page, 'Resume & Headshot').getByRole('link')).toHaveCount(0);

    await page.getByRole('link', { name: 'Return to User List' }).click();
    await expect(page).toHaveURL(`${BASE_URL}/management/users`);
  });

  test("an admin opens a trainer's Training Sessions and Interviews, each with its row", async ({ page }) => {
    // A trainer of its own with one training session (an SP in it) and one interview, at distinct future times.
    const trainer = await createUser('trainer', { prefix: 'um-trainer' });
    const sp = await createUser('standardized_patient', { prefix: 'um-sp' });
    const applicant = await createApplicantForRecruitment({ first: 'Morgan' });
    await createTrainingSession({ trainer, sps: [sp], startsInMinutes: 3 * 24 * 60 });
    await createInterview({ applicant, trainer, startsInMinutes: 4 * 24 * 60 });

    await login(page, ACCOUNTS.admin);
    await openUser(page, trainer.email);
    const training = section(page, 'Training Sessions');
    await expect(training).toContainText('Total of 1');
    await expect(training.getByRole('row')).toHaveCount(2);
    await expect(training).toContainText('Scheduled');
    const interviews = section(page, 'Interviews');
    await expect(interviews).toContainText('Total of 1');
    await expect(interviews.getByRole('row')).toHaveCount(2);
    await expectAccessible(page, "the trainer's sessions and interviews");

    // The SP's detail lists the same session; the applicant's the same interview.
    await openUser(page, sp.email);
    await expect(section(page, 'Training Sessions')).toContainText('Total of 1');
    await openUser(page, applicant.email);
    await expect(section(page, 'Interviews')).toContainText('Total of 1');
    await expectAccessible(page, "the applicant's interviews");
  });

  test('an admin sets a password: the rules show at once, then it is saved', async ({ page, browser }) => {
    const sp = await createUser('standardized_patient');
    await login(page, ACCOUNTS.admin);
    await openUser(page, sp.email);
    const card = section(page, 'Update Password');
    let sent = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/user/update-password')) sent++;
    });

    await field(card, 'Password').fill('short');
    await field(card, 'Confirm Password').fill('shorter');
    await card.getByRole('button', { name: 'Save' }).click();
    await expect(card).toContainText('Password must be 8 characters long. Current length 5 characters.');
    await expect(card).toContainText('Password and confirm password must match.');
    await expectAccessible(page, 'the password with errors');
    expect(sent).toBe(0);

    await field(card, 'Password').fill(NEW_SP_PASSWORD);
    await field(card, 'Confirm Password').fill(NEW_SP_PASSWORD);
    await card.getByRole('button', { name: 'Save' }).click();
    await expect(notification(page, 'Password updated.')).toBeVisible();
    await expect(field(card, 'Password')).toHaveValue('');
    await expect(card).not.toContainText('Password must be');
    expect(sent).toBe(1);

    // The user signs in with the new password.
    const context = await browser.newContext();
    const other = await context.newPage();
    await login(other, sp.email, { password: NEW_SP_PASSWORD });
    await context.close();
  });

  test('an admin changes notification settings; SMS needs a mobile number', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE_URL });
    const sp = await createUser('standardized_patient');
    await login(page, ACCOUNTS.admin);
    await openUser(page, sp.email);
    const card = section(page, 'Notification Settings');
    const save = card.getByRole('button', { name: 'Save' });
    await expect(card.getByRole('switch', { name: 'Email' })).toHaveAttribute('aria-checked', 'true');
    await expect(save).toBeDisabled();

    // SMS without a mobile number: the admin-call notification carries the field and its message.
    await card.getByRole('switch', { name: 'SMS' }).click();
    await save.click();
    const refused = notification(page, 'Mobile Number Required');
    await expect(refused).toBeVisible();
    await expect(refused).toContainText('In order to enable SMS notifications you must provide a valid mobile number');
    await expect(card.locator('strong')).toHaveText('Enable sms');
    await expectAccessible(page, 'the Mobile Number Required notification');

    await card.getByRole('switch', { name: 'SMS' }).click();
    await card.getByRole('switch', { name: 'Email' }).click();
    await card.getByRole('switch', { name: 'Auto Login' }).click();
    await save.click();
    await expect(notification(page, 'Notification settings updated.')).toBeVisible();

    await page.reload();
    await expect(section(page, 'Notification Settings').getByRole('switch', { name: 'Email' })).toHaveAttribute('aria-checked', 'false');
    await expect(section(page, 'Notification Settings').getByRole('switch', { name: 'SMS' })).toHaveAttribute('aria-checked', 'false');
    await expect(section(page, 'Notification Settings').getByRole('switch', { name: 'Auto Login' })).toHaveAttribute(
      'aria-checked',
      'true',
    );

    // With auto login on, each partner row offers its single-use link to copy.
    await section(page, 'User Information').getByRole('button', { name: 'Copy auto login link for SimVisit' }).click();
    await expect(notification(page, 'Auto login link copied.')).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(new RegExp(`^${BASE_URL}/auto-login/[\\w-]+$`));
  });

  test('an admin gives the Standardized Patient role with a pay rate', async ({ page }) => {
    const finance = await createUser('financial_admin', { first: 'Frankie' });
    await login(page, ACCOUNTS.admin);
    await openUser(page, finance.email);
    const roles = section(page, 'Roles');
    const sp = roles.getByLabel('Standardized Patient', { exact: true });
    const rate = roles.getByLabel('Standardized Patient pay rate (USD)');
    const save = roles.getByRole('button', { name: 'Save' });

    // An admin may grant every role but Admin.
    await expect(roles.getByLabel('Observer', { exact: true })).toBeVisible();
    await expect(roles.getByLabel('Client Admin', { exact: true })).toBeVisible();
    await expect(roles.getByLabel('Admin', { exact: true })).toHaveCount(0);
    // Report manager is an admin's to give; financial admin only a super admin's (decision 0078).
    await expect(roles.getByLabel('Report Manager', { exact: true })).toBeVisible();
    await expect(roles.getByLabel('Financial Admin', { exact: true })).toHaveCount(0);

    await expect(sp).not.toBeChecked();
    await expect(rate).toBeDisabled();
    await expect(save).toBeDisabled();
    await sp.check();
    await rate.fill('1200');
    await save.click();
    await expect(roles).toContainText('The rate must be a number from 0 to 999.');
    await expectAccessible(page, 'the roles with an error');

    await rate.fill('42.5');
    const request = page.waitForRequest((r) => r.url().endsWith('/api/user/update-roles'));
    await save.click();
    // Only what changed is sent.
    const body = (await request).postDataJSON() as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['standardized_patient_rate', 'standardized_patient_role', 'user_id']);
    expect(body).toMatchObject({ standardized_patient_role: true, standardized_patient_rate: 42.5 });
    await expect(notification(page, 'Roles updated.')).toBeVisible();

    await page.reload();
    await expect(section(page, 'Roles').getByLabel('Standardized Patient', { exact: true })).toBeChecked();
    await expect(section(page, 'Roles').getByLabel('Standardized Patient pay rate (USD)')).toHaveValue('42.5');

    // The list's role filter now finds the user.
    await page.goto(`/management/users?role=2&email=${encodeURIComponent(finance.email)}`);
    await expect(userCard(page, finance.email)).toBeVisible();
  });

  test('a head trainer manages roles but not passwords or notification settings', async ({ page }) => {
    const observer = await createUser([['observer', 1, 25]], { first: 'Olive' });
    await login(page, ACCOUNTS.headtrainer);
    await openUser(page, observer.email);
    await expect(page.getByRole('heading', { level: 1, name: observer.name })).toBeVisible();
    await expect(section(page, 'Roles')).toBeVisible();
    await expect(section(page, 'Update Password')).toHaveCount(0);
    await expect(section(page, 'Notification Settings')).toHaveCount(0);
    const boxes = section(page, 'Roles').getByRole('checkbox');
    await expect(boxes).toHaveCount(3);
    await expect(section(page, 'Roles').getByLabel('Observer', { exact: true })).toBeChecked();
    await expect(section(page, 'Roles').getByLabel('Observer pay rate (USD)')).toHaveValue('25');
    await expect(section(page, 'Roles').getByLabel('Trainer', { exact: true })).toBeVisible();
  });

  test('a user outside the caller’s partners is not found', async ({ page }) => {
    await login(page, ACCOUNTS.admin);
    await page.goto('/management/user/999999');
    await expect(page.getByRole('heading', { name: 'Error Loading Users' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Return to User List' })).toBeVisible();
    await expectAccessible(page, 'a user not found');
  });
});
