import { login } from '../../support/auth';
import { createUser, createVisit } from '../../support/factories';
import { expect, expectAccessible, type Page, test } from '../../support/test';

/**
 * Issue 22 item 1 (decision 0085): on a phone the learner's 'Please confirm your visit' alerts arrived after the
 * visit tabs had drawn and pushed them some 150 px down (CLS 0.25). Here the list that holds the alerts answers
 * late on purpose; the page must still not move.
 */

test.use({ viewport: { width: 390, height: 844 } });

/** The page's cumulative layout shift so far (shifts right after an input do not count, as in Lighthouse). */
async function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const sum = (entries: PerformanceEntryList) =>
          entries.reduce((total, e) => {
            const shift = e as PerformanceEntry & { value: number; hadRecentInput: boolean };
            return shift.hadRecentInput ? total : total + shift.value;
          }, 0);
        // A buffered observer hands over every shift so far in its first call; none at all means no call.
        const observer = new PerformanceObserver((list) => {
          observer.disconnect();
          resolve(sum(list.getEntries()));
        });
        observer.observe({ type: 'layout-shift', buffered: true });
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(() => resolve(0), 200)));
      }),
  );
}

test('the learner dashboard does not move when the confirmation alerts arrive', async ({ page }) => {
  const learner = await createUser('learner', { first: 'Steady' });
  const sp = await createUser('standardized_patient', { first: 'Pat' });
  await createVisit({ learner, sp, startsInMinutes: 2 * 1440, confirmed: false });
  await login(page, learner.email, { password: learner.password });

  // The scheduled list (which holds the alerts) answers well after the others.
  await page.route('**/api/visit/get-user-visits', async (route) => {
    const body = route.request().postDataJSON() as { type?: string } | null;
    if (body?.type === 'scheduled') await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.reload();

  const tabs = page.getByRole('tablist', { name: 'Learner visits' });
  await expect(page.getByText('Please confirm your visit')).toBeVisible();
  await expect(tabs).toBeVisible();
  await expect(page.getByRole('tabpanel').getByText(/Loading/)).toHaveCount(0);
  const alertsBox = await page.getByRole('region', { name: 'Alerts' }).boundingBox();
  const tabsBox = await tabs.boundingBox();
  expect(tabsBox!.y).toBeGreaterThan(alertsBox!.y + alertsBox!.height - 1);
  expect(await layoutShift(page)).toBeLessThan(0.1);
  await expectAccessible(page);
});
