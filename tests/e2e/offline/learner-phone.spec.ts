import { login, notification } from '../../support/auth';
import { createUser, createVisit, createVisitRequest, type TestUser } from '../../support/factories';
import { activeServiceWorker, expectOffline, expectOnline, Network } from '../../support/sync';
import { expect, expectAccessible, type Page, test } from '../../support/test';

// This journey needs the service worker (offline, install, push): on, as on a person's device (decision 0084).
test.use({ serviceWorkers: 'allow' });

/**
 * The learner's phone (issue 22 items 4 and 5, decision 0088), on a 390×844 screen: the learner's visit and the
 * scenario list open after a reload with the network really cut (the service worker's fetches too), from the
 * copies saved on the device, with an offline notice instead of a spinner, and the scheduling page says booking
 * needs a connection (decision 0090); the sync state stays in the sticky top
 * bar and never says 'Synced just now' offline; the chrome above a page's title is at most 120 px; toasts never
 * cover the top bar's controls. Each test makes its own learner, SP and visit.
 */

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/** A scenario the learner has neither a visit nor a request of (the factories make them of AWV). */
const BOOKABLE = 'Acute low back pain';

async function learnerWithVisit(): Promise<{ learner: TestUser; visitId: number }> {
  const learner = await createUser('learner', { first: 'Lee' });
  const sp = await createUser('standardized_patient', { first: 'Pat' });
  const visitId = await createVisit({ learner, sp, startsInMinutes: 2 * 1440 });
  return { learner, visitId };
}

/** How far below the top of the screen the page's title starts: the chrome above it. */
async function chromeAboveTitle(page: Page): Promise<number> {
  const box = await page.getByRole('heading', { level: 1 }).first().boundingBox();
  expect(box, 'the page has a visible title').not.toBeNull();
  return box!.y;
}

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test.describe("The learner's phone (issue 22)", () => {
  // Offline reloads and a service worker install: slower than most journeys.
  test.slow();

  test("the learner's visit, request and the scenario list open offline after a reload, from the device", async ({ page, context }) => {
    const network = new Network(context);
    const { learner, visitId } = await learnerWithVisit();
    const requestId = await createVisitRequest({ learner, datesInMinutes: [3 * 1440, 4 * 1440] });
    await login(page, learner.email, { password: learner.password });

    // Online once: the lists and the visit are saved on the device as they load.
    await page.goto('/scenarios');
    await expect(page.getByRole('heading', { level: 1, name: 'Available Scenarios' })).toBeVisible();
    const cards = page.locator('article[data-scenario-id]');
    await expect(cards.first()).toBeVisible();
    const onlineCount = await cards.count();
    // A scenario to book (the learner's visit and request are of another one): its page is saved as it loads.
    await page.getByRole('link', { name: BOOKABLE }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: BOOKABLE })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Schedule Your Visit' })).toBeVisible();
    const bookablePath = new URL(page.url()).pathname;
    await page.goto(`/request/${requestId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Visit Request' })).toBeVisible();
    const details = page.locator('main dl').first();
    const requested = await details.textContent();
    await expect(page.getByRole('button', { name: 'Cancel Request' })).toBeVisible();
    await page.goto(`/visit/${visitId}`);
    await expect(page.getByRole('heading', { name: 'This visit is scheduled for:' })).toBeVisible();
    const date = await page.getByTestId('visit-date').textContent();
    await expect(page.getByRole('button', { name: 'Cancel Visit' })).toBeVisible();
    await expectOnline(page);
    await activeServiceWorker(page);

    // The network cut, then a reload: the visit shows from the device with a notice, and no action that needs
    // the network is offered.
    await network.goOffline();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'This visit is scheduled for:' })).toBeVisible();
    await expect(page.getByTestId('visit-date')).toHaveText(date ?? '');
    await expect(page.getByTestId('visit-saved-copy')).toContainText('You are offline.');
    await expect(page.getByRole('button', { name: 'Cancel Visit' })).toHaveCount(0);
    await expect(page.getByText('Unable to reach the server')).toHaveCount(0);
    await expectOffline(page);
    // Offline the shell says when it last reached the server, never that it synced just now.
    await expect(page.getByTestId('sync-last-synced')).not.toHaveText('Synced just now');
    await expectAccessible(page, 'the visit page offline');

    // The scenario list, reloaded offline: the saved list and its notice, no spinner.
    await page.goto('/scenarios');
    await expect(page.getByRole('heading', { level: 1, name: 'Available Scenarios' })).toBeVisible();
    await expect(page.getByTestId('scenarios-saved-copy')).toBeVisible({ timeout: 5_000 });
    await expect(cards).toHaveCount(onlineCount);
    await expect(page.getByText('Loading scenarios')).toHaveCount(0);
    await expectOffline(page);
    await expectAccessible(page, 'the scenario list offline');

    // Booking needs the server: the scenario's page opens from the device and says so in place of the form.
    await page.goto(bookablePath);
    await expect(page.getByRole('heading', { level: 1, name: BOOKABLE })).toBeVisible();
    await expect(page.getByTestId('schedule-offline')).toHaveText(
      'You are offline. Scheduling a visit needs a connection: the free times and the fee come from the server. Open this page again when you are back online.',
    );
    await expect(page.getByRole('button', { name: 'Schedule Your Visit' })).toHaveCount(0);
    await expect(page.getByText('Error Loading Scenario')).toHaveCount(0);
    await expectAccessible(page, 'the scheduling page offline');

    // The learner's request: its dates from the device, its actions replaced by the notice.
    await page.goto(`/request/${requestId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Visit Request' })).toBeVisible();
    await expect(details).toHaveText(requested ?? '');
    await expect(page.getByTestId('request-saved-copy')).toContainText('You are offline.');
    await expect(page.getByRole('button', { name: 'Cancel Request' })).toHaveCount(0);
    await expectAccessible(page, 'the visit request offline');

    // The sync state stays in view when the page scrolls.
    await page.mouse.wheel(0, 2000);
    await expect(page.getByTestId('sync-status')).toBeInViewport();
    expect(network.leaks).toEqual([]);
    await network.goOnline();
  });

  test('at most 120 px of chrome above the title, and toasts clear of the menu and the bell', async ({ page }) => {
    const { learner, visitId } = await learnerWithVisit();
    await login(page, learner.email, { password: learner.password });

    await page.goto('/scenarios');
    await expect(page.getByRole('heading', { level: 1, name: 'Available Scenarios' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Return to Dashboard' })).toBeVisible();
    expect(await chromeAboveTitle(page)).toBeLessThanOrEqual(120);
    await expectAccessible(page, 'the scenario list on a phone');

    await page.goto(`/visit/${visitId}`);
    await expect(page.getByRole('heading', { name: 'This visit is scheduled for:' })).toBeVisible();
    expect(await chromeAboveTitle(page)).toBeLessThanOrEqual(120);
    await expectAccessible(page, 'the visit page on a phone');

    // A toast (the confirmation's) leaves the top bar's controls free.
    await page.getByRole('button', { name: 'Confirm Visit' }).click();
    const toast = notification(page, 'Visit has been confirmed.');
    await expect(toast).toBeVisible();
    const toastBox = (await toast.boundingBox())!;
    for (const control of [page.getByRole('button', { name: 'Open menu' }), page.getByRole('button', { name: /^Notifications/ })]) {
      const box = (await control.boundingBox())!;
      expect(overlaps(toastBox, box), 'the toast covers a control of the top bar').toBe(false);
    }
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
  });
});
