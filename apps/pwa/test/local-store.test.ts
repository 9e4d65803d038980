// The store runs on RxDB's Dexie storage behind its remote protocol, as in the browser (here within the page, no Worker:
// decision 0099); IndexedDB comes from fake-indexeddb, loaded first.
import 'fake-indexeddb/auto';
import { AVAILABILITY_MESSAGES } from '@simvisit/schema';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LocalValidationError, saveDoc } from '../src/platform/sync/local-writes';
import { closeStore, currentDatabase, openStore, removeStore } from '../src/platform/sync/store';
import { getSyncState } from '../src/platform/sync/sync-state';

// The service worker's registration is a build-time module of vite-plugin-pwa; the store only needs its reload.
vi.mock('../src/platform/app-update/app-update', () => ({ reloadForNewVersion: async () => undefined }));

// happy-dom answers navigator.locks with null, which the leader election takes for Web Locks: without them it
// elects through its broadcast channel, as in a browser that lacks the API.
Object.defineProperty(navigator, 'locks', { value: undefined, configurable: true });

const USER = 4242;
// No permission for availabilities: their replication does not start, so a write stays pending on the device.
const session = { user: { id: USER }, permissions: [] as string[] };

function mondayWindow(id: string) {
  return {
    id,
    user_id: USER,
    day: 'Monday' as const,
    start_time: '09:00',
    end_time: '10:30',
    timezone: 'UTC',
    updated_at: '2026-11-25T10:00:00.000Z',
  };
}

beforeEach(() => {
  // The server cannot be reached: nothing leaves the device, as offline.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }),
  );
});

afterEach(async () => {
  await removeStore();
  vi.unstubAllGlobals();
});

describe('the local store', () => {
  it('keeps a local write, marked pending, across closing and opening the store again', async () => {
    await openStore(session);
    const saved = await saveDoc('availabilities', mondayWindow('avail-1'));
    expect(saved.write_id).toMatch(/^[0-9a-f-]{36}$/);
    await vi.waitFor(() => expect(getSyncState().pending).toBe(1));

    await closeStore();
    expect(currentDatabase()).toBeNull();
    await openStore(session);

    const db = currentDatabase();
    const doc = await db?.availabilities.findOne('avail-1').exec();
    expect(doc?.get('start_time')).toBe('09:00');
    expect(doc?.get('write_id')).toBe(saved.write_id);
    const markers = await db?.local_changes.find({ selector: { kind: 'pending' } }).exec();
    expect(markers?.map((m) => [m.collection_name, m.doc_id, m.write_id])).toEqual([['availabilities', 'avail-1', saved.write_id]]);
    await vi.waitFor(() => expect(getSyncState().pending).toBe(1));
  });

  it('refuses a document the shared schema refuses, and writes nothing', async () => {
    await openStore(session);
    const refused = saveDoc('availabilities', { ...mondayWindow('avail-2'), start_time: '11:00', end_time: '10:00' });
    await expect(refused).rejects.toBeInstanceOf(LocalValidationError);
    await expect(refused).rejects.toMatchObject({ errors: { end_time: [AVAILABILITY_MESSAGES.endAfterStart] } });
    const db = currentDatabase();
    expect(await db?.availabilities.findOne('avail-2').exec()).toBeNull();
    expect(await db?.local_changes.count().exec()).toBe(0);
  });

  it('removes the user’s data from the device on logout', async () => {
    await openStore(session);
    await saveDoc('availabilities', mondayWindow('avail-3'));
    await removeStore();
    await openStore(session);
    expect(await currentDatabase()?.availabilities.count().exec()).toBe(0);
    expect(getSyncState().pending).toBe(0);
  });
});
