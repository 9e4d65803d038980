import { availabilityCollection } from '../features/availability';
import { notificationsCollection } from '../features/notifications';
import { scenarioCommentsCollection, scenarioFieldValuesCollection, scenariosCollection } from '../features/scenarios';
import { visitScorecardsCollection } from '../features/visit-scorecards';
import type { SyncCollection, SyncDoc } from './sync-collection';

/** Every replicated collection. Keep the PWA store at about 10 (RxDB's free build opens at most 13). */
export const SYNC_COLLECTIONS: SyncCollection<SyncDoc>[] = [
  availabilityCollection as unknown as SyncCollection<SyncDoc>,
  notificationsCollection as unknown as SyncCollection<SyncDoc>,
  scenariosCollection as unknown as SyncCollection<SyncDoc>,
  scenarioFieldValuesCollection as unknown as SyncCollection<SyncDoc>,
  scenarioCommentsCollection as unknown as SyncCollection<SyncDoc>,
  visitScorecardsCollection as unknown as SyncCollection<SyncDoc>,
];
