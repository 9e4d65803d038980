import { instantToSlot } from '@simvisit/schema';
import { login } from './auth';
import { type Browser, type BrowserContext, expect, type Page } from './test';

/*
 * What the journeys that meet in a session share (the visit journey, the recruitment journey): people in their
 * own browser contexts whose clocks can follow the server's test clock (decision 0039), the meeting service
 * answered locally, the pickers' values in the journeys' zone (playwright.config.ts), and pressing Join.
 */

/** The zone of the journeys' browsers and of the factories' profiles (playwright.config.ts, docs/decisions/0086). */
export const JOURNEY_ZONE = 'America/New_York';

/** 'YYYY-MM-DDTHH:mm' of an instant in the journeys' zone: the value of a datetime-local picker there. */
export function pickerValue(at: Date): string {
  return instantToSlot(at, JOURNEY_ZONE).slice(0, 16).replace(' ', 'T');
}

/** The meeting service is not reachable from here: its page is answered locally, its address is what counts. */
export async function answerMeetings(context: BrowserContext): Promise<void> {
  await context.route('https://meet.jit.si/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>Meeting</title>' }));
}

/**
 * A new browser context (the config's options: base URL, UTC) with the meetings answered; with `clock`, its clock
 * is a test clock from that time ('now': the real time) on, to be moved with advanceClocks (tests/support/factories).
 */
export async function personPage(browser: Browser, contexts: BrowserContext[], clock?: Date | 'now'): Promise<Page> {
  const context = await browser.newContext();
  contexts.push(context);
  if (clock) await context.clock.install(clock === 'now' ? {} : { time: clock });
  await answerMeetings(context);
  return context.newPage();
}

/** personPage, signed in as `email` (the demo password unless one is given). */
export async function signedIn(
  browser: Browser,
  email: string,
  contexts: BrowserContext[],
  opts: { clock?: Date | 'now'; password?: string } = {},
): Promise<Page> {
  const page = await personPage(browser, contexts, opts.clock);
  await login(page, email, opts.password ? { password: opts.password } : {});
  return page;
}

/** Presses the Join button in the window: the meeting opens in a new window and its link shows on the page. */
export async function joinMeeting(page: Page, button = 'Join'): Promise<string> {
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: button, exact: true }).click();
  const meeting = await popup;
  await expect.poll(() => meeting.url()).toMatch(/^https:\/\/meet\.jit\.si\/SimVisit-[\w-]+$/);
  const link = meeting.url();
  await meeting.close();
  await expect(page.getByRole('link', { name: 'Open the meeting' })).toHaveAttribute('href', link);
  return link;
}
