import {
  earliestRotationEndDate,
  GENERATED_PASSWORD_LENGTH,
  generateBrandPassword,
  isRotationDue,
  BRAND_PASSWORD_MESSAGES as M,
  PASSWORD_LETTERS,
  PASSWORD_SYMBOLS,
  rotationEndDateError,
  saveBrandPasswordRequestSchema,
  uniformIndex,
} from '@simvisit/schema';
import { describe, expect, it } from 'vitest';

const count = (text: string, set: string) => [...text].filter((ch) => set.includes(ch)).length;

describe('generateBrandPassword (spec 002 §9)', () => {
  it('makes 12 characters: 9 letters and 3 symbols, nothing else', () => {
    for (let i = 0; i < 500; i++) {
      const password = generateBrandPassword();
      expect(password).toHaveLength(GENERATED_PASSWORD_LENGTH);
      expect(count(password, PASSWORD_LETTERS)).toBe(9);
      expect(count(password, PASSWORD_SYMBOLS)).toBe(3);
      expect(
        saveBrandPasswordRequestSchema.safeParse({ partner_id: 1, enable_password: true, password, rotate_password: false }).success,
      ).toBe(true);
    }
  });

  it('differs from one call to the next', () => {
    const seen = new Set(Array.from({ length: 200 }, () => generateBrandPassword()));
    expect(seen.size).toBe(200);
  });

  it('puts symbols at every position and uses every letter and symbol (no fixed layout, no missing characters)', () => {
    const positions = new Set<number>();
    const used = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const password = generateBrandPassword();
      [...password].forEach((ch, at) => {
        used.add(ch);
        if (PASSWORD_SYMBOLS.includes(ch)) positions.add(at);
      });
    }
    expect(positions.size).toBe(GENERATED_PASSWORD_LENGTH);
    expect(used.size).toBe(PASSWORD_LETTERS.length + PASSWORD_SYMBOLS.length);
  });

  it('draws from crypto.getRandomValues through the random source it is given', () => {
    // A source always answering 0 gives the first letters and the first symbol, shuffled deterministically.
    const zeros = (into: Uint32Array) => into.fill(0);
    expect(count(generateBrandPassword(zeros), 'A')).toBe(9);
    expect(count(generateBrandPassword(zeros), PASSWORD_SYMBOLS[0]!)).toBe(3);
  });
});

describe('uniformIndex (no modulo bias)', () => {
  it('throws away draws at or above the largest multiple of n', () => {
    // 2^32 % 3 = 1: the draw 2^32 - 1 would favour 0; it is refused and the next draw used.
    const draws = [2 ** 32 - 1, 5];
    const source = (into: Uint32Array) => {
      into[0] = draws.shift()!;
      return into;
    };
    expect(uniformIndex(3, source)).toBe(2);
    expect(draws).toHaveLength(0);
  });

  it('is roughly uniform over many draws', () => {
    const n = 13;
    const counts = new Array(n).fill(0);
    const random = (into: Uint32Array) => globalThis.crypto.getRandomValues(into);
    for (let i = 0; i < 26_000; i++) counts[uniformIndex(n, random)]++;
    for (const c of counts) expect(Math.abs(c - 2000)).toBeLessThan(300);
  });

  it('refuses a range it cannot draw', () => {
    const random = (into: Uint32Array) => into;
    expect(() => uniformIndex(0, random)).toThrow(RangeError);
    expect(() => uniformIndex(1.5, random)).toThrow(RangeError);
  });
});

