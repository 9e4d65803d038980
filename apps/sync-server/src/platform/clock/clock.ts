/**
 * The server's clock for every rule where time decides something (join windows, starting and completing visits,
 * request expiry, reminders and other jobs). It reads the real time unless the server runs in test mode
 * (TEST_MODE=true, refused with NODE_ENV=production; docs/decisions/0039), where a test may move it: the journeys
 * then never wait real minutes for a visit to start. It keeps ticking after a move (an offset, not a frozen
 * instant), as the browser's clock does under Playwright's page.clock.
 */
let offsetMs = 0;
let movable = false;

export const clock = {
  now: (): Date => new Date(Date.now() + offsetMs),
};

/** Called once at start in test mode; without it the clock cannot be moved. */
export function allowTestClock(): void {
  movable = true;
}

/** Moves the clock so that it reads `at` now (and ticks on from there). */
export function setTestTime(at: Date): Date {
  if (!movable) throw new Error('The clock can only be moved in test mode (TEST_MODE=true).');
  offsetMs = at.getTime() - Date.now();
  return clock.now();
}

/** Moves the clock by `ms` (a negative value moves it back). */
export function advanceTestClock(ms: number): Date {
  return setTestTime(new Date(clock.now().getTime() + ms));
}

/** Back to the real time. */
export function resetTestClock(): Date {
  offsetMs = 0;
  return clock.now();
}
