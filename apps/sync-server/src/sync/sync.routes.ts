import { MAX_PUSH_ROWS, pullQuerySchema, pullResponseSchema, pushRequestSchema, pushResponseSchema } from '@simvisit/schema';
import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import { z } from 'zod';
import type { AppEnv } from '../http/app-env';
import { HttpError, unprocessable } from '../http/errors';
import { readJsonBody } from '../http/parse';
import { type AnyRoute, defineRoute } from '../http/registry';
import { readSessionCookie } from '../features/sessions/session-cookies';
import { actorOf } from './actor';
import type { ChangeFeed } from './change-feed';
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
      handler: async ({ c: ctx, query }) =>
        ctx.var.services.sync.pull(c, await actorOf(ctx), query.checkpoint, query.limit),
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
      summary: `Server-Sent Events: RESYNC when ${c.name} change; heartbeats; closes when the session ends`,
      access: c.access,
      scope: 'self',
      handler: ({ c: ctx }) =>
        streamSSE(ctx, async (stream) => {
          let wake: () => void = () => {};
          let pending = false;
          const unsubscribe = feed.onTable(c.table, () => {
            pending = true;
            wake();
          });
          stream.onAbort(() => {
            unsubscribe();
            wake();
          });
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
            if (!ctx.var.viaToken && !(await ctx.var.services.sessions.stillLive(readSessionCookie(ctx, ctx.var.config)))) break;
            await stream.writeSSE({ event: 'heartbeat', data: '' });
          }
          unsubscribe();
        }),
    }),
  ];
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
