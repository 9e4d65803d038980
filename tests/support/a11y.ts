import { createHash } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import type { Result } from 'axe-core';
import { pageFingerprint } from './page-fingerprint';

/**
 * The accessibility check of issue 10 item 9 (decision 0038): axe-core with every WCAG 2.0, 2.1 and 2.2 rule of
 * levels A and AA, no rule turned off.
 */
// axe-core has no wcag22a tag: its only WCAG 2.2 rule (target-size) is level AA.
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * A page's route without its ids: a path segment with a digit in it is a record id or a token
 * (/visit/9003/scorecard and /visit/9004/scorecard are one page, /visit/:id/scorecard).
 */
export function routePattern(url: string): string {
  const { pathname } = new URL(url);
  return pathname
    .split('/')
    .map((segment) => (/\d/.test(segment) ? ':id' : segment))
    .join('/');
}

/** What the running test has checked, kept by the fixture of support/test.ts (one worker runs one test at a time). */
export interface CheckedRoutes {
  add(route: string): void;
}
let checkedRoutes: CheckedRoutes | undefined;
export function recordChecksIn(routes: CheckedRoutes | undefined): void {
  checkedRoutes = routes;
}

/** Transitions and animations jump to their end state, so colours are read as they settle, not mid-fade. */
const SETTLE_STYLE_ID = 'simvisit-a11y-settle';
async function withSettledStyles<T>(page: Page, run: () => Promise<T>): Promise<T> {
  await page.evaluate((id) => {
    const style = document.createElement('style');
    style.id = id;
    style.textContent = '*, *::before, *::after { transition: none !important; animation: none !important; }';
    document.head.append(style);
  }, SETTLE_STYLE_ID);
  try {
    return await run();
  } finally {
    await page.evaluate((id) => document.getElementById(id)?.remove(), SETTLE_STYLE_ID).catch(() => undefined);
  }
}

/** One line per failing element: the rule, its impact and help, the element's selector and what axe measured. */
export function describeViolations(violations: Result[]): string[] {
  return violations.flatMap((violation) =>
    violation.nodes.map((node) => {
      const target = node.target.map((selector) => (Array.isArray(selector) ? selector.join(' >>> ') : String(selector))).join(' >>> ');
      const measured = (node.failureSummary ?? '').replace(/\s+/g, ' ').trim();
      return `${violation.id} (${violation.impact ?? 'no impact'}) ${violation.help}: ${target} — ${measured}`;
    }),
  );
}

/**
 * Runs axe on the page as it is now and fails (softly, so one run lists every page's violations) with one line
 * per violation. Call it once the page's main heading and content are visible.
 */
export async function expectAccessible(page: Page, label?: string): Promise<void> {
  const route = routePattern(page.url());
  const name = label ?? route;
  // The check's own time is added to the test's budget (a journey's timeout is about the journey): a minute more
  // while it runs, then exactly what it took.
  const testInfo = test.info();
  const budget = testInfo.timeout;
  const started = Date.now();
  testInfo.setTimeout(budget + 60_000);
  try {
    await checkNow(page, name, route);
  } finally {
    testInfo.setTimeout(budget + (Date.now() - started));
  }
}

/**
 * The pages this worker has already found free of violations, by route and fingerprint (support/page-fingerprint.ts):
 * the same page met again in another journey is not scanned again (decision 0084). A11Y_EVERY_TIME=1 scans every
 * time.
 */
const passedInThisWorker = new Set<string>();
const everyTime = process.env.A11Y_EVERY_TIME === '1';

async function checkNow(page: Page, name: string, route: string): Promise<void> {
  await test.step(`accessibility of ${name}`, async () => {
    await expect(page.locator('h1').first(), `${name} shows its main heading`).toBeVisible();
    // A page still loading is checked once its spinners are gone; one that keeps a spinner (the Zoom wait page) after 5 s.
    await page
      .locator('[role="status"] svg.animate-spin')
      .first()
      .waitFor({ state: 'hidden', timeout: 5_000 })
      .catch(() => undefined);
    const seen = everyTime
      ? null
      : `${route}\n${createHash('sha1')
          .update(await page.evaluate(pageFingerprint))
          .digest('hex')}`;
    if (seen && passedInThisWorker.has(seen)) {
      checkedRoutes?.add(route);
      return;
    }
    // Legacy mode runs axe.run in the page itself; the default mode opens a blank page in the context to merge the
    // frames' results, which a journey waiting for a popup or counting pages would see.
    // options() replaces AxeBuilder's whole options object, runOnly included: it comes before withTags, or every
    // rule of axe (best practices too) would run instead of the WCAG ones.
    const results = await withSettledStyles(page, () =>
      new AxeBuilder({ page })
        .options({ resultTypes: ['violations'] })
        .withTags(WCAG_TAGS)
        .setLegacyMode(true)
        .analyze(),
    );
    checkedRoutes?.add(route);
    if (seen && results.violations.length === 0) passedInThisWorker.add(seen);
    expect.soft(describeViolations(results.violations), `WCAG 2.2 AA violations on ${name} (${page.url()})`).toEqual([]);
  });
}
