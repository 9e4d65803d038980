import { login, logoutViaUserMenu } from '../../support/auth';
import { createUser } from '../../support/factories';
import {
  addAvailability,
  availabilityEntry,
  expectNewServerWindow,
  expectOffline,
  expectOnline,
  Network,
  pendingCount,
  SYNC_TIMEOUT,
  savedOfflineNotice,
  serverAvailabilityIds,
  type Window,
} from '../../support/sync';
import { expect, expectAccessible, test } from '../../support/test';

// This journey needs the service worker (offline, install, push): on, as on a person's device (decision 0084).
test.use({ serviceWorkers: 'allow' });

/**
 * Logout with unsynced changes (issue 3 item 2, REP-09, decision 0014): the app never drops a pending
 * write at logout without asking. The person is a new trainer of its own (a factory user: trainers have
 * user.availability), so no other journey sees its windows or its sessions.
 */

const ZONE = 'America/New_York';
test.use({ timezoneId: ZONE });

test.describe('Log out with unsynced changes (issue 3)', () => {
  test('an offline edit is pending: Log Out asks, "Stay signed in" keeps it, and it syncs on reconnect', async ({ page, context }) => {
    const network = new Network(context);
    const window: Window = { day: 'Tuesday', start_time: '14:00', end_time: '15:30' };

    const trainer = await createUser('trainer');
    const name = trainer.name;
    await login(page, trainer.email, { password: trainer.password });
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
    await expectOnline(page);
    await expectAccessible(page);
    const before = await serverAvailabilityIds(page.request);

    await network.goOffline();
    await expectOffline(page);
    await addAvailability(page, window);
    await expect(savedOfflineNotice(page)).toBeVisible();
    await expect(pendingCount(page)).toHaveText('1');

    // Log Out: the change cannot be sent, so the app asks before removing anything.
    await page.getByRole('banner').getByRole('button', { name: name }).click();
    await page.getByRole('menuitem', { name: 'Log Out' }).click();
    const dialog = page.getByRole('dialog', { name: 'Log out with unsynced changes?' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('You have 1 unsynced change on this device that the server does not have yet.');
    await expect(dialog).toContainText('Stay signed in and reconnect to send them, or discard them and log out.');
    await expect(dialog.getByRole('button', { name: 'Discard and log out' })).toBeVisible();
    await expectAccessible(page, 'the unsynced changes dialog');
    await dialog.getByRole('button', { name: 'Stay signed in' }).click();

    // Still signed in, with the change on the device and still pending; the server does not have it.
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(availabilityEntry(page, window)).toBeVisible();
    await expect(pendingCount(page)).toHaveText('1');
    await expectOffline(page);
    expect(await serverAvailabilityIds(page.request)).toEqual(before);

    // Reconnect: it syncs.
    await network.goOnline();
    expect(network.leaks).toEqual([]);
    await expect(pendingCount(page)).toHaveText('0', { timeout: SYNC_TIMEOUT });
    await expectOnline(page);
    await expectNewServerWindow(page.request, before, window, { timezone: ZONE });

    // With nothing pending, Log Out no longer asks, and the local store leaves the device.
    const storeDatabases = () =>
      page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name).filter((n) => n?.includes('simvisit-user-')));
    expect((await storeDatabases()).length).toBeGreaterThan(0);
    await logoutViaUserMenu(page, name);
    await expect(page.getByRole('dialog', { name: 'Log out with unsynced changes?' })).toHaveCount(0);
    await expect.poll(storeDatabases).toEqual([]);
  });
});
