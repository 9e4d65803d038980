import { ACCOUNTS } from '../../support/accounts';
import { login } from '../../support/auth';
import { openSidebar, sidebar, sidebarItemLabels } from '../../support/shell';
import { expect, expectAccessible, test } from '../../support/test';

/** The sidebar of spec 000 §2.2, as packages/schema/src/shell.ts builds it, plus Logout. */
const CASES: { who: string; email: string; slug?: string; items: string[] }[] = [
  {
    who: 'a super admin at sp (not a sim partner: no Quote Management, no Agreements)',
    email: ACCOUNTS.superadmin,
    items: [
      'Dashboard',
      'Scenarios',
      'Playlists',
      'Rubrics',
      'Recruitment',
      'Partner Management',
      'Social Media Posting',
      'User Management',
      'Reports',
      'Landing Page Config',
      'Logout',
    ],
  },
  {
    who: 'an admin',
    email: ACCOUNTS.admin,
    // Reports: the scoring agreement (scenario.admin), not the money reports (issue 20).
    items: ['Dashboard', 'Scenarios', 'Playlists', 'Recruitment', 'User Management', 'Reports', 'Logout'],
  },
  { who: 'a learner', email: ACCOUNTS.learner, items: ['Dashboard', 'Scenarios', 'Playlists', 'Logout'] },
  { who: 'an author', email: ACCOUNTS.author, items: ['Dashboard', 'Playlists', 'Logout'] },
  {
    who: 'a client admin at simclusive (a sim partner)',
    email: ACCOUNTS.clientadmin,
    slug: 'simclusive',
    items: ['Dashboard', 'Playlists', 'User Management', 'Agreements', 'Landing Page Config', 'Logout'],
  },
];

test.describe('Sidebar (spec 000 §2.2)', () => {
  for (const c of CASES) {
    test(`shows exactly the items of ${c.who}`, async ({ page }) => {
      await login(page, c.email, { slug: c.slug });
      const menu = await openSidebar(page);
      expect(await sidebarItemLabels(menu)).toEqual(c.items);
    });
  }

  test('super admin groups hold their pages', async ({ page }) => {
    await login(page, ACCOUNTS.superadmin);
    const menu = await openSidebar(page);

    await menu.getByRole('button', { name: 'Partner Management' }).click();
    for (const label of [
      'Seat Management',
      'Pre-Approved Emails',
      'Scheduling Dates',
      'Registration Fields',
      'Welcome Messages',
      'Passwords',
      'Client Admin Requests',
      'Institutions',
    ]) {
      await expect(menu.getByRole('link', { name: label, exact: true })).toBeVisible();
    }
    await menu.getByRole('button', { name: 'Social Media Posting' }).click();
    await expect(menu.getByRole('link', { name: 'Social Media Posts' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Articles' })).toBeVisible();
    await menu.getByRole('button', { name: 'Recruitment' }).click();
    await expect(menu.getByRole('link', { name: 'Pending' })).toHaveAttribute('href', '/recruitment');
    await menu.getByRole('button', { name: 'Reports' }).click();
    await expect(menu.getByRole('link', { name: 'Financial Report' })).toHaveAttribute('href', '/reports/financial');
    await expect(menu.getByRole('link', { name: 'Payment Report' })).toHaveAttribute('href', '/reports/payment');
    await expect(menu.getByRole('link', { name: 'Scoring Agreement' })).toHaveAttribute('href', '/reports/scoring');
  });

  test('a link navigates and closes the menu', async ({ page }) => {
    await login(page, ACCOUNTS.learner);
    const menu = await openSidebar(page);
    await expect(menu.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    await expectAccessible(page, 'the open sidebar');
    await menu.getByRole('link', { name: 'Scenarios' }).click();
    await expect(page).toHaveURL(/\/scenarios$/);
    await expect(sidebar(page)).toBeHidden();
  });

  test('closes on a click outside it', async ({ page }) => {
    await login(page, ACCOUNTS.learner);
    const menu = await openSidebar(page);
    const box = await menu.boundingBox();
    expect(box).not.toBeNull();
    const viewport = page.viewportSize()!;
    // A point on the dimmed page to the right of the panel.
    await page.mouse.click(Math.min(box!.x + box!.width + 200, viewport.width - 10), viewport.height / 2);
    await expect(sidebar(page)).toBeHidden();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('Logout in the sidebar signs out', async ({ page }) => {
    await login(page, ACCOUNTS.learner);
    const menu = await openSidebar(page);
    await menu.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login(\?|$)/);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login\?/);
  });
});
