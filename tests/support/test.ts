import { type Browser, type BrowserContext, test as base, expect, type Page } from '@playwright/test';
import { expectAccessible, recordChecksIn, routePattern } from './a11y';

export * from '@playwright/test';
export { expectAccessible } from './a11y';

/**
 * Every journey's test, with the accessibility ledger of decision 0038: it notes each route on which a page showed
 * a main heading (h1), in the fixture's context and in any context the test opens with browser.newContext; at the
 * end of a passing test it checks each open page's final route and fails if a route shown was never checked.
 */

/** Called by the init script of every watched document when an h1 appears or changes at a new path. */
const HEADING_BINDING = '__simvisitHeadingShown';

/**
 * Runs in the top document of every page before the app: a route has been shown once an h1 is added or changed
 * while the location is on it. A redirect passes through a route without rendering it, so it is not counted.
 */
function reportShownHeadings(binding: string): void {
  if (window !== window.top) return;
  let lastReported = '';
  const touchesHeading = (node: Node | null): boolean => {
    if (!node) return false;
    const element = node instanceof Element ? node : node.parentElement;
    return Boolean(element && (element.closest('h1') || element.querySelector('h1')));
  };
  new MutationObserver((mutations) => {
    if (location.pathname === lastReported) return;
    const shown = mutations.some(
      (mutation) =>
        touchesHeading(mutation.target.nodeType === Node.TEXT_NODE ? mutation.target : null) ||
        Array.from(mutation.addedNodes).some(touchesHeading),
    );
    if (!shown) return;
    lastReported = location.pathname;
    const report = (window as unknown as Record<string, ((href: string) => Promise<void>) | undefined>)[binding];
    void report?.(location.href);
  }).observe(document, { childList: true, subtree: true, characterData: true });
}

class AccessibilityLedger {
  readonly shown = new Map<string, string>();
  readonly checked = new Set<string>();
  readonly pages = new Set<Page>();
  private readonly watched = new WeakSet<BrowserContext>();

  async watch(context: BrowserContext): Promise<void> {
    if (this.watched.has(context)) return;
    this.watched.add(context);
    for (const page of context.pages()) this.pages.add(page);
    context.on('page', (page) => this.pages.add(page));
    await context.exposeBinding(HEADING_BINDING, ({ page }, href: string) => {
      this.pages.add(page);
      const route = routePattern(href);
      if (!this.shown.has(route)) this.shown.set(route, href);
    });
    await context.addInitScript(reportShownHeadings, HEADING_BINDING);
  }

  /** Each open page's final state, if it is a route the app rendered. */
  async checkFinalPages(): Promise<void> {
    for (const page of this.pages) {
      if (page.isClosed() || !this.shown.has(routePattern(page.url()))) continue;
      await expectAccessible(page, `the final page ${routePattern(page.url())}`);
    }
  }

  unchecked(): string[] {
    return [...this.shown].filter(([route]) => !this.checked.has(route)).map(([route, href]) => `${route} (first seen at ${href})`);
  }
}

/** Contexts the test opens itself are watched too, while the test runs. */
function watchNewContexts(browser: Browser, ledger: AccessibilityLedger): () => void {
  const original = browser.newContext;
  browser.newContext = async function newWatchedContext(this: Browser, ...args: Parameters<Browser['newContext']>) {
    const context = await original.apply(this, args);
    await ledger.watch(context);
    return context;
  };
  return () => {
    browser.newContext = original;
  };
}

export interface AccessibilityOptions {
  /**
   * On (the default): the final pages are checked and every route shown must have been checked. A spec whose
   * journeys do not yet call expectAccessible on each page turns it off with test.use({ accessibilityCoverage: false }).
   */
  accessibilityCoverage: boolean;
}

export const test = base.extend<AccessibilityOptions & { accessibilityLedger: AccessibilityLedger }>({
  accessibilityCoverage: [true, { option: true }],
  accessibilityLedger: [
    async ({ browser, context, accessibilityCoverage }, use, testInfo) => {
      const ledger = new AccessibilityLedger();
      // Without coverage nothing reads the ledger, so no page gets the heading observer. (The observer never
      // blocked dnd-kit's keyboard reorder: the journeys pressed an arrow before dnd-kit listened for it; see
      // pickUpWithKeyboard in support/sortable.ts.)
      if (!accessibilityCoverage) {
        await use(ledger);
        return;
      }
      await ledger.watch(context);
      const restoreNewContext = watchNewContexts(browser, ledger);
      recordChecksIn(ledger.checked);
      try {
        await use(ledger);
        if (testInfo.status !== testInfo.expectedStatus) return;
        await ledger.checkFinalPages();
        expect(ledger.unchecked(), 'routes the journey showed without an accessibility check (await expectAccessible(page))').toEqual([]);
      } finally {
        recordChecksIn(undefined);
        restoreNewContext();
      }
    },
    { auto: true },
  ],
});
