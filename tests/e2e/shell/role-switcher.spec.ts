import { ACCOUNTS } from '../../support/accounts';
import { login } from '../../support/auth';
import { createUser } from '../../support/factories';
import { roleSwitcher } from '../../support/shell';
import { expect, expectAccessible, test } from '../../support/test';

/*
 * The sub-header shows one button per dashboard view only when the user has more than one (spec 000 §2.2,
 * packages/schema/src/dashboard.ts dashboardViews). headtrainer's trainer and head-trainer roles are one
 * view and the super admin's admin role is the Admin view it already gets. The head trainer and the reviewer who
 * is also an author are factory users of their own (roles other journeys cannot change); the super admin only
 * signs in.
 */

test.describe('Dashboard role switcher (spec 000 §2.2, §4)', () => {
  test('a head trainer has only the trainer view: no switcher', async ({ page }) => {
    const headTrainer = await createUser([
      ['trainer', 1],
      ['head_trainer', 1],
    ]);
    await login(page, headTrainer.email, { password: headTrainer.password });
    await expect(page.getByRole('heading', { name: 'Trainer Dashboard' })).toBeVisible();
    await expect(page.getByRole('tablist', { name: 'Trainer training sessions' }).getByRole('tab')).toHaveText(['Scheduled', 'Completed']);
    // Head trainers also see the interviews (spec 001 §4).
    await expect(page.getByRole('tablist', { name: 'Interviews' }).getByRole('tab')).toHaveText(['Scheduled', 'Pending', 'Completed']);
    await expect(roleSwitcher(page)).toHaveCount(0);
  });

  test('a super admin at sp has only the Admin view: no switcher', async ({ page }) => {
    await login(page, ACCOUNTS.superadmin);
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    await expect(page.getByRole('tablist').getByRole('tab')).toHaveText(['Pending', 'Scheduled', 'Completed']);
    await expect(roleSwitcher(page)).toHaveCount(0);
  });

  test('a reviewer who is also an author switches between the two views, and the choice is remembered', async ({ page }) => {
    const reviewer = await createUser([
      ['reviewer', 1],
      ['author', 1],
    ]);
    await login(page, reviewer.email, { password: reviewer.password });

    const switcher = roleSwitcher(page);
    await expect(switcher.getByRole('button')).toHaveText(['Reviewer', 'Author']);
    await expect(switcher.getByRole('button', { name: 'Reviewer' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('heading', { name: 'Reviewer Dashboard' })).toBeVisible();
    await expect(page.getByRole('tablist').getByRole('tab')).toHaveText(['Awaiting Review', 'Under My Review', 'Edits', 'Approved']);

    await switcher.getByRole('button', { name: 'Author' }).click();
    await expect(page.getByRole('heading', { name: 'Author Dashboard' })).toBeVisible();
    await expect(page.getByRole('tablist').getByRole('tab')).toHaveText(['Drafts', 'Reviews', 'Edits', 'Approved']);
    await expectAccessible(page, 'the Author Dashboard');
    await expect(switcher.getByRole('button', { name: 'Author' })).toHaveAttribute('aria-pressed', 'true');

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Author Dashboard' })).toBeVisible();

    // Only on the dashboard: other pages show Return to Dashboard instead.
    await page.goto('/contactus');
    await expect(page.getByRole('link', { name: 'Return to Dashboard' })).toBeVisible();
    await expect(roleSwitcher(page)).toHaveCount(0);
  });
});
