import {
  type Checkpoint,
  databaseNameForUser,
  type LOCAL_CHANGES_COLLECTION,
  type LocalChange,
  REPLICATED,
  REPLICATED_COLLECTIONS,
  type ReplicatedCollection,
  STORE_SCHEMAS,
} from '@simvisit/schema';
import { addRxPlugin, createRxDatabase, type MigrationStrategies, type RxJsonSchema } from 'rxdb';
import { RxDBLeaderElectionPlugin } from 'rxdb/plugins/leader-election';
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema';
import type { RxReplicationState } from 'rxdb/plugins/replication';
import type { Subscription } from 'rxjs';
import { z } from 'zod';
import { endClientSession } from '../../lib/api';
import { readCached, userKeys, writeCached } from '../../lib/offline-cache';
import { reloadForNewVersion } from '../app-update';
import { conflictHandlerFor } from './conflicts';
import { clearPending } from './local-changes';
import { setOpenDatabase } from './open-database';
import { type ReplicationEvents, replicateCollection } from './replication';
import { storeStorage } from './store-storage';
import { getSyncState, resetSyncState, unsyncedInSyncState, updateSyncState } from './sync-state';
import { type StoreDatabase, syncCollection } from './types';

// Dev-mode is deliberately not used: it loads a remote frame and must never reach a build (DESIGN.md §6).
addRxPlugin(RxDBLeaderElectionPlugin);
addRxPlugin(RxDBMigrationSchemaPlugin);

/**
 * Schema migrations, by collection and target version. Version 0 needs none; when a schema changes, raise
 * its version in @simvisit/schema (STORE_SCHEMAS) and add `n: (old) => newDoc` here.
 */
const MIGRATIONS: Record<ReplicatedCollection | typeof LOCAL_CHANGES_COLLECTION, MigrationStrategies> = {
  availabilities: {},
  notifications: {},
  scenarios: {},
  scenario_field_values: {},
  scenario_comments: {},
  visit_scorecards: {},
  local_changes: {},
};

export interface StoreUser {
  user: { id: number };
  permissions: readonly string[];
}

interface OpenStore {
  userId: number;
  db: StoreDatabase;
  replications: Map<ReplicatedCollection, RxReplicationState<{ id: string; write_id: string }, Checkpoint>>;
  subscriptions: Subscription[];
  cleanups: (() => void)[];
  reachable: boolean;
  active: Map<ReplicatedCollection, boolean>;
}

let current: OpenStore | null = null;
let lifecycle: Promise<unknown> = Promise.resolve();

/** Opening, closing and removing run one after another, never interleaved. */
function serially<T>(task: () => Promise<T>): Promise<T> {
  const next = lifecycle.then(task, task);
  lifecycle = next.catch(() => undefined);
  return next;
}

function refreshOnline(): void {
  updateSyncState({ online: navigator.onLine && (current?.reachable ?? true) });
}

let lastSyncedWrite = 0;
function markSynced(userId: number): void {
  const now = Date.now();
  if (current) current.reachable = true;
  updateSyncState({ lastSyncedAt: now });
  refreshOnline();
  // Other tabs read it from storage; a write every few seconds is plenty.
  if (now - lastSyncedWrite > 5000) {
    lastSyncedWrite = now;
    writeCached(userKeys.lastSynced(userId), now);
  }
}

function requestPersistentStorage(): void {
  const key = 'storage-persist-requested';
  if (readCached(key, z.boolean())) return;
  writeCached(key, true);
  // Asks once that the browser keep the store under storage pressure (DESIGN.md §6).
  void navigator.storage?.persist?.().catch(() => false);
}

async function createDatabase(userId: number): Promise<StoreDatabase> {
  const db = await createRxDatabase<StoreDatabase['collections']>({
    name: databaseNameForUser(userId),
    storage: storeStorage(),
    multiInstance: true,
    eventReduce: true,
    closeDuplicates: true,
  });
  const getDb = () => (current?.db === db ? db : null);
  // Every replicated collection from its shared descriptor (packages/schema replicated-collections.ts).
  const replicated = Object.fromEntries(
    REPLICATED_COLLECTIONS.map((name) => [
      name,
      {
        schema: STORE_SCHEMAS[name] as unknown as RxJsonSchema<{ id: string }>,
        migrationStrategies: MIGRATIONS[name],
        conflictHandler: conflictHandlerFor(getDb, name) as never,
      },
    ]),
  );
  await db.addCollections({
    ...replicated,
    local_changes: {
      schema: STORE_SCHEMAS.local_changes as unknown as RxJsonSchema<LocalChange>,
      migrationStrategies: MIGRATIONS.local_changes,
    },
  } as never);
  return db as StoreDatabase;
}

