import { randomUUID } from 'node:crypto';
import { type APIRequestContext, type BrowserContext, expect, type Locator, type Page, type Request, type Route } from '@playwright/test';
import { notification } from './auth';
import { field } from './forms';

/**
 * Offline journeys (issue 3, decision 0014): the shell's sync status, a real network cut, the server's
 * replicated documents, and the availability editor of /profile.
 */

// ---------------------------------------------------------------------------------------------------------
// The shell's sync state (features/sync/SyncStatus.tsx)

export function syncStatus(page: Page): Locator {
  return page.getByTestId('sync-status');
}

export function pendingCount(page: Page): Locator {
  return page.getByTestId('sync-pending-count');
}

/** The banner asking for a decision about a conflict or a refused write (features/sync/SyncIssues.tsx). */
export function syncConflict(page: Page): Locator {
  return page.getByTestId('sync-conflict');
}

export async function expectOnline(page: Page): Promise<void> {
  await expect(syncStatus(page)).toHaveAttribute('data-online', 'true');
  await expect(syncStatus(page).getByRole('status')).toHaveText('Online');
}

export async function expectOffline(page: Page): Promise<void> {
  await expect(syncStatus(page)).toHaveAttribute('data-online', 'false');
  await expect(syncStatus(page).getByRole('status')).toHaveText('Offline');
}

/** Writes made offline are pushed as soon as the network returns (decision 0083); the rest is margin for a loaded machine. */
export const SYNC_TIMEOUT = 20_000;

// ---------------------------------------------------------------------------------------------------------
// The service worker

/**
 * Waits until the page's service worker is installed and activated (its precache complete), and returns
 * its script's path and scope.
 */
