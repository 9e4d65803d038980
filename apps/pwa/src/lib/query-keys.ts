import type { AnyContract, ContractInput } from '@simvisit/schema';
import type { QueryClient } from '@tanstack/react-query';

/**
 * React Query keys derived from a call's contract and its input, so one call with one input has exactly one
 * cache entry whichever page asks for it, and a change can reach every cached answer of a call by its prefix.
 * A key is `['GET /api/scenario/:id', { params: { id: '7' } }]`: the method and path pattern, then the input
 * as the URL carries it (values as text, absent query values left out), so `{ id: 7 }` and `{ id: '7' }` are
 * the same entry, as they are the same request.
 */

type Input = { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown };
type KeyInput = { params?: Record<string, string>; query?: Record<string, string>; body?: unknown };

/** The first element of every key of a call: invalidating `[contractKey(c)]` reaches all its inputs. */
export function contractKey(contract: Pick<AnyContract, 'method' | 'path'>): string {
  return `${contract.method} ${contract.path}`;
}

function asText(values: Record<string, unknown> | undefined): Record<string, string> | undefined {
  if (!values) return undefined;
  const entries = Object.entries(values).filter(([, v]) => v !== undefined && v !== null);
  return entries.length ? Object.fromEntries(entries.map(([k, v]) => [k, String(v)])) : undefined;
}

function keyInput(input: Input | undefined): KeyInput {
  const key: KeyInput = {};
  const params = asText(input?.params);
  const query = asText(input?.query);
  if (params) key.params = params;
  if (query) key.query = query;
  // A body only keys a POST that reads (stateChanging: false), where it is what is asked.
  if (input?.body !== undefined) key.body = input.body;
  return key;
}

type KeyArgs<C extends AnyContract> = object extends ContractInput<C> ? [input?: ContractInput<C>] : [input: ContractInput<C>];

/** The cache key of one call with one input: `useQuery({ queryKey: queryKeyOf(api.show, { params: { id } }) })`. */
export function queryKeyOf<C extends AnyContract>(contract: C, ...[input]: KeyArgs<C>): readonly [string, KeyInput] {
  return [contractKey(contract), keyInput(input as Input | undefined)] as const;
}

/**
 * The key that matches every cached answer of a call, or of the calls whose input includes `input` (React
 * Query matches keys by prefix and objects by their listed fields): `invalidateQueries({ queryKey:
 * callPrefix(api.show, { params: { id } }) })` reaches that object's answer whatever its query string.
 */
export function callPrefix(contract: Pick<AnyContract, 'method' | 'path'>, input?: Input): readonly [string] | readonly [string, KeyInput] {
  return input ? ([contractKey(contract), keyInput(input)] as const) : ([contractKey(contract)] as const);
}

/** Marks the cached answers of several calls stale at once (each by prefix, as `callPrefix`). */
export function invalidateCalls(
  queryClient: QueryClient,
  contracts: readonly Pick<AnyContract, 'method' | 'path'>[],
  input?: Input,
): Promise<void> {
  return Promise.all(contracts.map((c) => queryClient.invalidateQueries({ queryKey: callPrefix(c, input) }))).then(() => undefined);
}
