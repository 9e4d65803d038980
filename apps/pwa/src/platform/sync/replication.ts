import {
  type Checkpoint,
  CLIENT_VERSION,
  checkpointSchema,
  MAX_PULL_BATCH,
  MAX_PUSH_ROWS,
  PENDING_PULL_RETRY_MS,
  pullPath,
  pushRejectionSchema,
  type ReplicatedCollection,
  retryUntilAnswered,
  SYNC_RETRY_MS,
  type SyncRetryEnvironment,
  syncFailureOf,
  syncPath,
} from '@simvisit/schema';
import type { RxReplicationWriteToMasterRow, WithDeleted } from 'rxdb';
import { type RxReplicationState, replicateRxCollection } from 'rxdb/plugins/replication';
import { Observable, Subject } from 'rxjs';
import { z } from 'zod';
import { isConnectionError, syncError, syncFetch } from '../../lib/api';
import { subscribeChangeHints } from './change-stream';
import type { StoreDatabase } from './types';

/** What the replication tells the rest of the app about its calls. */
export interface ReplicationEvents {
  /** A call reached the server and succeeded. */
  reached(): void;
  /** The server could not be reached (offline). */
  unreachable(): void;
  /** 401/419: the session ended; pending writes stay in the store for after the next sign-in (REP-09). */
  signedOut(): void;
  /** 426: this build is too old; the app reloads into the new one. */
  outdated(): void;
  /** 403 on a pull: the user may no longer read this collection. */
  forbidden(collection: ReplicatedCollection): void;
}

/** A write the server's rules refused: remembered between the push and the conflict handler that records it. */
export interface Refusal {
  message: string;
  errors: Record<string, string[]>;
}

/** Refused writes by write id, consumed by the conflict handler (see conflicts.ts). */
export const refusedWrites = new Map<string, Refusal>();
/** Writes the server had applied and then saw replaced by a later one: their master is taken as it is. */
export const supersededWrites = new Set<string>();

const syncedDoc = z.looseObject({ id: z.string(), write_id: z.string(), _deleted: z.boolean() });
const pullAnswer = z.object({ documents: z.array(syncedDoc), checkpoint: z.nullable(checkpointSchema), pending: z.boolean() });
const pushAnswer = z.object({
  conflicts: z.array(syncedDoc),
  rejected: z.array(pushRejectionSchema),
  superseded: z.array(z.string()).optional(),
});

type AnyRow = { id: string; write_id: string };
type WriteRow = RxReplicationWriteToMasterRow<AnyRow>;

/**
 * Documents pulled per request: the most the server gives (1,000). A first sync of 10,000 documents took 50
 * round trips at 200 a page, each with its fixed cost on the server (session, horizon) and in the store (one
 * IndexedDB transaction per write), which was most of its 4.8 s (issue 23 item 5, decision 0095).
 */
const PULL_BATCH = MAX_PULL_BATCH;
/** Rows pushed per request; the server refuses more than MAX_PUSH_ROWS (100). */
const PUSH_BATCH = Math.min(50, MAX_PUSH_ROWS);

/** Times the browser came back online, counted once for the whole page. */
let reconnectCount = 0;
if (typeof window !== 'undefined') {
  window.addEventListener('online', () => {
    reconnectCount++;
  });
}

/** The browser side of the sync retry loop (packages/schema sync-retry.ts): timers and the `online` event. */
export function browserRetryEnvironment(stopped: () => boolean): SyncRetryEnvironment {
  return {
    after(ms, run) {
      const timer = setTimeout(run, ms);
      return () => clearTimeout(timer);
    },
    onReconnect(run) {
      window.addEventListener('online', run);
      return () => window.removeEventListener('online', run);
    },
    reconnects: () => reconnectCount,
    stopped,
  };
}

/**
 * One sync call, retried here until the server answers (decision 0083): RxDB's own retry would wait its fixed
 * delay after a failure seen while the browser still believed it was online, and wait forever on a request
 * that stalled across the network change, holding every later push behind it.
 */
function call(
  path: string,
  events: ReplicationEvents,
  retry: SyncRetryEnvironment,
  init: { method?: 'GET' | 'POST'; body?: unknown } = {},
): Promise<Response> {
  return retryUntilAnswered(
    async (signal) => {
      try {
        return await syncFetch(path, { ...init, clientVersion: CLIENT_VERSION, signal });
      } catch (error) {
        if (isConnectionError(error)) events.unreachable();
        throw error;
      }
    },
    isConnectionError,
    retry,
  );
}

/** Turns a failed answer into the app's reaction (sign-in, reload) and an error RxDB retries later. */
async function failure(response: Response, events: ReplicationEvents): Promise<never> {
  const kind = syncFailureOf(response.status);
  if (kind === 'signed-out') events.signedOut();
  if (kind === 'outdated') events.outdated();
  throw await syncError(response);
}

