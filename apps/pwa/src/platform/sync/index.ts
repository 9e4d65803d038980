export { describeVersion } from './describe';
export { useStoreDocs } from './hooks';
export { deleteDoc, LocalValidationError, modifyDoc, saveDoc } from './local-writes';
export { SyncStatus } from './SyncStatus';
export { changeNotification, discardMine, keepMine, loadLocalWrites, markNotificationsRead } from './shell-writes';
export { closeStore, flushPendingWrites, openStore, removeStore } from './store-loader';
export { loadSyncIssues, SyncIssues } from './sync-issues-banner';
export { getSyncState, useStoreDatabase, useSyncState } from './sync-state';
export type { AvailabilityRow, ScenarioCommentRow, ScenarioFieldValueRow, ScenarioRow, StoreDatabase } from './types';
