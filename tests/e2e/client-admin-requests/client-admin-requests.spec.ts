import { ACCOUNTS } from '../../support/accounts';
import { login, notification } from '../../support/auth';
import { createPartner, createUser } from '../../support/factories';
import { field } from '../../support/forms';
import { roleSwitcher } from '../../support/shell';
import { expect, expectAccessible, test } from '../../support/test';

/**
 * Client admin requests (spec 002 §2.8; decision 0058): a person asks on their profile, a super admin approves
 * it for a partner, and the person then has the Client Admin Dashboard. The person and partner are this
 * journey's own.
 */
test('a client admin request is made, approved by a super admin, and the person sees the client admin dashboard', async ({
  page,
  browser,
}) => {
  const person = await createUser('learner', { prefix: 'ca-request' });
  const partner = await createPartner({ prefix: 'ca-grant' });

  await login(page, person.email, { password: person.password });
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Request Client Admin Access' }).click();
  await expect(notification(page, 'Your request for client admin access has been sent.')).toBeVisible();
  await expect(page.getByText('Your request for client admin access is pending approval.')).toBeVisible();
  await expectAccessible(page, 'the profile with a pending request');

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await login(admin, ACCOUNTS.superadmin);
  await admin.goto('/management/clients');
  await expect(admin.getByRole('heading', { level: 1, name: 'Client Admin Requests' })).toBeVisible();
  await expectAccessible(admin);
  await field(admin, 'Search by Email').fill('no-such-requester@nowhere.test');
  await field(admin, 'Search by Email').press('Enter');
  await expect(admin.getByText('No requests match search')).toBeVisible();
  await admin.getByRole('button', { name: 'Reset Filters' }).click();
  await field(admin, 'Search by Email').fill(person.email);
  await field(admin, 'Search by Email').press('Enter');
  const card = admin.getByRole('region', { name: 'Requests' }).getByRole('link');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(person.name);
  await card.click();
  await expect(admin).toHaveURL(/\/management\/client\/\d+$/);
  await expect(admin.getByRole('heading', { name: person.name })).toBeVisible();
  await expectAccessible(admin);
  await admin.getByRole('button', { name: 'Approve' }).click();
  await expect(admin.getByText('Please select at least one partner.')).toBeVisible();
  await admin.getByRole('checkbox', { name: partner.long_name }).check();
  await admin.getByRole('button', { name: 'Approve' }).click();
  await expect(notification(admin, 'Client Admin Approved.')).toBeVisible();
  await expect(admin).toHaveURL(/\/management\/clients$/);
  await adminContext.close();

  const againContext = await browser.newContext();
  const again = await againContext.newPage();
  await login(again, person.email, { password: person.password });
  await roleSwitcher(again).getByRole('button', { name: 'Client Admin' }).click();
  await expect(again.getByRole('heading', { name: 'Client Admin Dashboard' })).toBeVisible();
  await expectAccessible(again, 'the Client Admin Dashboard');
  await againContext.close();
});
