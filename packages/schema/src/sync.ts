import { z } from 'zod/mini';
import { numeric } from './ids';
import { isDateText } from './zoned-time';

/** Version of the replication protocol in the path (/sync/v1/...). */
export const SYNC_PROTOCOL_VERSION = 'v1';
/** Oldest client build the server still talks to; older clients get 426 and reload. */
export const MIN_CLIENT_VERSION = 1;
export const CLIENT_VERSION_HEADER = 'x-client-version';
/** Most documents one push may carry, and most one pull returns (a first sync's page: decision 0095). */
export const MAX_PUSH_ROWS = 100;
export const MAX_PULL_BATCH = 1000;

/**
 * Where a pull stopped: the transaction id and sequence of the last row sent, and the epoch of the database
 * they belong to (a checkpoint of another epoch starts over).
 */
export const checkpointSchema = z.object({
  epoch: z.string().check(z.maxLength(100)),
  xid: z.string().check(z.regex(/^\d{1,20}$/)),
  seq: z.string().check(z.regex(/^\d{1,20}$/)),
});
export type Checkpoint = z.infer<typeof checkpointSchema>;

export const pullQuerySchema = z.object({
  checkpoint: z.pipe(
    z.optional(z.string().check(z.maxLength(500))),
    z.transform((raw, ctx) => {
      if (!raw) return null;
      try {
        return checkpointSchema.parse(JSON.parse(raw));
      } catch {
        // zod/mini's transform has no addIssue: the issue goes on the payload, as classic's addIssue puts it.
        ctx.issues.push({ code: 'custom', message: 'The checkpoint is not valid.', input: raw });
        return z.NEVER;
      }
    }),
  ),
  limit: z._default(numeric(z.number().check(z.int()).check(z.gte(1)).check(z.lte(MAX_PULL_BATCH))), MAX_PULL_BATCH),
});

const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;

/** Whether a text is an ISO 8601 date and time with its zone, as the clients write it (toISOString). */
export const isIsoTimestamp = (value: string) =>
  ISO_TIMESTAMP.test(value) && isDateText(value.slice(0, 10)) && !Number.isNaN(Date.parse(value));

/**
 * A time stamp of a replicated document. A refinement rather than z.iso.datetime so the JSON schema the PWA's
 * store derives (and hashes) stays the same; a pushed "not-a-date" is refused (issue 11 item 6).
 */
export const docTimestampSchema = (field: string) =>
  z
    .string()
    .check(z.maxLength(40))
    .check(z.refine(isIsoTimestamp, { error: `The ${field} field must be a valid date and time.` }));

/** Fields every replicated document carries besides its own. */
export const syncedFieldsSchema = z.object({
  id: z.string().check(z.minLength(1)).check(z.maxLength(64)),
  /** A new random id for every edit a client makes: the server's idempotency and conflict key. */
  write_id: z.string().check(z.minLength(1)).check(z.maxLength(64)),
  _deleted: z._default(z.boolean(), false),
});

export function pullResponseSchema<D extends z.core.$ZodType>(doc: D) {
  return z.object({
    documents: z.array(doc),
    checkpoint: z.nullable(checkpointSchema),
    /** true when newer rows exist that an older, still-running transaction hides: pull again shortly */
    pending: z.boolean(),
  });
}

export function pushRequestSchema<D extends z.core.$ZodType>(doc: D) {
  return z.array(z.object({ assumedMasterState: z.optional(z.nullable(doc)), newDocumentState: doc }));
}

/** A refused row of a push: the document comes back to its author with the reasons. */
export const pushRejectionSchema = z.object({
  id: z.string(),
  message: z.string(),
  errors: z.optional(z.record(z.string(), z.array(z.string()))),
});
export type PushRejection = z.infer<typeof pushRejectionSchema>;

export function pushResponseSchema<D extends z.core.$ZodType>(doc: D) {
  return z.object({
    conflicts: z.array(doc),
    rejected: z.array(pushRejectionSchema),
    /**
     * Write ids the server had already applied (a repeated push whose first answer was lost) but that a later
     * write, made on top of them, has since replaced: their document is among `conflicts` with its current state,
     * which the device takes without asking the person (their change was saved; it was then changed further).
     */
    superseded: z.optional(z.array(z.string().check(z.maxLength(64))).check(z.maxLength(MAX_PUSH_ROWS))),
  });
}
