import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { exposeRxStorageRemote, type MessageFromRemote, type MessageToRemote } from 'rxdb/plugins/storage-remote';
import type { Observable } from 'rxjs';

/**
 * The side of the store that touches IndexedDB: RxDB's Dexie storage, answering the page's storage calls (RxDB's
 * remote storage protocol). It runs in the store's worker (storage-worker.ts), or in the page where workers are
 * missing (store-storage.ts).
 */
export function hostDexieStorage(messages$: Observable<MessageToRemote>, send: (message: MessageFromRemote) => void): void {
  exposeRxStorageRemote({ storage: getRxStorageDexie(), messages$, send });
}
