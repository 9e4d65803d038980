import {
  type LocalChange,
  localChangeId,
  type ScorecardResponse,
  VISIT_SCORECARD_COLLECTION,
  type VisitScorecardDoc,
} from '@simvisit/schema';
import { useEffect, useState } from 'react';
import { discardMine, modifyDoc, useStoreDatabase, useSyncState } from '../../platform/sync';

/**
 * The person's own scorecard documents on this device (decision 0030): answers are written locally as they are
 * given and pushed by replication, so a tablet with no network keeps them, and the submission is sent (exactly
 * once, the server checks it) when the network returns.
 */

export type LocalScorecard = Omit<VisitScorecardDoc, '_deleted'>;

/** The caller's live scorecard documents of one visit (null until the store is open). */
export function useVisitScorecardDocs(visitId: number, userId: number): LocalScorecard[] | null {
  const db = useStoreDatabase();
  const [docs, setDocs] = useState<LocalScorecard[] | null>(null);
  useEffect(() => {
    if (!db) {
      setDocs(null);
      return;
    }
    const subscription = db.visit_scorecards
      .find({ selector: { visit_id: visitId, user_id: userId } })
      .$.subscribe((list) => setDocs(list.map((d) => d.toJSON() as unknown as LocalScorecard)));
    return () => subscription.unsubscribe();
  }, [db, visitId, userId]);
  return docs;
}

/** Whether a write of this document still waits for the server (null until known). */
export function usePendingWrite(docId: string | null): boolean | null {
  const db = useStoreDatabase();
  const [pending, setPending] = useState<boolean | null>(null);
  useEffect(() => {
    if (!db || !docId) {
      setPending(null);
      return;
    }
    const subscription = db.local_changes
      .findOne(localChangeId('pending', VISIT_SCORECARD_COLLECTION, docId))
      .$.subscribe((entry) => setPending(Boolean(entry)));
    return () => subscription.unsubscribe();
  }, [db, docId]);
  return pending;
}

/** The refusal or conflict the server answered for this document, waiting for the person. */
export function useScorecardIssue(docId: string | null): LocalChange | null {
  const { issues } = useSyncState();
  if (!docId) return null;
  return issues.find((i) => i.collection_name === VISIT_SCORECARD_COLLECTION && i.doc_id === docId) ?? null;
}

/** Keeps answers in progress on the device. */
export function saveAnswers(docId: string, responses: ScorecardResponse[]): Promise<void> {
  return modifyDoc('visit_scorecards', docId, () => ({ responses, updated_at: new Date().toISOString() }));
}

/** Submits on the device: the answers and the submission go to the server together, now or when back online. */
export function submitOnDevice(docId: string, responses: ScorecardResponse[]): Promise<void> {
  const now = new Date().toISOString();
  return modifyDoc('visit_scorecards', docId, () => ({ responses, submitted_at: now, updated_at: now }));
}

/**
 * After a refused submission the device shows the server's version again; the person's answers were kept with
 * the refusal. This puts them back (not submitted) so the person can fix and submit again.
 */
export async function restoreAnswers(issue: LocalChange): Promise<void> {
  const mine = issue.mine as { responses?: ScorecardResponse[] } | null;
  await modifyDoc('visit_scorecards', issue.doc_id, () => ({
    responses: Array.isArray(mine?.responses) ? mine.responses : [],
    submitted_at: null,
    updated_at: new Date().toISOString(),
  }));
  await discardMine(issue);
}
