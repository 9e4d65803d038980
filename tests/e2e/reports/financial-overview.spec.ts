import { ACCOUNTS } from '../../support/accounts';
import { login } from '../../support/auth';
import { createUser, createVisit, serverNow } from '../../support/factories';
import { expect, expectAccessible, type Locator, type Page, test } from '../../support/test';

/*
 * The financial overview card (issue 20 item 1; spec 000 §2.8, §2.12, §3, §6; docs/decisions/0078). An SP of
 * their own at $30 an hour has a completed visit and a no-show of 30 minutes each, so their card reads $15.00 for
 * each and $30.00 in all; a super admin's card links to the two reports.
 */

const card = (page: Page): Locator => page.getByRole('region', { name: 'Financial Overview' });
const amountOf = (c: Locator, label: string) =>
  c.getByRole('row').filter({ has: c.page().getByRole('rowheader', { name: label, exact: true }) });

/** The month and year a moment falls in at New York, the demo partner's zone (the months the card counts). */
function newYorkMonth(at: Date): { month: string; year: string } {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', year: 'numeric', month: 'numeric' }).formatToParts(at);
  return { month: parts.find((p) => p.type === 'month')!.value, year: parts.find((p) => p.type === 'year')!.value };
}

test("an SP sees a month's earnings by category on their dashboard", async ({ page }) => {
  const sp = await createUser([['standardized_patient', 1, 30]]);
  const learner = await createUser('learner');
  const now = await serverNow();
  await createVisit({ learner, sp, startsInMinutes: -300, confirmed: true, complete: true });
  await createVisit({ learner, sp, startsInMinutes: -180, confirmed: true, noShow: true });

  await login(page, sp.email, { password: sp.password });
  await expect(page.getByRole('heading', { level: 1, name: 'Standardized Patient Dashboard' })).toBeVisible();
  const overview = card(page);
  await expect(overview).toBeVisible();
  // The visits' month (today's, unless the day has just turned), chosen explicitly so the journey never depends on it.
  const { month, year } = newYorkMonth(new Date(now.getTime() - 300 * 60_000));
  await overview.getByLabel('Month', { exact: true }).selectOption(month);
  await overview.getByLabel('Year', { exact: true }).selectOption(year);
  await overview.getByRole('button', { name: 'Update' }).click();

  await expect(amountOf(overview, 'Visits')).toContainText('$15.00');
  await expect(amountOf(overview, 'Visits')).toContainText('0.50');
  await expect(amountOf(overview, 'No Shows')).toContainText('$15.00');
  await expect(amountOf(overview, 'Late Cancellations')).toContainText('$0.00');
  await expect(amountOf(overview, 'Total')).toContainText('$30.00');
  // An SP only: no SP and observer sub-rows, and no way into the reports.
  await expect(overview.getByRole('rowheader', { name: 'SP Visits' })).toHaveCount(0);
  await expect(overview.getByRole('link', { name: 'View Full Report' })).toHaveCount(0);
  await expectAccessible(page, 'the SP dashboard with the financial overview');
});

test('a super admin in admin mode sees the sub-rows and the two report buttons', async ({ page }) => {
  await login(page, ACCOUNTS.superadmin);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  const overview = card(page);
  await expect(overview.getByRole('rowheader', { name: 'SP Visits' })).toBeVisible();
  await expect(overview.getByRole('rowheader', { name: 'Observer Scorecards' })).toBeVisible();
  await expect(overview.getByRole('link', { name: 'View Full Report' })).toHaveAttribute(
    'href',
    /^\/reports\/financial\?month=\d+&year=\d{4}$/,
  );
  await expect(overview.getByRole('link', { name: 'View Payment Report' })).toHaveAttribute(
    'href',
    /^\/reports\/payment\?month=\d+&year=\d{4}$/,
  );
  await expectAccessible(page, 'the admin dashboard with the financial overview');
});
