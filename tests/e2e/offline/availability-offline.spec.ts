import { login } from '../../support/auth';
import { createUser, type TestUser } from '../../support/factories';
import {
  activeServiceWorker,
  addAvailability,
  availabilityDay,
  availabilityEntry,
  editAvailability,
  expectNewServerWindow,
  expectOffline,
  expectOnline,
  expectServerWindow,
  Network,
  pendingCount,
  SYNC_TIMEOUT,
  savedOfflineNotice,
  serverAvailability,
  serverAvailabilityIds,
  serviceWorkerFetch,
  type Window,
} from '../../support/sync';
import { expect, expectAccessible, test } from '../../support/test';

// This journey needs the service worker (offline, install, push): on, as on a person's device (decision 0084).
test.use({ serviceWorkers: 'allow' });

/**
 * Offline availability (issue 3 items 3 and 5, decision 0014): a signed-in SP reloads with no network at
 * all (the service worker's fetches cut too), sees the app and their local data, edits it, and the server
 * has the edit once the network returns.
 *
 * Each test signs in as a new Standardized Patient of its own (a factory user with no availability), so no other
 * journey sees or changes its windows. The device is in the profile's time zone (America/New_York), so the stored
 * times are the ones typed.
 */

const ZONE = 'America/New_York';

test.use({ timezoneId: ZONE });

let sp: TestUser;
test.beforeEach(async () => {
  sp = await createUser('standardized_patient');
});

test.describe('Availability offline (issue 3)', () => {
  // Offline reloads, replication retries and a second device: slower than most journeys.
  test.slow();

  test('an SP reloads offline, edits availability, reloads again, reconnects, and the server has the edit', async ({ page, context }) => {
    const network = new Network(context);
    const added: Window = { day: 'Monday', start_time: '09:00', end_time: '10:00' };
    const edited: Window = { day: 'Monday', start_time: '11:00', end_time: '12:30' };

    await login(page, sp.email, { password: sp.password });
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
    await expectOnline(page);
    await activeServiceWorker(page);
    await expectAccessible(page);

    // Online: the new window reaches the server.
    const before = await serverAvailabilityIds(page.request);
    await addAvailability(page, added);
    const doc = await expectNewServerWindow(page.request, before, added, { timezone: ZONE });
    await expect(pendingCount(page)).toHaveText('0');

    // No network at all, then a reload: the service worker answers and the app shows the local data.
    await network.goOffline();
    // The worker's own fetches are cut as well.
    expect(await serviceWorkerFetch(context, '/api/config')).toBe('failed');
    expect(network.aborted).toContain('[service worker] /api/config');
    const offlineLoad = await page.reload();
    expect(offlineLoad?.fromServiceWorker(), 'the offline reload was answered by the service worker').toBe(true);
    await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
    await expectOffline(page);
    await expect(availabilityEntry(page, added)).toBeVisible();
    await expect(pendingCount(page)).toHaveText('0');
    await expectAccessible(page, 'the profile offline');

    // Edit offline: kept on the device, one change pending, the server untouched.
    await editAvailability(page, added, edited);
    await expect(savedOfflineNotice(page)).toBeVisible();
    await expectOffline(page);
    await expect(pendingCount(page)).toHaveText('1');
    await expectAccessible(page, 'the profile offline with a pending edit');
    expect(await serverAvailability(page.request, doc.id)).toMatchObject({ ...added, write_id: doc.write_id });

    // Reload again, still offline: the edit and the pending count survive.
    const secondLoad = await page.reload();
    expect(secondLoad?.fromServiceWorker(), 'the second offline reload was answered by the service worker').toBe(true);
    await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
    await expectOffline(page);
    await expect(availabilityEntry(page, edited)).toBeVisible();
    await expect(availabilityEntry(page, added)).toHaveCount(0);
    await expect(pendingCount(page)).toHaveText('1');

    // Nothing made while offline reached the server; the app's session and sync calls were cut.
    expect(network.leaks).toEqual([]);
    expect(network.aborted).toContain('/api/auth/check');
    expect(network.aborted.filter((p) => p.startsWith('/sync/v1/availabilities/')).length).toBeGreaterThan(0);

    // Reconnect: the change is pushed, the count goes back to 0, and the server has the edit (same document).
    await network.goOnline();
    await expect(pendingCount(page)).toHaveText('0', { timeout: SYNC_TIMEOUT });
    await expectOnline(page);
    const synced = await expectServerWindow(page.request, doc.id, edited, { timezone: ZONE });
    expect(synced.write_id).not.toBe(doc.write_id);
    await expect(availabilityEntry(page, edited)).toBeVisible();
  });

  test("after an offline start, a change made on the SP's other device reaches this one once it reconnects", async ({
    page,
    context,
    browser,
  }) => {
    const network = new Network(context);
    const fromOtherDevice: Window = { day: 'Friday', start_time: '15:00', end_time: '16:00' };

    await login(page, sp.email, { password: sp.password });
    await page.goto('/profile');
    await expectOnline(page);
    await activeServiceWorker(page);
    await expectAccessible(page);

    // The app starts without a network.
    await network.goOffline();
    const offlineLoad = await page.reload();
    expect(offlineLoad?.fromServiceWorker(), 'the offline reload was answered by the service worker').toBe(true);
    await expectOffline(page);
    await expect(availabilityDay(page, fromOtherDevice.day)).toContainText('Not available');

    // The network returns; the change stream (Server-Sent Events) comes back a little later, as it does when
    // the browser's EventSource waits before reconnecting. The app pulls as soon as it is online.
    const streams = /\/sync\/v1\/stream\?collections=/;
    await context.route(streams, (route) => route.abort('connectionrefused'));
    const pulledOnReconnect = page.waitForResponse((r) => r.url().includes('/sync/v1/availabilities/pull') && r.ok());
    await network.goOnline();
    await pulledOnReconnect;
    await expectOnline(page);
    expect(network.leaks).toEqual([]);

    // Meanwhile the SP adds a window on their other device.
    const other = await browser.newContext();
    try {
      const otherPage = await other.newPage();
      await login(otherPage, sp.email, { password: sp.password });
      await otherPage.goto('/profile');
      await expectAccessible(otherPage, 'the profile on the other device');
      const before = await serverAvailabilityIds(otherPage.request);
      await addAvailability(otherPage, fromOtherDevice);
      await expectNewServerWindow(otherPage.request, before, fromOtherDevice, { timezone: ZONE });
    } finally {
      await other.close();
    }

    // Once the stream is back, this device catches up with what changed while it was not listening.
    await context.unroute(streams);
    await expect(availabilityEntry(page, fromOtherDevice)).toBeVisible({ timeout: 30_000 });
  });
});
