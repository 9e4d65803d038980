import { describe, expect, it } from 'vitest';
import { idOrZeroSchema, idSchema, MAX_ID, parseId } from '../src/ids';

describe('parseId', () => {
  it('accepts whole numbers from 1 to the largest integer column value', () => {
    expect(parseId('1')).toBe(1);
    expect(parseId(' 42 ')).toBe(42);
    expect(parseId(MAX_ID)).toBe(MAX_ID);
    expect(parseId(String(MAX_ID))).toBe(MAX_ID);
  });

  it('refuses anything else instead of letting the database overflow', () => {
    for (const raw of ['0', '-1', '1.5', '1e3', '', 'abc', String(MAX_ID + 1), '99999999999', null, undefined, {}, 0, 2.5, MAX_ID + 1]) {
      expect(parseId(raw)).toBeNull();
    }
  });
});

describe('idSchema', () => {
  it('coerces numeric strings and bounds the value', () => {
    expect(idSchema().parse('7')).toBe(7);
    expect(idSchema().safeParse(MAX_ID + 1).success).toBe(false);
    expect(idSchema().safeParse(0).success).toBe(false);
  });

  it('answers with the given message on every failure', () => {
    const result = idSchema('Pick a scenario.').safeParse('x');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Pick a scenario.');
    expect(idSchema('Pick a scenario.').safeParse(-3).error?.issues[0]?.message).toBe('Pick a scenario.');
  });

  it('allows 0 only in idOrZeroSchema', () => {
    expect(idOrZeroSchema().parse('0')).toBe(0);
    expect(idOrZeroSchema().safeParse(MAX_ID + 1).success).toBe(false);
  });
});
