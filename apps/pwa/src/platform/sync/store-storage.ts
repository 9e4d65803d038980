import type { RxStorage } from 'rxdb';
import { getRxStorageRemote, type MessageFromRemote, type MessageToRemote, type RemoteMessageChannel } from 'rxdb/plugins/storage-remote';
import { Subject } from 'rxjs';

/**
 * The storage the store opens its database with (decision 0099): RxDB's remote storage, whose other side is RxDB's
 * Dexie storage in a worker of its own (storage-worker.ts). A phone's main thread then no longer spends the long
 * tasks of IndexedDB and Dexie while a page is shown: the first pull's thousands of gets and puts, the opening of
 * each collection. Each database gets its own worker, ended when the database closes.
 */
export function storeStorage(): RxStorage<unknown, unknown> {
  return getRxStorageRemote({
    identifier: 'simvisit-store',
    mode: 'storage',
    messageChannelCreator: () => (typeof Worker === 'function' ? workerChannel() : inPageChannel()),
  }) as RxStorage<unknown, unknown>;
}

async function workerChannel(): Promise<RemoteMessageChannel> {
  const worker = new Worker(new URL('./storage-worker.ts', import.meta.url), { type: 'module', name: 'simvisit-store' });
  const messages$ = new Subject<MessageFromRemote>();
  worker.addEventListener('message', (event: MessageEvent<MessageFromRemote>) => messages$.next(event.data));
  // A worker that cannot start (its script missing from an old cache) fails the store's opening instead of
  // leaving every storage call waiting for an answer that never comes.
  worker.addEventListener('error', (event) => {
    event.preventDefault();
    messages$.error(new Error(`The offline store could not start: ${event.message || 'its worker failed to load'}.`));
  });
  return {
    messages$,
    send: (message: MessageToRemote) => worker.postMessage(message),
    close: async () => {
      worker.terminate();
      messages$.complete();
    },
  };
}

/**
 * Where workers are missing (the unit tests' DOM), the same protocol within the page: each message is copied as
 * postMessage copies it and delivered in a later task, so both sides behave as across a worker.
 */
async function inPageChannel(): Promise<RemoteMessageChannel> {
  const { hostDexieStorage } = await import('./storage-host');
  const toHost = new Subject<MessageToRemote>();
  const toPage = new Subject<MessageFromRemote>();
  let open = true;
  const deliver = <T>(subject: Subject<T>, message: T) =>
    setTimeout(() => {
      if (open) subject.next(structuredClone(message));
    });
  hostDexieStorage(toHost, (message) => deliver(toPage, message));
  return {
    messages$: toPage,
    send: (message) => deliver(toHost, message),
    close: async () => {
      open = false;
      toHost.complete();
      toPage.complete();
    },
  };
}
