import type { Locator, Page } from '@playwright/test';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The form control whose <label> reads exactly `label`, allowing the required-field star the design
 * system appends ("Email*"); "New Password" does not match "Confirm New Password".
 */
export function field(scope: Page | Locator, label: string): Locator {
  return scope.getByLabel(new RegExp(`^\\s*${escapeRegExp(label)}\\s*\\*?\\s*$`));
}
