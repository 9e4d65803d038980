import { ACCOUNTS } from '../../support/accounts';
import { login } from '../../support/auth';
import { expect, expectAccessible, test } from '../../support/test';

test.describe('Applicant dashboard (spec 000 §2.10)', () => {
  test('an applicant sees the pending role application and the quote request', async ({ page }) => {
    await login(page, ACCOUNTS.applicant);

    const applications = page.locator('[data-testid^="application-"]');
    await expect(page.getByRole('heading', { name: 'Role Applications' })).toBeVisible();
    await expect(applications).toHaveCount(1);
    const application = applications.first();
    await expect(application).toContainText('Pending');
    await expect(application).toContainText('Standardized Patient');
    await expect(application).toContainText('Observer');
    // Pending: no interview requested yet, so nothing to respond to.
    await expect(application.getByRole('link', { name: 'Respond' })).toHaveCount(0);

    await application.getByRole('button', { name: 'View' }).click();
    const details = page.getByRole('dialog', { name: 'Role Application' });
    await expect(details).toBeVisible();
    await expect(details).toContainText('Pending');
    await expect(details).toContainText('Standardized Patient, Observer');
    await expectAccessible(page, 'the Role Application dialog');
    await details.getByRole('button', { name: 'Close' }).first().click();
    await expect(details).toBeHidden();

    await expect(page.getByRole('heading', { name: 'Quote Requests' })).toBeVisible();
    const quote = page.locator('[data-testid^="quote-request-"]').first();
    await expect(quote).toContainText('Simclusive program for 40 learners');
    // A quote neither signed nor paid (spec 000 §4).
    await expect(quote).toContainText('Document signing and Payment required');
    // the quote is approved: View Quote opens its agreement (decision 0073)
    await expect(quote.getByRole('link', { name: 'View Quote' })).toHaveAttribute('href', /^\/agreement\/\d+$/);
    await expect(page.getByRole('link', { name: 'Request a Quote' })).toHaveAttribute('href', '/request-quote');
  });
});
