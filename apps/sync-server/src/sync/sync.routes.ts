import { MAX_PUSH_ROWS, pullQuerySchema, pullResponseSchema, pushRequestSchema, pushResponseSchema } from '@simvisit/schema';
import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import { z } from 'zod';
import { actorOf } from '../http/actor';
import type { AppEnv } from '../http/app-env';
import { isUnavailable } from '../http/error-handler';
import { HttpError, unprocessable } from '../http/errors';
import { readJsonBody } from '../http/parse';
import { type AnyRoute, defineRoute } from '../http/route';
import type { Actor } from '../platform/actor';
import { readSessionCookie } from '../platform/sessions';
import type { ChangeFeed } from './change-feed';
import { streamCap } from './stream-cap';
import type { SyncCollection, SyncDoc } from './sync-collection';

/** The three replication endpoints of one collection: /sync/v1/<name>/{pull,push,stream}. */
export function syncRoutes(c: SyncCollection, feed: ChangeFeed): AnyRoute[] {
  const base = `/sync/v1/${c.name}`;
  return [
    defineRoute({
      method: 'GET',
      path: `${base}/pull`,
      tag: 'Sync',
      summary: `Pull ${c.name} changed after a checkpoint`,
      access: c.access,
      scope: 'self',
      query: pullQuerySchema,
      response: pullResponseSchema(c.schema),
      handler: async ({ c: ctx, query }) => ctx.var.services.sync.pull(c, await actorOf(ctx), query.checkpoint, query.limit),
    }),
    defineRoute({
      method: 'POST',
      path: `${base}/push`,
      tag: 'Sync',
      summary: `Push ${c.name} written on a device`,
      access: c.access,
      scope: 'object',
      json: false,
      body: pushRequestSchema(c.schema),
      response: pushResponseSchema(c.schema),
      handler: async ({ c: ctx }) => {
        const rows = await readPushBody(ctx);
        return ctx.var.services.sync.push(c, await actorOf(ctx), rows);
      },
    }),
    defineRoute({
      method: 'GET',
      path: `${base}/stream`,
      tag: 'Sync',
      summary: `Server-Sent Events: RESYNC when ${c.name} of the caller change; heartbeats; closes when the session ends`,
      access: c.access,
      scope: 'self',
      handler: async ({ c: ctx }) => {
        const keys = c.audience.actor(await actorOf(ctx));
        return streamSSE(ctx, async (stream) => {
          let wake: () => void = () => {};
          let pending = false;
          // Only changes of rows in the person's scope wake the stream (decision 0095).
          const unsubscribe = feed.onRows(c.table, keys, () => {
            pending = true;
            wake();
          });
          stream.onAbort(() => {
            unsubscribe();
            wake();
          });
          const release = streamCap.admit(streamOwner(ctx), () => stream.abort());
          await stream.writeSSE({ event: 'ready', data: 'ok' });
          while (!stream.aborted) {
            if (pending) {
              pending = false;
              await stream.writeSSE({ event: 'RESYNC', data: c.name });
              continue;
            }
            await new Promise<void>((resolve) => {
              wake = resolve;
              setTimeout(resolve, ctx.var.config.syncHeartbeatMs);
            });
            if (pending || stream.aborted) continue;
            // A stream outlives no session: once the cookie's session ends (logout, expiry), it closes.
            if (!(await sessionGoesOn(ctx, stream))) break;
            await stream.writeSSE({ event: 'heartbeat', data: '' });
          }
          release();
          unsubscribe();
        });
      },
    }),
  ];
}

/** Whose streams a stream counts among: the cookie's session, or the user of a bearer token. */
function streamOwner(ctx: Context<AppEnv>): string {
  return ctx.var.session ? `session:${ctx.var.session.id}` : `user:${ctx.var.user?.id ?? 'none'}`;
}

/**
 * Whether a stream's session still holds. While the database is away the answer is unknown: the stream stays
 * open (the next heartbeat asks again), so a database outage does not drop every device's stream at once; the
 * change listener's reconnect then tells it to pull what it missed (issue 11, standing proof 4).
 */
