import { type LocalChange, type LocalChangeKind, localChangeId, type ReplicatedCollection } from '@simvisit/schema';
import type { StoreDatabase } from './types';

/**
 * The local_changes collection (never replicated): a marker per document with a write the server has not
 * acknowledged yet (the shell's pending count), and the conflicts and refused writes that wait for the
 * person's decision. The person's version of a document is kept here until they decide, so it is never lost.
 */

/** Drops the store's bookkeeping fields from a document before it is kept or shown. */
export function plainDoc(doc: object): Record<string, unknown> {
  const { _meta, _rev, _attachments, ...rest } = doc as Record<string, unknown>;
  return rest;
}

/** Written before the document itself, so the leader tab cannot acknowledge a write before it is counted. */
export async function markPending(db: StoreDatabase, collection: ReplicatedCollection, docId: string, writeId: string) {
  await db.local_changes.upsert({
    id: localChangeId('pending', collection, docId),
    kind: 'pending',
    collection_name: collection,
    doc_id: docId,
    write_id: writeId,
    mine: null,
    theirs: null,
    message: '',
    errors: {},
    created_at: new Date().toISOString(),
  });
}

async function removeEntry(db: StoreDatabase, id: string, writeId?: string): Promise<void> {
  const entry = await db.local_changes.findOne(id).exec();
  if (!entry || (writeId !== undefined && entry.write_id !== writeId)) return;
  try {
    await entry.remove();
  } catch {
    // Removed meanwhile by another tab or call.
  }
}

/** The server acknowledged this write (or answered it with a conflict or refusal): no longer pending. */
export function clearPending(db: StoreDatabase, collection: string, docId: string, writeId: string): Promise<void> {
  return removeEntry(db, localChangeId('pending', collection, docId), writeId);
}

export async function recordIssue(
  db: StoreDatabase,
  kind: Exclude<LocalChangeKind, 'pending'>,
  collection: ReplicatedCollection,
  entry: { mine: object; theirs: object | null; message?: string; errors?: Record<string, string[]> },
): Promise<void> {
  const mine = plainDoc(entry.mine);
  await db.local_changes.upsert({
    id: localChangeId(kind, collection, String(mine.id)),
    kind,
    collection_name: collection,
    doc_id: String(mine.id),
    write_id: String(mine.write_id),
    mine,
    theirs: entry.theirs ? plainDoc(entry.theirs) : null,
    message: entry.message ?? '',
    errors: entry.errors ?? {},
    created_at: new Date().toISOString(),
  });
}

export function dismissIssue(db: StoreDatabase, issue: LocalChange): Promise<void> {
  return removeEntry(db, issue.id);
}
