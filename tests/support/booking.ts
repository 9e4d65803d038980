import { expect, type Page } from '@playwright/test';

/*
 * The learner's scheduling page as the booking journeys drive it (visit-requests, booking-on-a-phone, visit-journey).
 */

/**
 * The nth Tuesday, Wednesday or Thursday at least 4 days after `now` (the server's test clock, decision 0039),
 * 'YYYY-MM-DD': the journeys' dates follow the clock the server's rules read, not the real day.
 */
export function bookingDate(now: Date, offset = 0): string {
  const day = new Date(now);
  day.setUTCDate(day.getUTCDate() + 4);
  let found = -1;
  for (;;) {
    if ([2, 3, 4].includes(day.getUTCDay()) && ++found === offset) return day.toISOString().slice(0, 10);
    day.setUTCDate(day.getUTCDate() + 1);
  }
}

/**
 * Picks a date and the nth offered time of one of the two choices; answers the slot's value ('YYYY-MM-DD HH:MM:00',
 * checked to be on that date) and the words the picker showed for it.
 */
export async function chooseTime(page: Page, label: 'First Choice' | 'Alternate Choice', date: string, index: number) {
  await page.getByLabel(`${label} Date`).fill(date);
  const time = page.getByLabel(`${label} Time`);
  await expect(time).toBeVisible();
  const [value] = await time.selectOption({ index });
  expect(value, `a time offered on ${date}`).toMatch(new RegExp(`^${date} \\d\\d:\\d\\d:00$`));
  const words = (await time.locator('option:checked').textContent())!.trim();
  return { value: value!, words };
}
