import { fieldValueDocId, type LocalChange, type ScenarioCoreField } from '@simvisit/schema';
import { useEffect, useState } from 'react';
import type { ScenarioCommentRow, ScenarioFieldValueRow, ScenarioRow, StoreDatabase } from '../../platform/sync';
import { getSyncState, modifyDoc, saveDoc, useStoreDatabase } from '../../platform/sync';

/**
 * The scenario as the offline store holds it (DESIGN.md §5: an author's drafts, their field values and
 * comments replicate to the device). Reads are live: replication and other tabs update the page.
 */

export interface LocalScenario {
  /** false while the store opens; then the lists below are what the device holds */
  ready: boolean;
  doc: ScenarioRow | null;
  values: ScenarioFieldValueRow[];
  comments: ScenarioCommentRow[];
  /** comments written on this device that the server has not acknowledged yet */
  pendingCommentIds: ReadonlySet<string>;
}

const EMPTY: LocalScenario = { ready: false, doc: null, values: [], comments: [], pendingCommentIds: new Set() };

export function useLocalScenario(id: number): LocalScenario {
  const db = useStoreDatabase();
  const [state, setState] = useState<LocalScenario>(EMPTY);
  useEffect(() => {
    if (!db) {
      setState(EMPTY);
      return;
    }
    const key = String(id);
    let doc: ScenarioRow | null = null;
    let values: ScenarioFieldValueRow[] = [];
    let comments: ScenarioCommentRow[] = [];
    let pendingCommentIds: ReadonlySet<string> = new Set();
    const loaded = { doc: false, values: false, comments: false };
    const publish = () => {
      if (loaded.doc && loaded.values && loaded.comments) setState({ ready: true, doc, values, comments, pendingCommentIds });
    };
    const subscriptions = [
      db.scenarios.findOne(key).$.subscribe((d) => {
        doc = d ? (d.toJSON() as ScenarioRow) : null;
        loaded.doc = true;
        publish();
      }),
      db.scenario_field_values.find({ selector: { scenario_id: key } }).$.subscribe((list) => {
        values = list.map((d) => d.toJSON() as ScenarioFieldValueRow);
        loaded.values = true;
        publish();
      }),
      db.scenario_comments.find({ selector: { scenario_id: key } }).$.subscribe((list) => {
        comments = list.map((d) => d.toJSON() as ScenarioCommentRow);
        loaded.comments = true;
        publish();
      }),
      db.local_changes.find({ selector: { kind: 'pending', collection_name: 'scenario_comments' } }).$.subscribe((list) => {
        pendingCommentIds = new Set(list.map((e) => e.doc_id));
        publish();
      }),
    ];
    return () => {
      for (const s of subscriptions) s.unsubscribe();
    };
  }, [db, id]);
  return state;
}

const now = () => new Date().toISOString();

/** One core field of a scenario on the device; replication pushes it. */
export function saveLocalCoreField(id: number, key: ScenarioCoreField, value: unknown): Promise<void> {
  return modifyDoc('scenarios', String(id), () => ({ [key]: value, updated_at: now() }) as Partial<ScenarioRow>);
}

/** One grouped field's value on the device: the document is created on the first edit. */
export async function saveLocalFieldValue(db: StoreDatabase, id: number, fieldId: number, value: string): Promise<void> {
  const docId = fieldValueDocId(id, fieldId);
  const existing = await db.scenario_field_values.findOne(docId).exec();
  if (existing) {
    await modifyDoc('scenario_field_values', docId, () => ({ value, updated_at: now() }));
    return;
  }
  await saveDoc('scenario_field_values', { id: docId, scenario_id: String(id), field_id: fieldId, value, updated_at: now() });
}

export interface CommentAuthor {
  id: number;
  name: string;
  image: string | null;
}

/** A new comment on the device (written once, never edited). */
export async function saveLocalComment(id: number, field: string, content: string, author: CommentAuthor): Promise<void> {
  await saveDoc('scenario_comments', {
    id: crypto.randomUUID(),
    scenario_id: String(id),
    field,
    content,
    user_id: author.id,
    user_name: author.name,
    user_image: author.image,
    created_at: now(),
  });
}

/** Whether a local-changes entry is about this scenario (its document, a field value or a comment). */
function concernsScenario(entry: LocalChange, id: number, commentIds: ReadonlySet<string>): boolean {
  const key = String(id);
  if (entry.collection_name === 'scenarios') return entry.doc_id === key;
  if (entry.collection_name === 'scenario_field_values') return entry.doc_id.startsWith(`${key}-`);
  if (entry.collection_name === 'scenario_comments') return commentIds.has(entry.doc_id);
  return false;
}

/** The pending writes and open issues (conflicts, refusals) of this scenario on the device. */
export async function unsyncedChangesOf(db: StoreDatabase, id: number): Promise<{ pending: number; issues: number }> {
  const comments = await db.scenario_comments.find({ selector: { scenario_id: String(id) } }).exec();
  const commentIds = new Set(comments.map((c) => c.id));
  const entries = (await db.local_changes.find().exec()).map((e) => e.toJSON() as LocalChange);
  const mine = entries.filter((e) => concernsScenario(e, id, commentIds));
  return { pending: mine.filter((e) => e.kind === 'pending').length, issues: mine.filter((e) => e.kind !== 'pending').length };
}

export class UnsyncedChangesError extends Error {}

/**
 * Before a status change (Submit For Review): waits until the server has this scenario's local writes, so the
 * review never starts without the author's last edits. Fails when a change waits for the person's decision
 * or does not get through in time.
 */
export async function waitUntilPushed(db: StoreDatabase, id: number, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { pending, issues } = await unsyncedChangesOf(db, id);
    if (issues > 0) {
      throw new UnsyncedChangesError('Some of your changes to this scenario need your decision first (see the notice above).');
    }
    if (pending === 0) return;
    if (!getSyncState().online || Date.now() > deadline) {
      throw new UnsyncedChangesError('Your latest changes have not reached the server yet. Try again once they are synced.');
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
