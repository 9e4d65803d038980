import { QUOTE_MESSAGES as M } from '@simvisit/schema';
import { ACCOUNTS } from '../../support/accounts';
import { login, notification } from '../../support/auth';
import { field } from '../../support/forms';
import { expect, expectAccessible, test } from '../../support/test';

/**
 * Quote Requests (spec 002 §2.18; decisions 0070, 0074) over the demo quotes, which it only reads: one request in
 * each tab (seed/demo-quotes.ts). A refused save changes nothing, so the To Do request stays as seeded.
 */
test('a super admin finds quote requests by tab and email, sees decided quotes read-only, and a refused save', async ({ page }) => {
  await login(page, ACCOUNTS.superadmin);
  // The sidebar shows Quote Management at a sim partner only (spec 000 §2.2); the super admin's home is not one.
  await page.goto('/management/quotes');
  await expect(page.getByRole('heading', { level: 1, name: 'Quote Requests' })).toBeVisible();
  await expect(page.getByRole('tab', { name: /^To Do \(\d+\)$/ })).toHaveAttribute('aria-selected', 'true');
  await expectAccessible(page, 'Quote Requests');

  const search = async (email: string) => {
    await field(page, 'Search by Email').fill(email);
    await field(page, 'Search by Email').press('Enter');
  };
  await search('quote-done@demo.test');
  await expect(page.getByText(M.empty)).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Completed (1)' })).toBeVisible();
  await page.getByRole('tab', { name: 'Completed (1)' }).click();
  await page.getByRole('link', { name: 'Cory Compton' }).click();
  await expect(page).toHaveURL(/\/management\/quote\/\d+$/);
  await expect(page.getByText('This quote was approved.')).toBeVisible();
  await expect(field(page, 'Brand Title')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await expectAccessible(page, 'a finalized quote');
  await page.goBack();

  await page.getByRole('button', { name: 'Reset Filters' }).click();
  await expect(field(page, 'Search by Email')).toHaveValue('');
  await search('quote-rejected@demo.test');
  await page.getByRole('tab', { name: 'Rejected (1)' }).click();
  await page.getByRole('link', { name: 'Reese Ruiz' }).click();
  await expect(page.getByText('This quote was rejected.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Approve' })).toHaveCount(0);

  await page.goto('/management/quotes?email=quote-todo%40demo.test');
  await page.getByRole('link', { name: 'Tara Todd' }).click();
  await expect(page.getByText('Harbor Medical School')).toBeVisible();
  const sold = page.getByLabel(/: sessions sold$/);
  await sold.fill('10');
  await field(page, 'Session Rate (USD)').fill('50');
  // 10 × $50 = $500; the fee (500 + 0.30) / 0.971 − 500 = $15.24.
  await expect(page.getByText('$515.24')).toBeVisible();
  await field(page, 'Agreement Duration (Months)').fill('12');
  await field(page, 'Brand Title').fill('Harbor Simulation');
  await field(page, 'Brand Subdomain').fill('www');
  await field(page, 'Target Start Date').fill('2099-01-01');
  await page.getByRole('button', { name: 'Save' }).click();
  const quote = page.getByRole('form', { name: 'Quote' });
  await expect(quote.getByText(M.subdomainReserved)).toBeVisible();
  await expect(notification(page, M.saveError)).toContainText(M.subdomainReserved);
  await expectAccessible(page, 'a quote being built');

  // 'riverbend' belongs to a partner already: the server's refusal, under its field.
  await field(page, 'Brand Subdomain').fill('riverbend');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(quote.getByText(M.subdomainTaken)).toBeVisible();
  await expect(notification(page, M.saveError).filter({ hasText: M.subdomainTaken })).toBeVisible();
  await page.reload();
  await expect(field(page, 'Brand Subdomain')).toHaveValue('');
});