function replicationEvents(store: OpenStore): ReplicationEvents {
  return {
    reached: () => {
      if (current === store) markSynced(store.userId);
    },
    unreachable: () => {
      if (current !== store) return;
      store.reachable = false;
      refreshOnline();
    },
    signedOut: () => {
      if (current !== store) return;
      updateSyncState({ problem: 'Your session ended. Sign in again to sync your changes.' });
      // Logs out per spec; the store is closed (not removed) so pending writes survive until the next sign-in.
      endClientSession();
    },
    outdated: () => {
      if (current !== store) return;
      updateSyncState({ problem: 'A newer version of the app is needed to sync.' });
      void reloadForNewVersion();
    },
    forbidden: (collection) => {
      const replication = store.replications.get(collection);
      store.replications.delete(collection);
      void replication?.cancel();
    },
  };
}

/** Starts the replications the user may run and stops those they no longer may (partner switch). */
function syncReplications(store: OpenStore, session: StoreUser): void {
  for (const collection of REPLICATED_COLLECTIONS) {
    const needed = REPLICATED[collection].replicateFor;
    const allowed = needed === null || needed.some((p) => session.permissions.includes(p));
    const running = store.replications.get(collection);
    if (allowed && !running) {
      const replication = replicateCollection(store.db, collection, replicationEvents(store));
      store.replications.set(collection, replication);
      store.subscriptions.push(
        replication.sent$.subscribe((doc) => {
          void clearPending(store.db, collection, doc.id, doc.write_id);
        }),
        replication.active$.subscribe((active) => {
          store.active.set(collection, active);
          if (current === store) updateSyncState({ active: [...store.active.values()].some(Boolean) });
        }),
        replication.error$.subscribe((error) => {
          if (import.meta.env.DEV) console.debug(`[sync] ${collection}`, error);
        }),
      );
    } else if (!allowed && running) {
      store.replications.delete(collection);
      store.active.delete(collection);
      void running.cancel();
    }
  }
}

/**
 * Pending markers whose write the server took while the app was closing (the acknowledgement came, the
 * marker removal did not) would count forever: once the leader is in sync, markers older than a few seconds
 * whose document is unchanged since are cleared.
 */
async function reconcilePending(store: OpenStore): Promise<void> {
  await Promise.all([...store.replications.values()].map((r) => r.awaitInSync()));
  if (current !== store) return;
  const cutoff = new Date(Date.now() - 10_000).toISOString();
  const markers = await store.db.local_changes.find({ selector: { kind: 'pending' } }).exec();
  for (const marker of markers) {
    if (marker.created_at > cutoff || !store.replications.has(marker.collection_name as ReplicatedCollection)) continue;
    const doc = await syncCollection(store.db, marker.collection_name as ReplicatedCollection)
      .findOne(marker.doc_id)
      .exec();
    if (!doc || doc.write_id === marker.write_id) await marker.remove().catch(() => undefined);
  }
}

/** Opens the signed-in user's store (one database per user) and starts replication. Idempotent. */
export function openStore(session: StoreUser): Promise<void> {
  return serially(async () => {
    const userId = session.user.id;
    if (current?.userId === userId) {
      syncReplications(current, session);
      return;
    }
    if (current) await shutDown(current, false);
    updateSyncState({
      status: 'opening',
      userId,
      db: null,
      problem: null,
      lastSyncedAt: readCached(userKeys.lastSynced(userId), z.number()),
    });
    let db: StoreDatabase;
    try {
      db = await createDatabase(userId);
    } catch (error) {
      console.error('The offline store could not be opened.', error);
      updateSyncState({ status: 'failed', problem: 'This device could not open its offline store. Changes need a connection.' });
      return;
    }
    const store: OpenStore = { userId, db, replications: new Map(), subscriptions: [], cleanups: [], reachable: true, active: new Map() };
    current = store;
    setOpenDatabase(store.db);
    requestPersistentStorage();

    store.subscriptions.push(
      db.local_changes.find().$.subscribe((entries) => {
        if (current !== store) return;
        const list = entries.map((e) => e.toJSON() as LocalChange);
        updateSyncState({
          pending: list.filter((e) => e.kind === 'pending').length,
          issues: list.filter((e) => e.kind !== 'pending').sort((a, b) => a.created_at.localeCompare(b.created_at)),
        });
      }),
    );
    const onNetwork = () => {
      if (navigator.onLine) store.reachable = true;
      refreshOnline();
    };
    const onStorage = (event: StorageEvent) => {
      if (event.key?.endsWith(userKeys.lastSynced(userId))) {
        updateSyncState({ lastSyncedAt: readCached(userKeys.lastSynced(userId), z.number()) });
      }
    };
    window.addEventListener('online', onNetwork);
    window.addEventListener('offline', onNetwork);
    window.addEventListener('storage', onStorage);
    store.cleanups.push(() => {
      window.removeEventListener('online', onNetwork);
      window.removeEventListener('offline', onNetwork);
      window.removeEventListener('storage', onStorage);
    });

    syncReplications(store, session);
    updateSyncState({ status: 'ready', db, online: navigator.onLine });
    void db.waitForLeadership().then(() => {
      if (current !== store) return;
      updateSyncState({ leader: true });
      void reconcilePending(store).catch(() => undefined);
    });
  });
}

