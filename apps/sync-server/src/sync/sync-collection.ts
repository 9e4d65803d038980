import type { Access } from '@simvisit/schema';
import { type RawBuilder, sql, type Transaction } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../db/types';
import type { Actor } from '../platform/actor';

export interface SyncDoc {
  id: string;
  write_id: string;
  _deleted: boolean;
}

/**
 * Who a change concerns (issue 23 item 5, decision 0095). A changed row has audience keys, a stream's person has
 * keys, and a change wakes only the streams whose keys meet the row's: one person's edit wakes that person's
 * devices and their assigned staff's, not every device that replicates the table. Everyone whose `scope` holds a
 * row must share one of its keys (a missed key is a device that stays stale until its next pull).
 */
export interface SyncAudience {
  /** A query selecting the keys (`key`) of the rows with these ids, run once per batch of changes. */
  rows(ids: readonly string[]): RawBuilder<{ key: string }>;
  /** The keys of a stream's person, taken when the stream opens. */
  actor(actor: Actor): readonly string[];
}

/** The audience key of one person. */
export const personKey = (userId: number) => `user:${userId}`;

/** Rows that belong to the person in `column` (the collection's scope is `column = the actor`). */
export function ownerAudience(table: string, column = 'user_id'): SyncAudience {
  return {
    rows: (ids) =>
      sql<{ key: string }>`SELECT DISTINCT 'user:' || ${sql.ref(column)} AS key FROM ${sql.table(table)} WHERE id IN (${sql.join(ids)})`,
    actor: (actor) => [personKey(actor.user.id)],
  };
}

/** A write the collection refuses for the whole batch (another user's document, a protected field). */
export class ForbiddenWrite extends Error {}

/**
 * What a feature declares to replicate a table (DESIGN.md §5): the table, the shared zod document schema,
 * who may use the endpoints, which rows a caller may pull, and the write rules checked against the stored row.
 */
export interface SyncCollection<D extends SyncDoc = SyncDoc> {
  /** path segment and the PWA collection name */
  name: string;
  /** a table created with the sync columns and the sync_stamp trigger */
  table: string;
  schema: z.core.$ZodType<D>;
  access: Access;
  /** SQL condition selecting the rows the actor may pull (and write) */
  scope(actor: Actor): RawBuilder<boolean>;
  /** Whose change streams a change of a row wakes; it must agree with `scope` (see SyncAudience). */
  audience: SyncAudience;
  /**
   * Throws ForbiddenWrite when the actor may not write this document, judged on the stored document (null for
   * a new one) and the session, never on what the client claims.
   */
  authorizeWrite(actor: Actor, stored: D | null, incoming: D, trx: Transaction<DB>): void | Promise<void>;
  /**
   * Business rules beyond the schema, judged against the stored document (null for a new one) inside the
   * write's transaction; returns field errors to send back to the person, or null.
   */
  validate?(
    actor: Actor,
    incoming: D,
    stored: D | null,
    trx: Transaction<DB>,
  ): Record<string, string[]> | null | Promise<Record<string, string[]> | null>;
  /** Table columns derived from the document (besides id, doc and _deleted). */
  columns(doc: D): Record<string, unknown>;
  /**
   * Side effects of a write just stored (a push row or a server write on the caller's behalf), inside the same
   * transaction: a throw rolls the whole write back. Runs once per applied write id (a repeated write id is a
   * no-op and never reaches it). `stored` is the document before the write (null for a new one).
   */
  afterWrite?(actor: Actor, doc: D, stored: D | null, trx: Transaction<DB>, context: SyncWriteContext): Promise<void>;
}

/**
 * What a collection's afterWrite may use besides the transaction, given to the engine once in services.ts.
 * Features declare what they need by declaration merging (as db/types.ts does for tables).
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging in the features
export interface SyncWriteContext {}
