import * as schema from '@simvisit/schema';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

/** Numbers that are bounded later in their own pipe (the walk sees the raw branch too), with the reason. */
const BOUNDED_LATER: Record<string, string> = {
  'scenariosApi.saveFee.body.scenario_fee|1': 'the pipe after it bounds the amount to MONEY_MAX with its own message',
};

// The largest bound a number input may have: PostgreSQL integer columns overflow above it (a 22003 is a 500).
const LIMIT = 2_147_483_647;

type Bag = { minimum?: number; maximum?: number; exclusiveMinimum?: number; exclusiveMaximum?: number };
type Node = { _zod?: { def: Record<string, unknown> } };

/** A number's bounds as zod core describes them, the same for classic and zod/mini schemas (decision 0085). */
function boundsOf(schema: Node): { min: number; max: number } {
  const bag = z.toJSONSchema(schema as unknown as z.core.$ZodType, { unrepresentable: 'any' }) as Bag;
  return {
    min: Math.max(bag.minimum ?? Number.NEGATIVE_INFINITY, bag.exclusiveMinimum ?? Number.NEGATIVE_INFINITY),
    max: Math.min(bag.maximum ?? Number.POSITIVE_INFINITY, bag.exclusiveMaximum ?? Number.POSITIVE_INFINITY),
  };
}

/** Every number of a contract's params, query and body, with the path where it sits. */
function unbounded(node: unknown, path: string, out: string[], seen = new Set<unknown>()): void {
  const s = node as Node | undefined;
  if (!s?._zod || seen.has(s)) return;
  seen.add(s);
  // biome-ignore lint/suspicious/noExplicitAny: zod's internal definitions differ per schema type
  const def = s._zod.def as Record<string, any>;
  switch (def.type) {
    case 'number': {
      const { min, max } = boundsOf(s);
      if (!(max <= LIMIT && min >= -LIMIT)) out.push(path);
      return;
    }
    case 'object':
      for (const [key, child] of Object.entries(def.shape as Record<string, unknown>)) unbounded(child, `${path}.${key}`, out, seen);
      return;
    case 'array':
      unbounded(def.element, `${path}[]`, out, seen);
      return;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
    case 'catch':
      unbounded(def.innerType, path, out, seen);
      return;
    case 'pipe':
      unbounded(def.in, path, out, seen);
      unbounded(def.out, path, out, seen);
      return;
    case 'union':
      for (const [i, option] of (def.options as unknown[]).entries()) unbounded(option, `${path}|${i}`, out, seen);
      return;
    case 'record':
      unbounded(def.valueType, `${path}{}`, out, seen);
      return;
    case 'intersection':
      unbounded(def.left, path, out, seen);
      unbounded(def.right, path, out, seen);
      return;
    default:
      return;
  }
}

function contracts(): [string, Record<string, unknown>][] {
  const found: [string, Record<string, unknown>][] = [];
  const visit = (group: unknown, prefix: string) => {
    for (const [key, value] of Object.entries(group as Record<string, unknown>)) {
      if (!value || typeof value !== 'object') continue;
      if ('method' in value && 'path' in value) found.push([`${prefix}.${key}`, value as Record<string, unknown>]);
      else visit(value, `${prefix}.${key}`);
    }
  };
  for (const [name, group] of Object.entries(schema)) if (name.endsWith('Api') && group && typeof group === 'object') visit(group, name);
  return found;
}

describe('every number a call accepts has bounds (issue 11 item 5)', () => {
  it('finds the contracts', () => {
    expect(contracts().length).toBeGreaterThan(100);
  });

  it('bounds each number of params, query and body within the integer column range', () => {
    const out: string[] = [];
    for (const [name, contract] of contracts()) {
      for (const part of ['params', 'query', 'body'] as const) unbounded(contract[part], `${name}.${part}`, out);
    }
    expect(out.filter((path) => !(path in BOUNDED_LATER))).toEqual([]);
  });
});
