import { login } from '../../support/auth';
import { createUser, createVisit } from '../../support/factories';
import { expect, expectAccessible, type Page, test } from '../../support/test';

/**
 * Issue 22 item 1 (decision 0085, third pass): on a phone every signed-in page moved once its content replaced its
 * spinner: the frame's footer sat in the first screen under the spinner and was pushed out of it (CLS up to 0.19).
 * Here the visit answers only after the page has drawn its spinner; the footer must start below the first screen and
 * nothing may move when the visit arrives.
 */

test.use({ viewport: { width: 390, height: 844 } });

/** The page's cumulative layout shift so far (shifts right after an input do not count, as in Lighthouse). */
async function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const observer = new PerformanceObserver((list) => {
          observer.disconnect();
          resolve(
            list.getEntries().reduce((total, e) => {
              const shift = e as PerformanceEntry & { value: number; hadRecentInput: boolean };
              return shift.hadRecentInput ? total : total + shift.value;
            }, 0),
          );
        });
        observer.observe({ type: 'layout-shift', buffered: true });
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(() => resolve(0), 200)));
      }),
  );
}

test('a signed-in page whose content arrives late does not move: the footer starts below the first screen', async ({ page }) => {
  const learner = await createUser('learner', { first: 'Still' });
  const sp = await createUser('standardized_patient', { first: 'Pat' });
  const visitId = await createVisit({ learner, sp, startsInMinutes: 3 * 1440, confirmed: true });
  await login(page, learner.email, { password: learner.password });

  // The visit answers only once the page has been seen with its spinner.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(`**/api/visit/${visitId}`, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`/visit/${visitId}`);
  await expect(page.getByRole('status').filter({ hasText: 'Loading the visit' })).toBeAttached();
  expect((await page.getByRole('contentinfo').boundingBox())!.y).toBeGreaterThanOrEqual(844);
  release();

  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await layoutShift(page)).toBeLessThan(0.1);
  await expectAccessible(page);
});
