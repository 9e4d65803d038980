import type { Permission } from '@simvisit/schema';
import type { Context, Hono } from 'hono';
import type { z } from 'zod';
import type { AppEnv } from './app-env';
import { guard } from './guard';
import { parseInput } from './parse';

/**
 * Who may call a route. Every route of the app is declared here with its access rule and scope (default deny:
 * a route that is not declared through `mount` fails the route-coverage test).
 */
export type Access =
  | { type: 'public' }
  | { type: 'authenticated' }
  | { type: 'permission'; permission: Permission }
  | { type: 'super_admin' }
  /** only while demo mode is on; 404 otherwise */
  | { type: 'demo' };

/** What the handler checks beyond the access rule, for the reader and the OpenAPI document. */
export type Scope = 'none' | 'self' | 'partner' | 'object';

export interface HandlerArgs<B, Q, P> {
  c: Context<AppEnv>;
  body: B;
  query: Q;
  params: P;
}

export interface RouteDef<B extends z.ZodType | undefined, Q extends z.ZodType | undefined, P extends z.ZodType | undefined> {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  tag: string;
  summary: string;
  access: Access;
  scope: Scope;
  /** Defaults to every method but GET; the spec's state-changing GETs set it. */
  stateChanging?: boolean;
  /** false for routes that read the body themselves (multipart, raw webhooks) or serve files */
  json?: boolean;
  /** not part of the REST API (static files, docs): left out of the OpenAPI document */
  internal?: boolean;
  body?: B;
  query?: Q;
  params?: P;
  response?: z.ZodType;
  handler: (
    args: HandlerArgs<
      B extends z.ZodType ? z.infer<B> : undefined,
      Q extends z.ZodType ? z.infer<Q> : undefined,
      P extends z.ZodType ? z.infer<P> : undefined
    >,
  ) => Promise<unknown> | unknown;
}

// biome-ignore lint/suspicious/noExplicitAny: a heterogeneous list of route definitions
export type AnyRoute = RouteDef<any, any, any>;

export function defineRoute<
  B extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  P extends z.ZodType | undefined = undefined,
>(def: RouteDef<B, Q, P>): RouteDef<B, Q, P> {
  return def;
}

export function isStateChanging(def: AnyRoute): boolean {
  return def.stateChanging ?? def.method !== 'GET';
}

/** Mounts declared routes with their guard and input parsing; records them for OpenAPI and coverage. */
export function mount(app: Hono<AppEnv>, registry: AnyRoute[], routes: AnyRoute[]): void {
  for (const def of routes) {
    registry.push(def);
    app.on(def.method, def.path, async (c) => {
      await guard(c, def);
      const input = await parseInput(c, def);
      // Demo routes hand out reset links and codes: every answer says loudly that it is demo-only.
      if (def.access.type === 'demo') c.header('X-Demo-Mode', 'on: demo-only route, never enabled in production');
      const result = await def.handler({ c, ...input });
      if (result instanceof Response) return result;
      return c.json(result ?? { message: 'OK' });
    });
  }
}