async function sessionGoesOn(ctx: Context<AppEnv>, stream: { aborted: boolean }): Promise<boolean> {
  if (ctx.var.viaToken) return true;
  try {
    return await ctx.var.services.sessions.stillLive(readSessionCookie(ctx, ctx.var.config));
  } catch (err) {
    if (isUnavailable(err)) return true;
    // The answer is shared by the streams of a quarter second: one that ended meanwhile (the server stopping,
    // its database closed) has no question left.
    if (stream.aborted) return false;
    throw err;
  }
}

/** Whether the actor passes a collection's access rule (the combined stream serves only those). */
function mayUse(c: SyncCollection, actor: Actor): boolean {
  switch (c.access.type) {
    case 'authenticated':
      return true;
    case 'super_admin':
      return Boolean(actor.user.super_admin);
    case 'permission':
      return actor.permissions.includes(c.access.permission);
    default:
      return false;
  }
}

const combinedStreamQuery = z.object({ collections: z.string().max(1000).optional() });

/**
 * One Server-Sent Events stream for all of a device's collections: GET /sync/v1/stream?collections=a,b.
 * A browser allows six HTTP/1.1 connections per origin; one stream per collection took them all once a person
 * replicated six collections, and every other call then waited forever. RESYNC carries the collection's name.
 */
export function combinedSyncStreamRoute(collections: SyncCollection[], feed: ChangeFeed): AnyRoute {
  return defineRoute({
    method: 'GET',
    path: '/sync/v1/stream',
    tag: 'Sync',
    summary: 'Server-Sent Events for several collections: RESYNC with the collection name when a row of the caller changes; heartbeats',
    access: { type: 'authenticated' },
    scope: 'self',
    query: combinedStreamQuery,
    handler: async ({ c: ctx, query }) => {
      const actor = await actorOf(ctx);
      const wanted = new Set((query.collections ?? '').split(',').filter(Boolean));
      const served = collections.filter((c) => wanted.has(c.name) && mayUse(c, actor));
      return streamSSE(ctx, async (stream) => {
        let wake: () => void = () => {};
        const pending = new Set<string>();
        const unsubscribes = served.map((c) =>
          feed.onRows(c.table, c.audience.actor(actor), () => {
            pending.add(c.name);
            wake();
          }),
        );
        stream.onAbort(() => {
          for (const off of unsubscribes) off();
          wake();
        });
        const release = streamCap.admit(streamOwner(ctx), () => stream.abort());
        await stream.writeSSE({ event: 'ready', data: served.map((c) => c.name).join(',') });
        while (!stream.aborted) {
          if (pending.size > 0) {
            const names = [...pending];
            pending.clear();
            for (const name of names) await stream.writeSSE({ event: 'RESYNC', data: name });
            continue;
          }
          await new Promise<void>((resolve) => {
            wake = resolve;
            setTimeout(resolve, ctx.var.config.syncHeartbeatMs);
          });
          if (pending.size > 0 || stream.aborted) continue;
          if (!(await sessionGoesOn(ctx, stream))) break;
          await stream.writeSSE({ event: 'heartbeat', data: '' });
        }
        release();
        for (const off of unsubscribes) off();
      });
    },
  });
}

const pushEnvelope = z.array(
  z.object({
    assumedMasterState: z.looseObject({ write_id: z.string() }).nullish(),
    newDocumentState: z.unknown(),
  }),
);

/** The push body: a list of {assumedMasterState, newDocumentState}; over the row cap is 413 before any work. */
async function readPushBody(ctx: Context<AppEnv>) {
  const raw = await readJsonBody(ctx);
  if (Array.isArray(raw) && raw.length > MAX_PUSH_ROWS) {
    throw new HttpError(413, `A push may carry at most ${MAX_PUSH_ROWS} documents.`);
  }
  const parsed = pushEnvelope.safeParse(raw);
  if (!parsed.success) throw unprocessable('The push must be a list of {assumedMasterState, newDocumentState}.');
  return parsed.data as { assumedMasterState?: SyncDoc | null; newDocumentState: unknown }[];
}
