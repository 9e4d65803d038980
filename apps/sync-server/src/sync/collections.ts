import { MODULES } from '../modules';
import type { SyncCollection, SyncDoc } from './sync-collection';

/** Every replicated collection, from the modules that own them. Keep the PWA store at about 10 (RxDB's free build opens at most 13). */
export const SYNC_COLLECTIONS: SyncCollection<SyncDoc>[] = MODULES.flatMap((m) => ('collections' in m ? [...(m.collections ?? [])] : []));
