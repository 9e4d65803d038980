import { ACCOUNTS, BASE_URL } from '../../support/accounts';
import { login } from '../../support/auth';
import { expect, expectAccessible, type Locator, type Page, test } from '../../support/test';

/**
 * The session counter at partner 28 (issue 20 item 4; spec 000 §2.9; docs/decisions/0076), on the demo data:
 * Northfield University uses 101 of 120 seats (84%) and Casey Client administers it. Other journeys add
 * partners, so these find their rows by name, paging when needed, and never count.
 */

function counter(page: Page): Locator {
  return page.getByRole('region', { name: 'Session Counter' });
}

/** The progress bar of a partner, paging through the card until it shows. */
async function barOf(page: Page, partner: string): Promise<Locator> {
  const card = counter(page);
  const bar = card.getByRole('progressbar', { name: partner, exact: true });
  await expect(card.getByRole('progressbar').first()).toBeVisible();
  for (let i = 0; i < 50 && !(await bar.isVisible()); i++) {
    const next = card.getByRole('button', { name: 'Next' });
    if (!(await next.isVisible()) || (await next.isDisabled())) break;
    await next.click();
  }
  await expect(bar).toBeVisible();
  return bar;
}

// The admin dashboard is a super admin's (spec 000 §6: the admin dashboard role needs a super admin).
test('a super admin at Simclusive sees Northfield in red and copies its client administrators', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE_URL });
  await login(page, ACCOUNTS.superadmin, { slug: 'simclusive' });
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();

  const bar = await barOf(page, 'Northfield University');
  await expect(bar).toHaveAttribute('aria-valuenow', '84');
  await expect(bar).toHaveAttribute('aria-valuetext', '84%, 101 of 120 seats used, near capacity');
  // Red, and said in words too.
  await expect(bar.locator('div')).toHaveClass(/bg-red-600/);
  await expect(counter(page).getByText('Near capacity').first()).toBeVisible();
  await expectAccessible(page, 'the session counter');

  await counter(page).getByRole('button', { name: 'Email the client administrators of Northfield University' }).click();
  const dialog = page.getByRole('dialog', { name: 'Northfield University Client Administrators' });
  await expect(dialog.getByText('Casey Client')).toBeVisible();
  await expect(dialog.getByRole('link', { name: ACCOUNTS.clientadmin })).toHaveAttribute('href', `mailto:${ACCOUNTS.clientadmin}`);
  await expectAccessible(page, 'the client administrators modal');
  await dialog.getByRole('button', { name: 'Copy Email Addresses' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Email addresses copied.');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied.split(';')).toContain(ACCOUNTS.clientadmin);
  expect(copied).not.toContain(' ');
});

test('the session counter draws usage over time with the same figures as a table (issue 20 item 6)', async ({ page }) => {
  await login(page, ACCOUNTS.superadmin, { slug: 'simclusive' });
  const chart = counter(page).getByRole('figure', { name: 'Usage over time' });
  // The demo seeds 89 days before today; the drawing is an image named by what it shows.
  await expect(chart.getByRole('img', { name: /^Seat usage by day, .* of .*Northfield/ })).toBeVisible();
  await chart.getByRole('button', { name: 'Show as table' }).click();
  const table = chart.getByRole('table', { name: 'Seat usage by day, in percent of seats' });
  await expect(table.getByRole('columnheader', { name: 'Northfield' })).toBeVisible();
  expect(await table.getByRole('row').count()).toBeGreaterThanOrEqual(90);
  // The click scrolled the page: whichever partner row it left under the sticky header, axe counts that row's mail
  // button as an obscured target (target-size). The page is checked as it opens, the table now in it.
  await page.evaluate(() => window.scrollTo(0, 0));
  await expectAccessible(page, 'the usage over time table');
});

test('a client admin at Simclusive sees only the partners they administer, without mail buttons', async ({ page }) => {
  await login(page, ACCOUNTS.clientadmin, { slug: 'simclusive' });
  await expect(page.getByRole('heading', { name: 'Client Admin Dashboard' })).toBeVisible();
  const card = counter(page);
  await expect(card.getByRole('progressbar', { name: 'Northfield University', exact: true })).toHaveAttribute('aria-valuenow', '84');
  await expect(card.getByRole('progressbar', { name: 'Lakeside College of Nursing', exact: true })).toBeVisible();
  await expect(card.getByRole('progressbar', { name: 'Harbor Health System' })).toHaveCount(0);
  await expect(card.getByRole('button', { name: /Email the client administrators/ })).toHaveCount(0);
});
