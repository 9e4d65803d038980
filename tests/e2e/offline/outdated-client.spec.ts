import { ACCOUNTS } from '../../support/accounts';
import { login } from '../../support/auth';
import { expectOnline, SYNC_TIMEOUT } from '../../support/sync';
import { expect, test } from '../../support/test';

// The app asks its service worker for the new version before it reloads: on, as on a person's device (decision 0084).
test.use({ serviceWorkers: 'allow' });

/**
 * An app build older than the server accepts gets 426 on its sync calls (decision 0010) and reloads into the
 * new version. The 426 is played by the test for the first pull only; after the reload the app syncs again.
 * applicant@demo.test only reads elsewhere.
 */
test.describe('Outdated app version (issue 3 item 1)', () => {
  test('a 426 from the sync server reloads the app, which then syncs', async ({ page }) => {
    // The app waits up to 15 s for a new service worker before it reloads.
    test.setTimeout(60_000);
    let refused = 0;
    await page.route('**/sync/v1/notifications/pull*', async (route) => {
      if (refused > 0) return route.fallback();
      refused++;
      await route.fulfill({
        status: 426,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'A new version of the app is available. Please reload.' }),
      });
    });
    await login(page, ACCOUNTS.applicant);
    await expect.poll(() => refused, { timeout: SYNC_TIMEOUT }).toBe(1);
    // The app first asks its service worker for a new version, then reloads.
    await page.waitForEvent('load', { timeout: 40_000 });
    await expect(page).toHaveURL(/\/dashboard$/);
    await expectOnline(page);
    await expect(page.getByTestId('sync-status')).toContainText(/Synced/, { timeout: SYNC_TIMEOUT });
  });
});
