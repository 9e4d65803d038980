export { describeVersion } from './describe';
export { useStoreDocs } from './hooks';
export {
  changeNotification,
  deleteDoc,
  discardMine,
  LocalValidationError,
  markNotificationsRead,
  modifyDoc,
  saveDoc,
} from './local-writes';
export { SyncIssues } from './SyncIssues';
export { SyncStatus } from './SyncStatus';
export { closeStore, flushPendingWrites, openStore, removeStore } from './store-loader';
export { getSyncState, useStoreDatabase, useSyncState } from './sync-state';
export type { AvailabilityRow, ScenarioCommentRow, ScenarioFieldValueRow, ScenarioRow, StoreDatabase } from './types';
