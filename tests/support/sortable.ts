import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Picks up a sortable item (dnd-kit) by its drag handle with the keyboard, ready for the arrow keys.
 *
 * dnd-kit's KeyboardSensor marks the handle pressed (aria-pressed) during the Space keydown, but adds its own
 * keydown listener for the arrows only in a setTimeout after it: an arrow pressed before that timer runs is not
 * seen, and the item stays put. Whether the timer has run by the next key press depends on the page's other work
 * (the accessibility fixture's heading observer, a slow machine), so the journey waits for it: a timeout set
 * after dnd-kit's, with the same delay, runs after it (HTML timers of equal delay run in the order they were set).
 */
export async function pickUpWithKeyboard(page: Page, handle: Locator): Promise<void> {
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
  await page.evaluate(() => new Promise<void>((resolve) => setTimeout(resolve)));
}
