import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { REPLICATED, STORE_SCHEMAS, visitScorecardDocSchema } from '../src';

/**
 * The JSON schema of every replicated collection as the PWA's RxDB store opens it, pinned per version. RxDB
 * refuses to open a store whose schema changed under the same version, so a device with data would fail to
 * start: a change to a document's shape must raise the collection's version and add a migration strategy
 * (apps/pwa/src/platform/sync/store.ts). Validation that does not change the JSON schema (a zod refinement, as
 * the time stamps use) leaves these pins as they are.
 */
const PINS: Record<string, { version: number; sha256: string }> = {
  availabilities: { version: 0, sha256: '597f3d10f5b37731' },
  notifications: { version: 0, sha256: '34b2e315f98030d4' },
  scenarios: { version: 0, sha256: 'ac99a1380855ae58' },
  scenario_field_values: { version: 0, sha256: 'dbad77e61083beb0' },
  scenario_comments: { version: 0, sha256: 'f8bf6786a5082ac3' },
  visit_scorecards: { version: 0, sha256: '8aa60cd027084015' },
  local_changes: { version: 0, sha256: '0a4342967a48f87a' },
};

describe('store schemas', () => {
  it.each(Object.keys(STORE_SCHEMAS))('%s keeps its JSON schema for its version', (name) => {
    const schema = STORE_SCHEMAS[name as keyof typeof STORE_SCHEMAS];
    const sha256 = createHash('sha256').update(JSON.stringify(schema)).digest('hex').slice(0, 16);
    expect(
      { version: schema.version, sha256 },
      `${name}'s JSON schema changed: raise its version, add a migration strategy, then update this pin`,
    ).toEqual(PINS[name]);
  });
});

/** Every time stamp a client can push is a real date and time (issue 11 item 6): "not-a-date" is refused. */
describe('pushed time stamps', () => {
  const stamps = Object.values(REPLICATED).flatMap((c) => {
    const shape = (c.schema as unknown as { shape: Record<string, z.ZodType> }).shape;
    return Object.keys(shape)
      .filter((key) => /_at$/.test(key))
      .map((key) => [c.name, key, shape[key] as z.ZodType] as const);
  });

  it('covers the time stamps of every collection', () => {
    expect(stamps.map(([name, key]) => `${name}.${key}`)).toEqual([
      'availabilities.updated_at',
      'notifications.created_at',
      'scenarios.updated_at',
      'scenario_field_values.updated_at',
      'scenario_comments.created_at',
      'visit_scorecards.submitted_at',
      'visit_scorecards.updated_at',
    ]);
  });

  it.each(stamps)('%s.%s refuses text that is not a date and accepts what the clients write', (_name, key, schema) => {
    const refused = schema.safeParse('not-a-date');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe(`The ${key} field must be a valid date and time.`);
    expect(schema.safeParse('2026-13-45T99:00:00Z').success).toBe(false);
    expect(schema.safeParse(new Date('2026-11-25T10:00:00Z').toISOString()).success).toBe(true);
  });

  it('refuses a scorecard whose visit start is not a date', () => {
    const summary = visitScorecardDocSchema.shape.visit.shape.start_at;
    expect(summary.safeParse('soon').success).toBe(false);
  });
});