/**
 * Change hints for one collection: RESYNC hints from the shared Server-Sent Events stream (change-stream.ts),
 * a resync when the browser goes online, and the client's own requests (a pull that answered `pending`).
 * Opened only while RxDB replicates, so only in the leader tab.
 */
function changeHints(collection: ReplicatedCollection, requests: Subject<void>): Observable<'RESYNC'> {
  return new Observable<'RESYNC'>((subscriber) => {
    const resync = () => subscriber.next('RESYNC');
    window.addEventListener('online', resync);
    const requested = requests.subscribe(resync);
    const unsubscribe = subscribeChangeHints(collection, resync);
    return () => {
      unsubscribe();
      window.removeEventListener('online', resync);
      requested.unsubscribe();
    };
  });
}

/**
 * Replicates one collection with /sync/v1/<collection>/{pull,push,stream} (decision 0010). RxDB runs it in
 * the leader tab only (waitForLeadership), retries failed calls, and hands conflicts and refused writes to
 * the collection's conflict handler.
 */
export function replicateCollection(
  db: StoreDatabase,
  collection: ReplicatedCollection,
  events: ReplicationEvents,
): RxReplicationState<AnyRow, Checkpoint> {
  const pullAgain = new Subject<void>();
  let pendingRetry: ReturnType<typeof setTimeout> | undefined;
  // Set once RxDB's state exists (the handlers run only after that): a stopped replication retries nothing.
  let replication: RxReplicationState<AnyRow, Checkpoint> | undefined;
  const retry = browserRetryEnvironment(() => replication?.isStopped() === true || replication?.isPaused() === true);

  const refuse = (row: WriteRow, refusal: Refusal): WithDeleted<AnyRow> => {
    refusedWrites.set(row.newDocumentState.write_id, refusal);
    // Nothing was stored: the server still holds what the client assumed (or nothing, for a new document).
    // RxDB then puts that state back locally; the person's version lives on in local_changes (conflicts.ts).
    return (row.assumedMasterState as WithDeleted<AnyRow> | undefined) ?? { ...row.newDocumentState, _deleted: true };
  };

  const state = replicateRxCollection<AnyRow, Checkpoint>({
    replicationIdentifier: `simvisit-sync-v1-${collection}`,
    collection: db[collection] as never,
    live: true,
    retryTime: SYNC_RETRY_MS,
    waitForLeadership: true,
    autoStart: true,
    // One tab replicates for all: it must keep going while hidden behind another tab of the app.
    toggleOnDocumentVisible: false,
    pull: {
      batchSize: PULL_BATCH,
      stream$: changeHints(collection, pullAgain),
      async handler(checkpoint, batchSize) {
        const response = await call(pullPath(collection, checkpoint ?? null, batchSize), events, retry);
        if (response.status === 403) {
          events.forbidden(collection);
          return { documents: [], checkpoint };
        }
        if (!response.ok) return failure(response, events);
        const answer = pullAnswer.parse(await response.json());
        events.reached();
        if (answer.pending) {
          // Newer rows wait behind an older transaction still running on the server: ask again shortly.
          clearTimeout(pendingRetry);
          pendingRetry = setTimeout(() => pullAgain.next(), PENDING_PULL_RETRY_MS);
        }
        return {
          documents: answer.documents as WithDeleted<AnyRow>[],
          checkpoint: answer.checkpoint ?? checkpoint,
        };
      },
    },
    push: {
      batchSize: PUSH_BATCH,
      async handler(rows) {
        const body = rows.map((row) => ({
          assumedMasterState: row.assumedMasterState ?? null,
          newDocumentState: row.newDocumentState,
        }));
        const response = await call(syncPath(collection, 'push'), events, retry, { method: 'POST', body });
        if (response.status === 403) {
          // The whole batch was refused (a document this user may not write): nothing was stored. Each row
          // goes back to the person as a refused change rather than being retried forever.
          const error = await syncError(response);
          events.reached();
          return rows.map((row) => refuse(row, { message: error.message, errors: error.errors }));
        }
        if (!response.ok) return failure(response, events);
        const answer = pushAnswer.parse(await response.json());
        events.reached();
        const conflicts = answer.conflicts as WithDeleted<AnyRow>[];
        for (const writeId of answer.superseded ?? []) supersededWrites.add(writeId);
        for (const rejection of answer.rejected) {
          const row = rows.find((r) => r.newDocumentState.id === rejection.id);
          if (row) conflicts.push(refuse(row, { message: rejection.message, errors: rejection.errors ?? {} }));
          else console.warn(`The server refused a ${collection} document it could not name:`, rejection.message);
        }
        return conflicts;
      },
    },
  });
  replication = state;
  state.canceled$.subscribe((canceled) => {
    if (canceled) clearTimeout(pendingRetry);
  });
  return state;
}
