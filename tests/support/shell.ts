import { expect, type Locator, type Page } from '@playwright/test';

/** The hamburger of the top bar and the menu (sidebar) it opens. */
export function sidebar(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Menu' });
}

export async function openSidebar(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = sidebar(page);
  await expect(menu).toBeVisible();
  return menu;
}

/** The labels of the sidebar's top-level items in order (groups by their own label, closed or open). */
export async function sidebarItemLabels(menu: Locator): Promise<string[]> {
  const items = menu.getByRole('navigation', { name: 'Main' }).locator(':scope > ul > li');
  await expect(items.first()).toBeVisible();
  return items.evaluateAll((lis) => lis.map((li) => (li.querySelector('a, button')?.textContent ?? '').replace(/\s+/g, ' ').trim()));
}

/** The partner selector of the top bar (a select when the user has more than one partner). */
export function partnerSelector(page: Page): Locator {
  return page.getByRole('banner').locator('select#partner-selector');
}

/** The dashboard's role buttons in the sub-header (spec 000 §2.2); absent when the user has one view. */
export function roleSwitcher(page: Page): Locator {
  return page.getByRole('group', { name: 'Dashboard view' });
}
