import { login } from '../../support/auth';
import { createUser } from '../../support/factories';
import { expect, test } from '../../support/test';

/*
 * Where finance people land (issue 20 item 5, decision 0078 Landing): financial admin and report manager are no
 * dashboard roles, so someone holding only them lands on the financial report, not an empty applicant dashboard;
 * anyone with a dashboard role keeps it. Factory users of their own.
 */
test.describe('Landing of finance people (spec 000 §6)', () => {
  test('a financial admin lands on the financial report after sign-in and when opening the dashboard', async ({ page }) => {
    const finance = await createUser([['financial_admin', 1]]);
    await login(page, finance.email, { password: finance.password, expectUrl: /\/reports\/financial$/ });
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/reports\/financial$/);
  });

  test('a financial admin who is also an SP keeps the SP dashboard', async ({ page }) => {
    const sp = await createUser([
      ['standardized_patient', 1],
      ['financial_admin', 1],
    ]);
    await login(page, sp.email, { password: sp.password });
    await expect(page.getByRole('heading', { name: 'Standardized Patient Dashboard' })).toBeVisible();
  });
});
