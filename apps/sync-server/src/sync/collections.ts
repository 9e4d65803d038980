import { availabilityCollection } from '../features/availability/availability.sync';
import { notificationsCollection } from '../features/notifications/notifications.sync';
import type { SyncCollection, SyncDoc } from './sync-collection';

/** Every replicated collection. Keep the PWA store at about 10 (RxDB's free build opens at most 13). */
export const SYNC_COLLECTIONS: SyncCollection<SyncDoc>[] = [
  availabilityCollection as unknown as SyncCollection<SyncDoc>,
  notificationsCollection as unknown as SyncCollection<SyncDoc>,
];
