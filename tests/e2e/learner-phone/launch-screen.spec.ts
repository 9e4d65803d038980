import { expect, test } from '../../support/test';

/**
 * Decision 0098: on a slow network the page was blank until the app's JavaScript had arrived and run (about 2 s on
 * Lighthouse's slow 4G). The launch screen shows the product's logo from the first paint, and the page replaces it.
 */

test.use({ viewport: { width: 390, height: 844 } });

test('the launch screen shows the logo before the scripts arrive, and the page replaces it', async ({ page }) => {
  // The app's scripts held back: what a phone shows while they are still on their way.
  let release!: () => void;
  const scriptsHeld = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/*.js', async (route) => {
    await scriptsHeld;
    await route.continue();
  });
  await page.goto('/login', { waitUntil: 'commit' });
  const logo = page.locator('.launch-screen img');
  await expect(logo).toBeVisible();
  // Painted: the logo has loaded and has its size.
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

  release();
  await expect(page.getByRole('heading', { name: 'Account Login' })).toBeVisible();
  await expect(page.locator('.launch-screen')).toHaveCount(0);
});
