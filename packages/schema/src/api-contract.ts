import type { z } from 'zod';
import type { Access, Scope } from './api-access';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
// Any zod schema, classic or zod/mini: the first load's contracts are written with zod/mini (decision 0085, 'Fourth
// pass'), the rest with the classic API; both are zod core schemas and parse alike.
type Schema = z.core.$ZodType | undefined;

/**
 * One REST call, declared once (issue 10 item 4, docs/decisions/0035): the server registers its route from it,
 * the PWA calls it through `apiCall`, the OpenAPI document describes it. Paths use Hono's `:name` params.
 */
export interface ApiContract<P extends Schema = Schema, Q extends Schema = Schema, B extends Schema = Schema, R extends Schema = Schema> {
  method: HttpMethod;
  path: string;
  tag: string;
  summary: string;
  access: Access;
  scope: Scope;
  /** Defaults to every method but GET; the spec's state-changing GETs set it, and reads the spec makes as POST clear it. */
  stateChanging?: boolean;
  /**
   * Answers an account its partner has not admitted yet (email not confirmed, or the brand passcode not entered):
   * the few calls it needs to get out of that state. Every other signed-in call answers 403 until then, in the
   * server's one guard (issue 21 item 1, docs/decisions/0079).
   */
  beforeAdmission?: true;
  /** false for calls that read the body themselves (multipart uploads, raw webhooks) */
  json?: boolean;
  /**
   * The declared body is also taken as form fields (multipart/form-data or urlencoded), as the spec's form calls
   * send it; JSON stays accepted.
   */
  form?: boolean;
  /**
   * The largest body the call takes, in bytes; a larger one is answered 413 before it is read. Unset, a call
   * keeps JSON_BODY_LIMIT_BYTES; an upload declares its own with `uploadBodyLimit` (docs/decisions/0065).
   */
  bodyLimit?: number;
  params?: P;
  query?: Q;
  body?: B;
  /** The answer's shape; without one the call answers `{ message }`. */
  response?: R;
}

export function defineContract<
  P extends Schema = undefined,
  Q extends Schema = undefined,
  B extends Schema = undefined,
  R extends Schema = undefined,
>(contract: ApiContract<P, Q, B, R>): ApiContract<P, Q, B, R> {
  return contract;
}

// biome-ignore lint/suspicious/noExplicitAny: a heterogeneous list of contracts
export type AnyContract = ApiContract<any, any, any, any>;

type In<S> = S extends z.core.$ZodType ? z.input<S> : undefined;
type Out<S> = S extends z.core.$ZodType ? z.output<S> : undefined;

/** What a caller passes: path params, query and body as the schemas take them (before defaults and coercion). */
export type ContractInput<C> =
  C extends ApiContract<infer P, infer Q, infer B, Schema>
    ? (P extends z.core.$ZodType ? { params: In<P> } : { params?: undefined }) &
        (Q extends z.core.$ZodType ? { query: In<Q> } : { query?: undefined }) &
        (B extends z.core.$ZodType ? { body: In<B> } : { body?: undefined })
    : never;

/** What the server's handler receives: the parsed values. */
export type ContractParsed<C> =
  C extends ApiContract<infer P, infer Q, infer B, Schema> ? { params: Out<P>; query: Out<Q>; body: Out<B> } : never;

/** What a call answers once checked against its response schema. */
export type ContractResponse<C> =
  C extends ApiContract<Schema, Schema, Schema, infer R> ? (R extends z.core.$ZodType ? z.output<R> : { message: string }) : never;

/** What a handler must produce for the response schema to accept it. */
export type ContractResult<C> =
  C extends ApiContract<Schema, Schema, Schema, infer R> ? (R extends z.core.$ZodType ? z.input<R> : unknown) : never;

/** The body limit of every call that declares none: JSON fields, the sync protocol, everything not an upload. */
export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * The body limit of an upload: its files at their own largest, plus the JSON limit for the form's other fields
 * and the multipart framing. The handler checks each file's exact limit with the spec's message.
 */
export function uploadBodyLimit(...fileMaxBytes: number[]): number {
  return fileMaxBytes.reduce((sum, bytes) => sum + bytes, JSON_BODY_LIMIT_BYTES);
}

export function bodyLimitOf(contract: Pick<AnyContract, 'bodyLimit'>): number {
  return contract.bodyLimit ?? JSON_BODY_LIMIT_BYTES;
}

export function isStateChangingCall(contract: Pick<AnyContract, 'method' | 'stateChanging'>): boolean {
  return contract.stateChanging ?? contract.method !== 'GET';
}

/** The URL of a call: `:name` params filled in (encoded), the query's defined values appended in order. */
export function contractUrl(
  contract: Pick<AnyContract, 'path'>,
  params?: Record<string, string | number> | null,
  query?: Record<string, string | number | boolean | null | undefined> | null,
): string {
  const path = contract.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${contract.path}: missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) search.append(key, String(value));
  }
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}
