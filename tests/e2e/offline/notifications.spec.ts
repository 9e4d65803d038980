import { login } from '../../support/auth';
import { createUser } from '../../support/factories';
import {
  activeServiceWorker,
  expectOffline,
  expectOnline,
  Network,
  type NotificationDoc,
  pendingCount,
  pullAll,
  SYNC_TIMEOUT,
} from '../../support/sync';
import { expect, expectAccessible, type Page, test } from '../../support/test';

// This journey needs the service worker (offline, install, push): on, as on a person's device (decision 0084).
test.use({ serviceWorkers: 'allow' });

/**
 * Notifications as a replicated collection (issue 3 item 6, decision 0014): the bell lists them from the
 * local store, and marking one read or archiving it (even offline) reaches the server. A new trainer of its own
 * starts with the welcome notification, as a demo account does, and nothing else (other journeys notify the demo
 * accounts).
 */

const WELCOME = 'Welcome to SimVisit';

function bell(page: Page) {
  return page.getByTestId('notification-bell');
}

function notificationsPanel(page: Page) {
  return page.getByRole('dialog', { name: 'Your notifications' });
}

async function serverWelcome(page: Page): Promise<Pick<NotificationDoc, 'is_read' | 'is_archived' | '_deleted'> | null> {
  const welcome = (await pullAll<NotificationDoc>(page.request, 'notifications')).find((n) => n.title === WELCOME);
  return welcome ? { is_read: welcome.is_read, is_archived: welcome.is_archived, _deleted: welcome._deleted } : null;
}

test.describe('Notifications in the bell (issue 3)', () => {
  test('the welcome notification comes from the local store; read and archived reach the server, offline too', async ({
    page,
    context,
  }) => {
    const network = new Network(context);
    const trainer = await createUser('trainer', { welcome: true });
    await login(page, trainer.email, { password: trainer.password });
    await expectOnline(page);
    expect(await serverWelcome(page)).toEqual({ is_read: false, is_archived: false, _deleted: false });

    // The bell counts it unread and lists it from the local store (only then can it be archived or deleted).
    await expect(bell(page)).toHaveAccessibleName('Notifications (1 unread)');
    await bell(page).click();
    const panel = notificationsPanel(page);
    await expect(panel).toBeVisible();
    const welcome = panel.getByRole('button', { name: new RegExp(`^${WELCOME} \\(unread\\)`) });
    await expect(welcome).toContainText('Your account is ready.');
    await expect(panel.getByRole('button', { name: `Archive notification: ${WELCOME}` })).toBeVisible();
    await expect(panel.getByRole('button', { name: `Delete notification: ${WELCOME}` })).toBeVisible();
    await expectAccessible(page, 'the notifications panel');

    // Opening it marks it read, here and on the server.
    await welcome.click();
    await expect(panel.getByRole('button', { name: new RegExp(`^${WELCOME}`) })).not.toContainText('(unread)');
    await expect(bell(page)).toHaveAccessibleName('Notifications');
    await expect.poll(() => serverWelcome(page), { timeout: SYNC_TIMEOUT }).toEqual({ is_read: true, is_archived: false, _deleted: false });
    await expect(pendingCount(page)).toHaveText('0', { timeout: SYNC_TIMEOUT });
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();

    // Offline, after a reload from the service worker, the bell still lists it (from the local store).
    await activeServiceWorker(page);
    await network.goOffline();
    const offlineLoad = await page.reload();
    expect(offlineLoad?.fromServiceWorker(), 'the offline reload was answered by the service worker').toBe(true);
    await expectOffline(page);
    await bell(page).click();
    await expect(panel.getByRole('button', { name: new RegExp(`^${WELCOME}`) })).toBeVisible();

    // Archived offline: gone from the bell, one change pending, the server not told yet.
    await panel.getByRole('button', { name: `Archive notification: ${WELCOME}` }).click();
    await expect(panel.getByText('You have no notifications.')).toBeVisible();
    await expect(pendingCount(page)).toHaveText('1');
    await expectAccessible(page, 'the empty notifications panel offline');
    expect(await serverWelcome(page)).toEqual({ is_read: true, is_archived: false, _deleted: false });
    expect(network.leaks).toEqual([]);

    // Reconnect: the archive reaches the server.
    await network.goOnline();
    await expect(pendingCount(page)).toHaveText('0', { timeout: SYNC_TIMEOUT });
    await expect.poll(() => serverWelcome(page), { timeout: SYNC_TIMEOUT }).toEqual({ is_read: true, is_archived: true, _deleted: false });

    // And it stays archived after a reload.
    await page.reload();
    await expectOnline(page);
    await bell(page).click();
    await expect(notificationsPanel(page).getByText('You have no notifications.')).toBeVisible();
  });
});
