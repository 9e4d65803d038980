import { ACCOUNTS, BASE_URL, PARTNER_IDS } from '../../support/accounts';
import { login } from '../../support/auth';
import { openSidebar, partnerSelector, sidebarItemLabels } from '../../support/shell';
import { expect, test } from '../../support/test';

test.describe('Partner selector (spec 000 §2.2, §7)', () => {
  test('a client admin switches from Simclusive to Lakeside', async ({ page }) => {
    await login(page, ACCOUNTS.clientadmin, { slug: 'simclusive' });

    const selector = partnerSelector(page);
    await expect(selector).toBeEnabled();
    await expect(selector).toHaveValue(String(PARTNER_IDS.simclusive));
    const names = await selector.locator('option').allTextContents();
    expect([...names].sort()).toEqual(['Lakeside', 'Northfield', 'Simclusive']);

    let menu = await openSidebar(page);
    expect(await sidebarItemLabels(menu)).toContain('Agreements');
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();

    const reloaded = page.waitForEvent('load');
    await selector.selectOption({ label: 'Lakeside' });
    await reloaded;
    await expect(page).toHaveURL(`${BASE_URL}/dashboard`);
    await expect(partnerSelector(page)).toHaveValue(String(PARTNER_IDS.lakeside));
    await expect(partnerSelector(page).locator('option:checked')).toHaveText('Lakeside');

    // Lakeside is not a sim partner: no Agreements and no Landing Page Config for its client admin.
    menu = await openSidebar(page);
    expect(await sidebarItemLabels(menu)).toEqual(['Dashboard', 'Playlists', 'User Management', 'Logout']);

    // The server keeps the choice: a new page load stays on Lakeside.
    await page.reload();
    await expect(partnerSelector(page)).toHaveValue(String(PARTNER_IDS.lakeside));
  });

  test('a user with a single partner sees its name instead of a selector', async ({ page }) => {
    await login(page, ACCOUNTS.learner);
    await expect(partnerSelector(page)).toHaveCount(0);
    await expect(page.getByRole('banner').getByText('SimVisit', { exact: true })).toBeVisible();
  });
});