async function shutDown(store: OpenStore, remove: boolean): Promise<void> {
  if (current === store) {
    current = null;
    setOpenDatabase(null);
  }
  for (const subscription of store.subscriptions) subscription.unsubscribe();
  for (const cleanup of store.cleanups) cleanup();
  await Promise.all([...store.replications.values()].map((r) => r.cancel().catch(() => undefined)));
  store.replications.clear();
  resetSyncState();
  const done = remove ? store.db.remove().then(() => deleteIndexedDbs(store.db.name)) : store.db.close();
  // Another tab holding the database open must not keep the logout waiting forever.
  await Promise.race([done.catch((error) => console.warn('Closing the offline store failed.', error)), wait(5000)]);
}

/**
 * RxDB's Dexie storage empties its tables on remove() but leaves the (empty) IndexedDB databases, named
 * after the user: they are deleted too, so nothing of the user stays on the device.
 */
async function deleteIndexedDbs(databaseName: string): Promise<void> {
  if (typeof indexedDB.databases !== 'function') return;
  const prefix = `rxdb-dexie-${databaseName}--`;
  const names = (await indexedDB.databases()).map((d) => d.name).filter((n): n is string => !!n?.startsWith(prefix));
  await Promise.all(
    names.map(
      (name) =>
        new Promise<void>((resolve) => {
          const request = indexedDB.deleteDatabase(name);
          request.onsuccess = () => resolve();
          request.onerror = () => resolve();
          // Blocked by another tab still holding it: it goes once that tab closes it.
          request.onblocked = () => resolve();
        }),
    ),
  );
}

function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Closes the store and keeps its data (the session ended: pending writes wait for the next sign-in). */
export function closeStore(): Promise<void> {
  return serially(async () => {
    if (current) await shutDown(current, false);
  });
}

/** Closes the store and deletes the user's local database (logout). */
export function removeStore(): Promise<void> {
  return serially(async () => {
    if (current) await shutDown(current, true);
  });
}

/** Writes of this device still on their way to the server, read from the database. */
async function pendingChanges(store: OpenStore): Promise<number> {
  return (await store.db.local_changes.find({ selector: { kind: 'pending' } }).exec()).length;
}

/**
 * Changes not on the server yet (pending writes plus conflicts and refusals), read from the database itself: right
 * after the store opens, the sync state has not heard its first count yet.
 */
export async function unsyncedChanges(): Promise<number> {
  const store = current;
  if (!store) return unsyncedInSyncState();
  return (await store.db.local_changes.find().exec()).length;
}

/**
 * Before logout: pushes what is pending, waiting at most `timeoutMs`. Resolves with the number of changes
 * still not on the server (pending writes plus conflicts and refusals that wait for a decision).
 */
export async function flushPendingWrites(timeoutMs = 8000): Promise<number> {
  const store = current;
  if (!store || (await unsyncedChanges()) === 0 || !navigator.onLine) return unsyncedChanges();
  const deadline = Date.now() + timeoutMs;
  if (getSyncState().leader) {
    for (const replication of store.replications.values()) replication.reSync();
    await Promise.race([Promise.all([...store.replications.values()].map((r) => r.awaitInSync())), wait(timeoutMs)]);
  }
  // Acknowledgements clear their markers just after the push (or another tab, the leader, pushes).
  while ((await pendingChanges(store)) > 0 && Date.now() < deadline) await wait(200);
  return unsyncedChanges();
}

/** The open database, for writes (local-writes.ts). */
export function currentDatabase(): StoreDatabase | null {
  return current?.db ?? null;
}
