import { mergeNotificationFlags, mergeScorecardAnswers, type ReplicatedCollection, sameDocContent } from '@simvisit/schema';
import { defaultConflictHandler, type RxConflictHandler, type WithDeleted } from 'rxdb';
import { notify } from '../notices';
import { clearPending, recordIssue } from './local-changes';
import { refusedWrites, supersededWrites } from './replication';
import type { StoreDatabase } from './types';

type Doc = WithDeleted<{ id: string; write_id: string }>;

/**
 * What happens when the server answers a push with another master state (REP-04) or refuses a write:
 * - the same content on both sides (two devices made the same edit): nothing to decide;
 * - a write the server had saved and that a later write replaced (its answer was lost, it was pushed again):
 *   the server's version is taken, nothing to decide;
 * - notifications: read, archived and deleted only move one way, so both sides' flags are kept and pushed;
 * - everything else: the server's version is shown locally and the person's version is kept in
 *   local_changes with a banner asking which one stays (SyncIssues.tsx). Nothing is dropped silently.
 * A refused write (the rules said no) is kept the same way, with the server's reasons.
 */
export function conflictHandlerFor(getDb: () => StoreDatabase | null, collection: ReplicatedCollection): RxConflictHandler<Doc> {
  return {
    isEqual: defaultConflictHandler.isEqual as RxConflictHandler<Doc>['isEqual'],
    async resolve(input) {
      const mine = input.newDocumentState;
      const theirs = input.realMasterState;
      const db = getDb();
      if (!db) return theirs;
      await clearPending(db, collection, mine.id, mine.write_id);

      // The person's change was saved, and then changed further on top of it elsewhere: nothing to decide.
      if (supersededWrites.delete(mine.write_id)) return theirs;

      const refusal = refusedWrites.get(mine.write_id);
      if (refusal) {
        refusedWrites.delete(mine.write_id);
        // The server's version (what the device last knew) is kept beside the refusal, so the dialog can say
        // which fields the person changed; none for a new document the server never had.
        await recordIssue(db, 'rejected', collection, { mine, theirs: theirs._deleted ? null : theirs, ...refusal });
        notify({
          title: 'Change not saved',
          content: `${refusal.message} Your change is kept until you fix or discard it.`,
          icon: 'warning',
          color: 'yellow',
          showDismiss: true,
        });
        return theirs;
      }

      if (sameDocContent(mine, theirs)) return theirs;

      if (collection === 'visit_scorecards') {
        // The server changed only what it owns (the visit's date) on a scorecard nobody submitted: the person's
        // answers go on top of it and are pushed again. A submitted or retired one is a real conflict.
        const merged = mergeScorecardAnswers(
          mine as unknown as Record<string, unknown> & { _deleted?: boolean },
          theirs as unknown as Record<string, unknown> & { _deleted?: boolean },
        );
        if (merged) return { ...(merged as unknown as Doc), write_id: crypto.randomUUID() } as Doc;
      }

      if (collection === 'notifications') {
        const merged = mergeNotificationFlags(
          mine as unknown as { is_read: boolean; is_archived: boolean; _deleted: boolean },
          theirs as unknown as { is_read: boolean; is_archived: boolean; _deleted: boolean },
        );
        return merged ? ({ ...(merged as unknown as Doc), write_id: crypto.randomUUID() } as Doc) : theirs;
      }

      await recordIssue(db, 'conflict', collection, { mine, theirs });
      notify({
        title: 'Sync conflict',
        content: 'A change you made was also changed elsewhere. Choose which version to keep.',
        icon: 'warning',
        color: 'yellow',
        showDismiss: true,
      });
      return theirs;
    },
  };
}
