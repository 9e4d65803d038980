export { describeVersion } from './describe';
export { useStoreDocs } from './hooks';
export { LocalValidationError } from './local-write-errors';
export { SyncStatus } from './SyncStatus';
export {
  changeNotification,
  deleteDoc,
  discardMine,
  keepMine,
  loadLocalWrites,
  markNotificationsRead,
  modifyDoc,
  saveDoc,
} from './shell-writes';
export { closeStore, flushPendingWrites, openStore, removeStore, unsyncedChanges } from './store-loader';
export { loadSyncIssues, SyncIssues } from './sync-issues-banner';
export { getSyncState, useStoreDatabase, useSyncState } from './sync-state';
export type { AvailabilityRow, ScenarioCommentRow, ScenarioFieldValueRow, ScenarioRow, StoreDatabase } from './types';