export async function activeServiceWorker(page: Page, timeout = 15_000): Promise<{ script: string; scope: string; state: string }> {
  return page.evaluate(async (ms) => {
    const registration = await Promise.race([
      navigator.serviceWorker.ready,
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no active service worker after ${ms} ms`)), ms)),
    ]);
    const worker = registration.active!;
    if (worker.state !== 'activated') {
      await new Promise<void>((resolve) => {
        worker.addEventListener('statechange', () => {
          if (worker.state === 'activated') resolve();
        });
      });
    }
    return { script: new URL(worker.scriptURL).pathname, scope: new URL(registration.scope).pathname, state: worker.state };
  }, timeout);
}

/** A fetch made by the service worker itself (not by the page): 'ok', 'failed' or the HTTP status. */
export async function serviceWorkerFetch(context: BrowserContext, path: string): Promise<string> {
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  return worker.evaluate(
    (url) =>
      fetch(url, { cache: 'no-store' }).then(
        (r) => (r.ok ? 'ok' : String(r.status)),
        () => 'failed',
      ),
    path,
  );
}

// ---------------------------------------------------------------------------------------------------------
// A real network cut

/**
 * Cuts the browser context off the network for real. `context.setOffline(true)` alone does not stop the
 * service worker's own fetches in Playwright (TOOLCHAIN.md), so every request of the context, the service
 * worker's included, is also aborted. Anything that still reaches the server while offline (a response
 * that did not come from the service worker) is recorded in `leaks`, which a journey asserts empty.
 * Not covered by either: the browser's own update check of /sw.js (registration.update(), made by the
 * browser for the registration, invisible to Playwright); it serves nothing to the app.
 */
export class Network {
  private offline = false;
  /** Requests the page or the service worker made while offline. */
  private readonly madeOffline = new WeakSet<Request>();
  /** Requests made and finished while offline that the network answered (not the service worker): must stay empty. */
  readonly leaks: string[] = [];
  /** Paths of the requests the cut aborted, '[service worker] ' before the worker's own. */
  readonly aborted: string[] = [];

  constructor(private readonly context: BrowserContext) {
    context.on('request', (request) => {
      if (this.offline) this.madeOffline.add(request);
    });
    // Judged when the request finishes: one the app queued while offline that went out once the cut was lifted
    // (a retried push racing goOnline) reached a server that was reachable again, which is no leak.
    context.on('requestfinished', (request) => {
      if (this.offline) void this.check(request);
    });
  }

  private async check(request: Request): Promise<void> {
    if (!this.madeOffline.has(request)) return;
    const response = await request.response().catch(() => null);
    if (response && !response.fromServiceWorker()) this.leaks.push(`${request.method()} ${request.url()}`);
  }

  private readonly cut = async (route: Route): Promise<void> => {
    const url = new URL(route.request().url());
    this.aborted.push(`${route.request().serviceWorker() ? '[service worker] ' : ''}${url.pathname}`);
    await route.abort('internetdisconnected');
  };

  async goOffline(): Promise<void> {
    await this.context.setOffline(true);
    await this.context.route('**/*', this.cut);
    // Counted from here: a request the app made while the cut was still being put in place (a pull already on
    // its way) was made online.
    this.offline = true;
  }

  /** Lifts the cut; routes a journey added itself stay. */
  async goOnline(): Promise<void> {
    // Requests from here on may reach the server.
    this.offline = false;
    await this.context.unroute('**/*', this.cut);
    await this.context.setOffline(false);
  }
}

// ---------------------------------------------------------------------------------------------------------
// The server's replicated documents, through the signed-in context's cookies

export interface AvailabilityDoc {
  id: string;
  write_id: string;
  _deleted: boolean;
  user_id: number;
  day: string;
  start_time: string;
  end_time: string;
  timezone: string;
  updated_at: string;
}

export interface NotificationDoc {
  id: string;
  write_id: string;
  _deleted: boolean;
  title: string;
  is_read: boolean;
  is_archived: boolean;
}

const PULL_LIMIT = 500;

/**
 * Every document of a collection the signed-in user may pull (GET /sync/v1/<collection>/pull, following
 * the checkpoint), deleted ones included, each in its latest state. The request context shares the
 * browser context's cookies and is not affected by its network cut.
 */
export async function pullAll<T extends { id: string }>(request: APIRequestContext, collection: string): Promise<T[]> {
  const docs = new Map<string, T>();
  let checkpoint: unknown = null;
  for (;;) {
    const params = new URLSearchParams({ limit: String(PULL_LIMIT) });
    if (checkpoint) params.set('checkpoint', JSON.stringify(checkpoint));
    const response = await request.get(`/sync/v1/${collection}/pull?${params}`, { headers: { Accept: 'application/json' } });
    expect(response.ok(), `GET /sync/v1/${collection}/pull answered ${response.status()}`).toBe(true);
    const body = (await response.json()) as { documents: T[]; checkpoint: unknown };
    for (const doc of body.documents) docs.set(doc.id, doc);
    if (body.documents.length < PULL_LIMIT || !body.checkpoint) break;
    checkpoint = body.checkpoint;
  }
  return [...docs.values()];
}

export async function serverAvailability(request: APIRequestContext, id: string): Promise<AvailabilityDoc | undefined> {
  return (await pullAll<AvailabilityDoc>(request, 'availabilities')).find((d) => d.id === id);
}

/** The ids of the user's availabilities on the server (to tell a new one from those earlier runs left). */
export async function serverAvailabilityIds(request: APIRequestContext): Promise<Set<string>> {
  return new Set((await pullAll<AvailabilityDoc>(request, 'availabilities')).map((d) => d.id));
}

export type Window = Pick<AvailabilityDoc, 'day' | 'start_time' | 'end_time'>;

/**
 * Setup and teardown, not part of a journey: deletes the signed-in user's availabilities on these days on
 * the server (a push of soft deletes, as a device would send), so a journey starts from, and leaves, an
 * empty day even after a retry. The app's devices get the deletes through the change stream.
 */
export async function removeServerAvailabilities(page: Page, days: readonly string[]): Promise<void> {
  const docs = (await pullAll<AvailabilityDoc>(page.request, 'availabilities')).filter((d) => !d._deleted && days.includes(d.day));
  if (docs.length === 0) return;
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN');
  expect(xsrf, 'the XSRF-TOKEN cookie of the signed-in context').toBeDefined();
  const response = await page.request.post('/sync/v1/availabilities/push', {
    headers: { Accept: 'application/json', 'X-XSRF-TOKEN': decodeURIComponent(xsrf!.value) },
    data: docs.map((doc) => ({ assumedMasterState: doc, newDocumentState: { ...doc, _deleted: true, write_id: randomUUID() } })),
  });
  expect(response.ok(), `POST /sync/v1/availabilities/push answered ${response.status()}`).toBe(true);
  expect(await response.json()).toEqual({ conflicts: [], rejected: [] });
}

function windowOf(doc: AvailabilityDoc | undefined): (Window & { timezone: string; deleted: boolean }) | null {
  return doc ? { day: doc.day, start_time: doc.start_time, end_time: doc.end_time, timezone: doc.timezone, deleted: doc._deleted } : null;
}

/** Polls the server until the availability `id` reads as `expected` (in `timezone`, not deleted). */
export async function expectServerWindow(
  request: APIRequestContext,
  id: string,
  expected: Window,
  options: { timezone: string; timeout?: number },
): Promise<AvailabilityDoc> {
  let found: AvailabilityDoc | undefined;
  await expect
    .poll(
      async () => {
        found = await serverAvailability(request, id);
        return windowOf(found);
      },
      { message: `availability ${id} on the server`, timeout: options.timeout ?? SYNC_TIMEOUT },
    )
    .toEqual({ ...expected, timezone: options.timezone, deleted: false });
  return found!;
}

/** Polls the server for the one new availability (not in `before`) that reads as `expected`. */
export async function expectNewServerWindow(
  request: APIRequestContext,
  before: Set<string>,
  expected: Window,
  options: { timezone: string; timeout?: number },
): Promise<AvailabilityDoc> {
  let created: AvailabilityDoc[] = [];
  await expect
    .poll(
      async () => {
        created = (await pullAll<AvailabilityDoc>(request, 'availabilities')).filter((d) => !before.has(d.id));
        return created.map(windowOf);
      },
      { message: 'the new availability on the server', timeout: options.timeout ?? SYNC_TIMEOUT },
    )
    .toEqual([{ ...expected, timezone: options.timezone, deleted: false }]);
  return created[0]!;
}

// ---------------------------------------------------------------------------------------------------------
// The availability editor of /profile (features/availability/AvailabilityCard.tsx)

/** 'HH:mm' as the app shows it: '9:00 am', '12:30 pm'. */
export function clockTime(time: string): string {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, '0')} ${h < 12 ? 'am' : 'pm'}`;
}

/** '9:00 am – 10:00 am', an entry's text in the list. */
export function windowText(w: Window): string {
  return `${clockTime(w.start_time)} – ${clockTime(w.end_time)}`;
}

/** 'Monday 9:00 am – 10:00 am', how the conflict dialog describes a version. */
export function describeWindow(w: Window): string {
  return `${w.day} ${windowText(w)}`;
}

export function availabilityCard(page: Page): Locator {
  return page.getByTestId('availability-card');
}

/** One weekday's section of the editor. */
export function availabilityDay(page: Page, day: string): Locator {
  return availabilityCard(page).getByRole('region', { name: day, exact: true });
}

/** The entries (view mode) of a weekday. */
export function availabilityEntries(page: Page, day: string): Locator {
  return availabilityDay(page, day).getByTestId('availability-entry');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The entry that reads exactly as this window ('1:00 pm – 2:00 pm' does not match '11:00 pm – 2:00 pm'). */
export function availabilityEntry(page: Page, w: Window): Locator {
  return availabilityEntries(page, w.day).filter({ hasText: new RegExp(`^\\s*${escapeRegExp(windowText(w))}\\s*$`) });
}

async function fillEditor(page: Page, day: string, w: Window): Promise<void> {
  const form = availabilityCard(page).getByRole('form', { name: `Availability on ${day}` });
  await field(form, 'Start Time').fill(w.start_time);
  await field(form, 'End Time').fill(w.end_time);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toHaveCount(0);
}

/** Adds a window with the day's Add button (add mode), then waits for it in the list. */
export async function addAvailability(page: Page, w: Window): Promise<void> {
  await availabilityCard(page)
    .getByRole('button', { name: `Add availability for ${w.day}` })
    .click();
  await fillEditor(page, w.day, w);
  await expect(availabilityEntry(page, w)).toHaveCount(1);
}

/** Edits the entry `from` into `to` (edit mode), then waits for the new times in the list. */
export async function editAvailability(page: Page, from: Window, to: Window): Promise<void> {
  await availabilityCard(page)
    .getByRole('button', { name: `Edit ${describeWindow(from)}`, exact: true })
    .click();
  await fillEditor(page, from.day, to);
  await expect(availabilityEntry(page, to)).toHaveCount(1);
  await expect(availabilityEntry(page, from)).toHaveCount(0);
}

/** The notice an availability saved without a network shows. */
export function savedOfflineNotice(page: Page): Locator {
  return notification(page, 'Availability added!').filter({ hasText: 'Saved on this device. It will sync when you are back online.' });
}