describe('saveBrandPasswordRequestSchema (spec 002 §4, §5)', () => {
  const base = { partner_id: 5, enable_password: true, password: 'Open-Sesame', rotate_password: false };
  const errorsOf = (body: unknown) => {
    const result = saveBrandPasswordRequestSchema.safeParse(body);
    return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
  };

  it('accepts the consistent combinations', () => {
    expect(errorsOf(base)).toEqual({});
    expect(errorsOf({ ...base, enable_password: false, password: null })).toEqual({});
    expect(errorsOf({ ...base, rotate_password: true, rotation_frequency: 7, rotation_end_date: '2030-01-31' })).toEqual({});
  });

  it('trims the password and treats blank as none', () => {
    expect(saveBrandPasswordRequestSchema.parse({ ...base, password: '  code  ' }).password).toBe('code');
    expect(errorsOf({ ...base, password: '   ' })).toEqual({ password: M.passwordRequired });
  });

  it('refuses each inconsistent combination with its own message', () => {
    expect(errorsOf({ ...base, password: null })).toEqual({ password: M.passwordRequired });
    expect(errorsOf({ ...base, password: 'x'.repeat(26) })).toEqual({ password: M.passwordMax });
    expect(errorsOf({ ...base, password: 'a\tb' })).toEqual({ password: M.passwordOneLine });
    expect(
      errorsOf({ ...base, enable_password: false, rotate_password: true, rotation_frequency: 2, rotation_end_date: '2030-01-01' }),
    ).toEqual({
      rotate_password: M.rotateNeedsEnabled,
    });
    expect(errorsOf({ ...base, rotate_password: true })).toEqual({
      rotation_frequency: M.frequencyRequired,
      rotation_end_date: M.endDateRequired,
    });
    expect(errorsOf({ ...base, rotation_frequency: 3, rotation_end_date: '2030-01-01' })).toEqual({
      rotation_frequency: M.frequencyOnlyWhenRotating,
      rotation_end_date: M.endDateOnlyWhenRotating,
    });
  });

  it('bounds the frequency to 1–7 whole days and the end date to a real date', () => {
    const rotating = { ...base, rotate_password: true, rotation_end_date: '2030-01-01' };
    for (const bad of [0, 8, 2.5, -1, '3', true])
      expect(errorsOf({ ...rotating, rotation_frequency: bad })).toEqual({ rotation_frequency: M.frequencyRequired });
    for (const bad of ['2030-02-30', '01/02/2030', '2030-1-1', 'tomorrow'])
      expect(errorsOf({ ...rotating, rotation_frequency: 1, rotation_end_date: bad })).toEqual({ rotation_end_date: M.endDateInvalid });
  });
});

describe('rotation dates and due rule', () => {
  it('accepts an end date that is still today somewhere', () => {
    const now = new Date('2026-11-27T05:00:00Z');
    expect(earliestRotationEndDate(now)).toBe('2026-11-26');
    expect(rotationEndDateError('2026-11-26', now)).toBeNull();
    expect(rotationEndDateError('2026-11-25', now)).toBe(M.endDatePast);
    expect(rotationEndDateError('2026-11-30', new Date('2026-11-27T13:00:00Z'))).toBeNull();
    expect(rotationEndDateError('2026-11-26', new Date('2026-11-27T13:00:00Z'))).toBe(M.endDatePast);
  });

  it('is due every frequency days until the end date (inclusive)', () => {
    const p = {
      enable_password: true,
      rotate_password: true,
      rotation_frequency: 2,
      rotation_end_date: '2026-12-10',
      password_rotated_at: new Date('2026-12-01T10:00:00Z'),
    };
    expect(isRotationDue(p, new Date('2026-12-03T09:59:59Z'))).toBe(false);
    expect(isRotationDue(p, new Date('2026-12-03T10:00:00Z'))).toBe(true);
    expect(isRotationDue(p, new Date('2026-12-10T23:00:00Z'))).toBe(true);
    expect(isRotationDue(p, new Date('2026-12-11T00:00:00Z'))).toBe(false);
    expect(isRotationDue({ ...p, password_rotated_at: null }, new Date('2026-12-01T00:00:00Z'))).toBe(true);
    expect(isRotationDue({ ...p, rotate_password: false }, new Date('2026-12-05T00:00:00Z'))).toBe(false);
    expect(isRotationDue({ ...p, enable_password: false }, new Date('2026-12-05T00:00:00Z'))).toBe(false);
  });
});
