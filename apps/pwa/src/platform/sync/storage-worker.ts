/// <reference lib="webworker" />
import type { MessageToRemote } from 'rxdb/plugins/storage-remote';
import { Subject } from 'rxjs';
import { hostDexieStorage } from './storage-host';

/**
 * The store's worker (decision 0099): IndexedDB's reads and writes of the offline store, and Dexie's work around
 * them, run here instead of on the page's main thread, which stays free to answer taps while the store opens and
 * pulls.
 */
declare const self: DedicatedWorkerGlobalScope;

const messages$ = new Subject<MessageToRemote>();
self.addEventListener('message', (event: MessageEvent<MessageToRemote>) => messages$.next(event.data));
hostDexieStorage(messages$, (message) => self.postMessage(message));
