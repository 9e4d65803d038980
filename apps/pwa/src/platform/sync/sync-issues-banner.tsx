import { lazy, Suspense } from 'react';
import { useSyncState } from './sync-state';

/**
 * The banner and dialog of changes that need the person's decision, with the words that describe each version,
 * load when there is such a change: rarely, and never for the first paint of a page (decision 0085). The service
 * worker precaches the chunk, so it opens offline too.
 */
export const loadSyncIssues = () => import('./SyncIssues');
const SyncIssuesPanel = lazy(() => loadSyncIssues().then((m) => ({ default: m.SyncIssuesPanel })));

export function SyncIssues() {
  const { issues } = useSyncState();
  if (issues.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <SyncIssuesPanel />
    </Suspense>
  );
}
