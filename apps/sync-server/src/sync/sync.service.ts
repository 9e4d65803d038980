import { type Checkpoint, fieldErrors, firstMessage, forbiddenTextErrors, MAX_PUSH_ROWS, type PushRejection } from '@simvisit/schema';
import { z } from 'zod';
import { forbidden, HttpError, unprocessable } from '../http/errors';
import type { Actor } from '../platform/actor';
import { appliedKey, type SyncRepository } from './sync.repository';
import { ForbiddenWrite, type SyncCollection, type SyncDoc, type SyncWriteContext } from './sync-collection';

const START = { xid: '0', seq: '0' };
const HORIZON_WAIT_MS = 1000;
const HORIZON_POLL_MS = 50;

/** Pull and push for any declared collection (DESIGN.md §5). */
export function createSyncService(repo: SyncRepository, context: SyncWriteContext) {
  return {
    async pull(c: SyncCollection, actor: Actor, checkpoint: Checkpoint | null, limit: number) {
      const epoch = await repo.epoch();
      // A checkpoint of another epoch (a restored or recreated database) starts over from the beginning.
      const after = checkpoint && checkpoint.epoch === epoch ? checkpoint : START;
      const scope = c.scope(actor);
      const read = async () => {
        const horizon = await repo.horizon();
        const rows = await repo.pull(c, scope, after, limit, horizon);
        return { rows, pending: rows.length < limit && (await repo.hiddenBehindHorizon(c, scope, after, horizon)) };
      };
      let { rows, pending } = await read();
      // Rows of a transaction that began before another still-running one wait until that one ends. When the
      // batch is not full and such rows exist, wait a little for them; if they stay hidden, say so, and the
      // client pulls again shortly instead of waiting for the next change.
      for (let waited = 0; pending && waited < HORIZON_WAIT_MS; waited += HORIZON_POLL_MS) {
        await new Promise((resolve) => setTimeout(resolve, HORIZON_POLL_MS));
        ({ rows, pending } = await read());
      }
      const last = rows.at(-1);
      return {
        documents: rows.map((r) => ({ ...(r.doc as object), _deleted: r._deleted })),
        checkpoint: last ? { epoch, xid: last.xid, seq: last.seq } : checkpoint && checkpoint.epoch === epoch ? checkpoint : null,
        pending,
      };
    },

    /**
     * One transaction for the whole batch. A write to a document the caller may not write refuses the whole
     * batch (403, nothing written). Otherwise each row is: already applied (same write id: no-op), a conflict
     * (the stored document was written by someone else since the client's assumed state: the real master comes
     * back), rejected by the rules (the reasons come back), or applied as sent.
     */
    async push(c: SyncCollection, actor: Actor, rows: { assumedMasterState?: SyncDoc | null; newDocumentState: unknown }[]) {
      if (rows.length > MAX_PUSH_ROWS) {
        throw new HttpError(413, `A push may carry at most ${MAX_PUSH_ROWS} documents.`);
      }
      return repo.transaction(async (trx) => {
        const conflicts: SyncDoc[] = [];
        const rejected: PushRejection[] = [];
        const superseded: string[] = [];
        const parsed: { doc: SyncDoc; assumed: SyncDoc | null }[] = [];
        for (const row of rows) {
          // A document with text PostgreSQL cannot store is refused alone, never the batch (issue 11 item 3).
          const forbidden = forbiddenTextErrors(row.newDocumentState);
          const result = forbidden ? null : z.safeParse(c.schema, row.newDocumentState);
          if (!result?.success) {
            const id = String((row.newDocumentState as { id?: unknown } | null)?.id ?? '').slice(0, 64);
            const errors = forbidden ?? fieldErrors(result!.error!.issues);
            rejected.push({ id, message: firstMessage(errors), errors });
            continue;
          }
          parsed.push({ doc: result.data, assumed: row.assumedMasterState ?? null });
        }
        const stored = await repo.lockStored(trx, c, [...new Set(parsed.map((p) => p.doc.id))]);
        const applied = await repo.applied(
          trx,
          c.name,
          actor.user.id,
          parsed.map((p) => p.doc),
        );

        for (const { doc } of parsed) {
          try {
            await c.authorizeWrite(actor, stored.get(doc.id)?.doc ?? null, doc, trx);
          } catch (err) {
            if (err instanceof ForbiddenWrite) throw forbidden(err.message);
            throw err;
          }
        }

        for (const { doc, assumed } of parsed) {
          const current = stored.get(doc.id);
          if (applied.has(appliedKey(doc.id, doc.write_id)) || current?.doc.write_id === doc.write_id) {
            // Already applied (a repeat of a push whose answer was lost). If the document has moved on since, the
            // device would otherwise keep its old state for good, its checkpoint being past the newer write: it
            // gets the current state back, marked superseded so it takes it without a conflict to decide.
            if (current && current.doc.write_id !== doc.write_id) {
              conflicts.push({ ...current.doc, _deleted: current._deleted });
              superseded.push(doc.write_id);
            }
            continue;
          }
          if (current && assumed?.write_id !== current.doc.write_id) {
            conflicts.push({ ...current.doc, _deleted: current._deleted });
            continue;
          }
          const errors = (await c.validate?.(actor, doc, current?.doc ?? null, trx)) ?? null;
          if (errors) {
            rejected.push({ id: doc.id, message: Object.values(errors)[0]?.[0] ?? 'Refused.', errors });
            continue;
          }
          await repo.upsert(trx, c, doc, c.columns(doc), actor.user.id);
          await c.afterWrite?.(actor, doc, current?.doc ?? null, trx, context);
          stored.set(doc.id, { doc, _deleted: doc._deleted });
        }
        return superseded.length ? { conflicts, rejected, superseded } : { conflicts, rejected };
      });
    },

    /**
     * A write made by the server on the caller's behalf (the REST calls): same authorization, rules and storage
     * as a push, but a refusal is an error (422 with field errors) rather than a returned rejection.
     */
    async write<D extends SyncDoc>(c: SyncCollection<D>, actor: Actor, doc: D): Promise<D> {
      return repo.transaction(async (trx) => {
        const stored = await repo.lockStored(trx, c as unknown as SyncCollection, [doc.id]);
        try {
          await c.authorizeWrite(actor, (stored.get(doc.id)?.doc as D | undefined) ?? null, doc, trx);
        } catch (err) {
          if (err instanceof ForbiddenWrite) throw forbidden(err.message);
          throw err;
        }
        const result = z.safeParse(c.schema, doc);
        const previous = (stored.get(doc.id)?.doc as D | undefined) ?? null;
        const errors = result.success
          ? ((await c.validate?.(actor, result.data, previous, trx)) ?? null)
          : fieldErrors(result.error.issues);
        if (errors) throw unprocessable(firstMessage(errors), errors);
        await repo.upsert(trx, c as unknown as SyncCollection, doc, c.columns(doc), actor.user.id);
        await c.afterWrite?.(actor, doc, previous, trx, context);
        return doc;
      });
    },
  };
}
export type SyncService = ReturnType<typeof createSyncService>;

declare module '../app-services' {
  interface Services {
    sync: SyncService;
  }
}
