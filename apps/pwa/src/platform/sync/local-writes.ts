import {
  availabilityDocSchema,
  fieldErrors,
  type LocalChange,
  type NotificationOwnerChange,
  notificationDocSchema,
  notificationOwnerChange,
  type ReplicatedCollection,
  SCENARIO_SERVER_KEYS,
  SCORECARD_SERVER_KEYS,
  scenarioCommentDocSchema,
  scenarioDocSchema,
  scenarioFieldValueDocSchema,
  visitScorecardDocSchema,
} from '@simvisit/schema';
// zod/mini's parse functions take a schema of either API (decision 0085, 'Fourth pass').
import { safeParse, type z } from 'zod/mini';
import { clearPending, dismissIssue, markPending } from './local-changes';
import { LocalValidationError, StoreUnavailableError } from './local-write-errors';
import { currentOpenDatabase } from './open-database';
import { type RowOf, type StoreDatabase, syncCollection } from './types';

export { LocalValidationError, StoreUnavailableError };

/**
 * Every change a person makes goes to the local store first (offline first) and replication pushes it.
 * Each write gets a new random write_id, the server's idempotency and conflict key (decision 0010), and a
 * pending marker written before the document, so the shell's count never misses it.
 */

const DOC_SCHEMAS: Record<ReplicatedCollection, z.core.$ZodType> = {
  availabilities: availabilityDocSchema,
  notifications: notificationDocSchema,
  scenarios: scenarioDocSchema,
  scenario_field_values: scenarioFieldValueDocSchema,
  scenario_comments: scenarioCommentDocSchema,
  visit_scorecards: visitScorecardDocSchema,
};

/**
 * Keys only the server changes (a scenario's status and people): "keep my version" keeps the server's
 * values of these and the person's values of everything else, so the re-push is judged on the person's edit.
 */
const SERVER_OWNED_KEYS: Partial<Record<ReplicatedCollection, readonly string[]>> = {
  scenarios: SCENARIO_SERVER_KEYS,
  visit_scorecards: SCORECARD_SERVER_KEYS,
};

function database(): StoreDatabase {
  const db = currentOpenDatabase();
  if (!db) throw new StoreUnavailableError();
  return db;
}

function newWriteId(): string {
  return crypto.randomUUID();
}

async function written<T>(db: StoreDatabase, collection: ReplicatedCollection, docId: string, writeId: string, write: () => Promise<T>) {
  await markPending(db, collection, docId, writeId);
  try {
    return await write();
  } catch (error) {
    await clearPending(db, collection, docId, writeId);
    throw error;
  }
}

/** Creates or replaces a document (validated with the shared schema first). */
export async function saveDoc<N extends ReplicatedCollection>(collection: N, doc: Omit<RowOf<N>, 'write_id'>): Promise<RowOf<N>> {
  const db = database();
  const next = { ...doc, write_id: newWriteId() } as RowOf<N>;
  const checked = safeParse(DOC_SCHEMAS[collection], { ...next, _deleted: false });
  if (!checked.success) throw new LocalValidationError(fieldErrors(checked.error.issues));
  await written(db, collection, next.id, next.write_id, () => syncCollection(db, collection).upsert({ ...next, _deleted: false } as never));
  return next;
}

/**
 * Changes some fields of a stored document, reading and writing it as one step (RxDB's incremental write), so
 * two quick edits of different fields never overwrite each other. The result is validated like saveDoc's.
 */
export async function modifyDoc<N extends ReplicatedCollection>(
  collection: N,
  id: string,
  change: (doc: RowOf<N>) => Partial<RowOf<N>>,
): Promise<void> {
  const db = database();
  const doc = await syncCollection(db, collection).findOne(id).exec();
  if (!doc) throw new Error('This item is not on this device yet. Try again in a moment.');
  const writeId = newWriteId();
  await written(db, collection, id, writeId, () =>
    doc.incrementalModify((data) => {
      const next = { ...data, ...change(data as unknown as RowOf<N>), write_id: writeId };
      const checked = safeParse(DOC_SCHEMAS[collection], { ...next, _deleted: false });
      if (!checked.success) throw new LocalValidationError(fieldErrors(checked.error.issues));
      return next;
    }),
  );
}

/** Deletes a document: one write that sets `_deleted` and a new write id together. */
export async function deleteDoc(collection: ReplicatedCollection, id: string): Promise<void> {
  const db = database();
  const doc = await syncCollection(db, collection).findOne(id).exec();
  if (!doc) return;
  const writeId = newWriteId();
  await written(db, collection, id, writeId, () => doc.incrementalModify((data) => ({ ...data, write_id: writeId, _deleted: true })));
}

/** Marks a notification read or archived, or deletes it: only the fields its owner may change. */
export async function changeNotification(id: string, change: NotificationOwnerChange): Promise<void> {
  const db = database();
  const doc = await db.notifications.findOne(id).exec();
  if (!doc) return;
  if (
    (change.is_read === undefined || change.is_read === doc.is_read) &&
    (change.is_archived === undefined || change.is_archived === doc.is_archived) &&
    !change._deleted
  ) {
    return;
  }
  const writeId = newWriteId();
  await written(db, 'notifications', id, writeId, () =>
    doc.incrementalModify((data) => notificationOwnerChange(data as typeof data & { _deleted?: boolean }, change, writeId)),
  );
}

/** Marks several notifications read in one go. */
export async function markNotificationsRead(ids: readonly string[]): Promise<void> {
  for (const id of ids) await changeNotification(id, { is_read: true });
}

/**
 * Conflict decision "keep mine": the person's version goes on top of the server's (which the store now
 * holds), with a new write id, so the next push is not a conflict again.
 */
export async function keepMine(issue: LocalChange): Promise<void> {
  const db = database();
  const collection = issue.collection_name as ReplicatedCollection;
  const mine = issue.mine as (RowOf<typeof collection> & { _deleted?: boolean }) | null;
  if (mine) {
    if (mine._deleted) await deleteDoc(collection, issue.doc_id);
    else {
      const { write_id: _old, _deleted, ...rest } = mine;
      const owned = SERVER_OWNED_KEYS[collection];
      const current = owned ? await syncCollection(db, collection).findOne(issue.doc_id).exec() : null;
      if (owned && current) for (const key of owned) (rest as Record<string, unknown>)[key] = current.get(key);
      await saveDoc(collection, rest as Omit<RowOf<typeof collection>, 'write_id'>);
    }
  }
  await dismissIssue(db, issue);
}

/** Conflict decision "use theirs", or discarding a refused change: the person's version is let go. */
export async function discardMine(issue: LocalChange): Promise<void> {
  await dismissIssue(database(), issue);
}
