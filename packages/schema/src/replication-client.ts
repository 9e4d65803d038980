import { z } from 'zod/mini';
import type { NotificationDoc } from './notifications';
import { REPLICATED } from './replicated-collections';
import { STORE_SCHEMA_DATA } from './store-schemas.generated';
import { type Checkpoint, SYNC_PROTOCOL_VERSION } from './sync';

/**
 * Rules of the PWA's local store (DESIGN.md §5): which collections it opens, their JSON schemas derived from
 * the shared zod document schemas, and the pure decisions of the replication client (conflicts, pending
 * counts, labels). Kept here, free of RxDB and the DOM, so they are unit-tested with the other rules.
 */

/** The client build sent as X-Client-Version; the server answers 426 when it is older than it accepts. */
export const CLIENT_VERSION = 1;

/** Collections that replicate with the server, by their path segment (their descriptors: replicated-collections.ts). */
export const REPLICATED_COLLECTIONS = Object.keys(REPLICATED) as (keyof typeof REPLICATED)[];
export type ReplicatedCollection = keyof typeof REPLICATED;
/** The local-only collection holding pending-write markers and the conflicts and refusals to decide. */
export const LOCAL_CHANGES_COLLECTION = 'local_changes';
/** RxDB's free build opens at most 13 collections in a page; the store stays well below (DESIGN.md §5). */
export const MAX_STORE_COLLECTIONS = 10;

/** One database per signed-in user, so a shared device never mixes two people's data. */
export function databaseNameForUser(userId: number): string {
  if (!Number.isInteger(userId) || userId <= 0) throw new Error('A database needs a positive user id.');
  return `simvisit-user-${userId}`;
}

export function pullPath(collection: string, checkpoint: Checkpoint | null | undefined, limit: number): string {
  const params = new URLSearchParams({ limit: String(limit) });
  if (checkpoint) params.set('checkpoint', JSON.stringify(checkpoint));
  return `/sync/${SYNC_PROTOCOL_VERSION}/${collection}/pull?${params.toString()}`;
}

export function syncPath(collection: string, endpoint: 'push' | 'stream'): string {
  return `/sync/${SYNC_PROTOCOL_VERSION}/${collection}/${endpoint}`;
}

/** The JSON schema of a local collection, in the shape RxDB expects (RxJsonSchema). */
export interface LocalJsonSchema {
  version: number;
  primaryKey: string;
  type: 'object';
  properties: Record<string, Record<string, unknown>>;
  required: string[];
  indexes?: string[][];
}

/** A pending write, a conflict or a refused write, kept on the device only. */
export const localChangeSchema = z.object({
  /** `${kind}:${collection}:${doc_id}`: one marker and at most one open issue per document */
  id: z.string().check(z.minLength(1)).check(z.maxLength(200)),
  kind: z.enum(['pending', 'conflict', 'rejected']),
  /** not `collection`: top-level fields must not shadow the store's document properties */
  collection_name: z.string().check(z.maxLength(64)),
  doc_id: z.string().check(z.maxLength(64)),
  /** the write id of the local edit this entry is about */
  write_id: z.string().check(z.maxLength(64)),
  /** the person's version (conflicts and refusals), so it is never lost */
  mine: z.nullable(z.record(z.string(), z.unknown())),
  /** the server's version when it differs (conflicts) */
  theirs: z.nullable(z.record(z.string(), z.unknown())),
  message: z.string().check(z.maxLength(2000)),
  errors: z.record(z.string(), z.array(z.string())),
  created_at: z.string().check(z.maxLength(40)),
});
export type LocalChange = z.infer<typeof localChangeSchema>;
export type LocalChangeKind = LocalChange['kind'];

export function localChangeId(kind: LocalChangeKind, collection: string, docId: string): string {
  return `${kind}:${collection}:${docId}`;
}

/**
 * The local JSON schemas, derived from the zod document schemas (store-schema-derivation.ts) and kept as data
 * (store-schemas.generated.ts, written by `npm run generate:store-schemas`; a unit test fails when it no longer matches
 * the derivation). Deriving them in the page took a long task on a phone and shipped zod's JSON-schema code.
 */
export const STORE_SCHEMAS = STORE_SCHEMA_DATA as Record<ReplicatedCollection | typeof LOCAL_CHANGES_COLLECTION, LocalJsonSchema>;

const VOLATILE_FIELDS = new Set(['write_id', 'updated_at', '_meta', '_rev', '_attachments']);

function stable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stable);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value as Record<string, unknown>)
        .sort()
        .map((k) => [k, stable((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

/**
 * Whether two versions of a document say the same thing: everything but the write id, the edit time and
 * the store's own bookkeeping. Two devices that made the same edit are not in conflict.
 */
export function sameDocContent(a: Record<string, unknown> | null | undefined, b: Record<string, unknown> | null | undefined): boolean {
  if (!a || !b) return a === b;
  const strip = (d: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(d).filter(([k, v]) => !VOLATILE_FIELDS.has(k) && !(k === '_deleted' && v === false)));
  return JSON.stringify(stable(strip(a))) === JSON.stringify(stable(strip(b)));
}

/** The owner's changes to a notification: only these fields ever change on the device (the server checks). */
export interface NotificationOwnerChange {
  is_read?: boolean;
  is_archived?: boolean;
  _deleted?: boolean;
}

/** A notification with the owner's change applied and a new write id; every other field is kept as is. */
export function notificationOwnerChange<D extends Pick<NotificationDoc, 'is_read' | 'is_archived' | 'write_id'>>(
  doc: D & { _deleted?: boolean },
  change: NotificationOwnerChange,
  writeId: string,
): D & { _deleted?: boolean } {
  const next = { ...doc, write_id: writeId };
  if (change.is_read !== undefined) next.is_read = change.is_read;
  if (change.is_archived !== undefined) next.is_archived = change.is_archived;
  if (change._deleted !== undefined) next._deleted = change._deleted;
  return next;
}

/**
 * Two devices changed the same notification: read, archived and deleted only ever move one way for the
 * person, so the result keeps every flag either side set. Returns null when the server's version already says
 * everything (nothing to push again).
 */
export function mergeNotificationFlags<D extends { is_read: boolean; is_archived: boolean; _deleted?: boolean }>(
  mine: D,
  theirs: D,
): D | null {
  const merged = {
    ...theirs,
    is_read: theirs.is_read || mine.is_read,
    is_archived: theirs.is_archived || mine.is_archived,
    _deleted: Boolean(theirs._deleted) || Boolean(mine._deleted),
  };
  if (merged.is_read === theirs.is_read && merged.is_archived === theirs.is_archived && merged._deleted === Boolean(theirs._deleted)) {
    return null;
  }
  return merged;
}

/** What a sync call's HTTP status means for the client. */
export type SyncFailure = 'offline' | 'signed-out' | 'outdated' | 'forbidden' | 'server';

export function syncFailureOf(status: number): SyncFailure {
  if (status === 0) return 'offline';
  if (status === 401 || status === 419) return 'signed-out';
  if (status === 426) return 'outdated';
  if (status === 403) return 'forbidden';
  return 'server';
}

/** A pull answers `pending: true` when an older transaction still hides newer rows: pull again after this. */
export const PENDING_PULL_RETRY_MS = 1000;
