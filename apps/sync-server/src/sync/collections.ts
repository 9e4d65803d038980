import { availabilityCollection } from '../features/availability/availability.sync';
import { notificationsCollection } from '../features/notifications/notifications.sync';
import { scenarioCommentsCollection, scenarioFieldValuesCollection, scenariosCollection } from '../features/scenarios/scenarios.sync';
import { visitScorecardsCollection } from '../features/visit-scorecards/visit-scorecards.sync';
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
