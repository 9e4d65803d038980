import { ACCOUNTS, BASE_URL, NORTHFIELD_PASSCODE, PARTNER_IDS, subdomainUrl } from '../../support/accounts';
import { login, loginPath, notification, submitLoginForm } from '../../support/auth';
import { field } from '../../support/forms';
import { partnerSelector } from '../../support/shell';
import { expect, expectAccessible, test } from '../../support/test';

test.describe('Login (spec 000 §2.3)', () => {
  test('a learner signs in on the main brand and lands on the learner dashboard', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Account Login' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Forgot your password?' })).toBeVisible();
    await expectAccessible(page);
    await submitLoginForm(page, ACCOUNTS.learner);

    await expect(page).toHaveURL(/\/dashboard$/);
    const tabs = page.getByRole('tablist');
    await expect(tabs.getByRole('tab')).toHaveText(['Pending', 'Scheduled', 'Completed']);
    await expect(page.getByRole('tab', { name: 'Pending' })).toHaveAttribute('aria-selected', 'true');
  });

  test('an author signs in on the simclusive brand through partner_slug', async ({ page }) => {
    await page.goto(`${BASE_URL}/login?partner_slug=simclusive`);
    await expect(page.getByText('Request a Quote?')).toBeVisible();
    await expectAccessible(page);
    await submitLoginForm(page, ACCOUNTS.author);

    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(partnerSelector(page)).toHaveValue(String(PARTNER_IDS.simclusive));
    await expect(partnerSelector(page).locator('option:checked')).toHaveText('Simclusive');
    await expect(page.getByRole('tablist').getByRole('tab')).toHaveText(['Drafts', 'Reviews', 'Edits', 'Approved']);
  });

  test('a northfield learner signs in on the subdomain and must enter the brand passcode', async ({ page }) => {
    await login(page, ACCOUNTS.learner2, { url: subdomainUrl('northfield', '/login'), expectUrl: /\/passcode$/ });
    expect(new URL(page.url()).hostname).toBe('northfield.localhost');

    await expect(page.getByText('Access to this brand requires a passcode.')).toBeVisible();
    await expect(page.getByText('Passcodes are provided by your institution')).toBeVisible();
    const submit = page.getByRole('button', { name: 'Submit Passcode' });
    const input = field(page, 'Passcode');
    await expect(input).toHaveValue('');
    await expect(submit).toBeDisabled();

    await input.fill('WRONG-CODE');
    await expect(submit).toBeEnabled();
    await submit.click();
    await expect(page.getByText('The passcode you entered is incorrect.')).toBeVisible();
    await expect(page).toHaveURL(/\/passcode$/);

    // Other pages stay closed until the passcode is accepted.
    await page.goto(subdomainUrl('northfield', '/dashboard'));
    await expect(page).toHaveURL(/\/passcode$/);

    await input.fill(NORTHFIELD_PASSCODE);
    await submit.click();
    await expect(page).toHaveURL(subdomainUrl('northfield', '/dashboard'));
    await expect(page.getByRole('tablist').getByRole('tab')).toHaveText(['Pending', 'Scheduled', 'Completed']);
  });

  test('a wrong password shows the Authentication Failed notification and stays on login', async ({ page }) => {
    await page.goto('/login');
    await submitLoginForm(page, ACCOUNTS.learner, 'not-the-password');

    const failed = notification(page, 'Authentication Failed');
    await expect(failed).toBeVisible();
    await expect(failed).toContainText('These credentials do not match our records.');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  });

  test('the sp brand invites authors and SPs', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByText('Want to Become a Scenario Author?')).toBeVisible();
    await expect(page.getByText('Want to Become a SP?')).toBeVisible();
    await expect(page.getByText('Request a Quote?')).toHaveCount(0);
    await expect(page.getByText("Don't have an account? Register today!")).toHaveCount(0);
  });

  test('the simclusive brand invites authors and quote requests', async ({ page }) => {
    await page.goto(loginPath('simclusive'));
    await expect(page.getByText('Want to Become a Scenario Author?')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Request a Quote?' })).toHaveAttribute('href', '/request-quote?partner_slug=simclusive');
    await expect(page.getByText('Want to Become a SP?')).toHaveCount(0);
    await expect(page.getByText("Don't have an account? Register today!")).toHaveCount(0);
  });

  test('other brands invite registration', async ({ page }) => {
    await page.goto(loginPath('lakeside'));
    await expect(page.getByText("Don't have an account? Register today!")).toBeVisible();
    await expect(page.getByText('Want to Become a Scenario Author?')).toHaveCount(0);
    await expect(page.getByText('Want to Become a SP?')).toHaveCount(0);
    await expect(page.getByText('Request a Quote?')).toHaveCount(0);
  });

  test('an unknown partner slug redirects to the main site', async ({ page }) => {
    await page.goto(loginPath('nope'));
    // The deployment's main site (MAIN_SITE_URL) defaults to the app's own login page.
    await expect(page).toHaveURL(`${BASE_URL}/login`);
    expect(page.url()).not.toContain('partner_slug=nope');
  });
});
