import type { AnyContract, ApiContract, ContractParsed, ContractResult } from '@simvisit/schema';
import { isStateChangingCall } from '@simvisit/schema';
import type { Context } from 'hono';
import type { z } from 'zod';
import type { AppEnv } from './app-env';

export type { Access, Scope } from '@simvisit/schema';

type Schema = z.core.$ZodType | undefined;

export interface HandlerArgs<B, Q, P> {
  c: Context<AppEnv>;
  body: B;
  query: Q;
  params: P;
}

/** A mounted route: a call's contract (or an internal route's own description) and its handler. */
export interface RouteDef<B extends Schema, Q extends Schema, P extends Schema> extends ApiContract<P, Q, B> {
  /** not part of the REST API (static files, docs): left out of the OpenAPI document */
  internal?: boolean;
  handler: (
    args: HandlerArgs<
      B extends z.core.$ZodType ? z.infer<B> : undefined,
      Q extends z.core.$ZodType ? z.infer<Q> : undefined,
      P extends z.core.$ZodType ? z.infer<P> : undefined
    >,
  ) => Promise<unknown> | unknown;
}

// biome-ignore lint/suspicious/noExplicitAny: a heterogeneous list of route definitions
export type AnyRoute = RouteDef<any, any, any>;

/** A route the REST contracts do not declare (the static app, the API docs); REST calls use `implement`. */
export function defineRoute<
  B extends z.core.$ZodType | undefined = undefined,
  Q extends z.core.$ZodType | undefined = undefined,
  P extends z.core.$ZodType | undefined = undefined,
>(def: RouteDef<B, Q, P>): RouteDef<B, Q, P> {
  return def;
}

/**
 * The server's side of a contract declared in packages/schema: the handler gets the parsed params, query and
 * body, and must return what the response schema accepts (or a Response it built itself).
 */
export function implement<C extends AnyContract>(
  contract: C,
  handler: (args: { c: Context<AppEnv> } & ContractParsed<C>) => Promise<ContractResult<C> | Response> | ContractResult<C> | Response,
): AnyRoute {
  return { ...contract, handler: handler as AnyRoute['handler'] };
}

export function isStateChanging(def: AnyRoute): boolean {
  return isStateChangingCall(def);
}
