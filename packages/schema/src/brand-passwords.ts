import { z } from 'zod';
import { idSchema } from './ids';
import { isCalendarDate } from './zoned-time';

/**
 * Brand passcodes (spec 002 §2.14, §4 Passwords, §9; issue 13 item 6; docs/decisions/0059): a partner may require
 * a passcode of its learners, and may have the server rotate it every 1–7 days until an end date. Called
 * "password" in the spec's screens and calls, "passcode" on the learner's side (spec 000 §2.5).
 */

export const BRAND_PASSWORD_MAX = 25;
export const GENERATED_PASSWORD_LENGTH = 12;
/** About three quarters letters and one quarter symbols (spec 002 §9): 9 letters and 3 symbols of 12. */
export const GENERATED_PASSWORD_SYMBOLS = 3;
export const ROTATION_FREQUENCY_MIN = 1;
export const ROTATION_FREQUENCY_MAX = 7;

export const PASSWORD_LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** Symbols anyone can type on any keyboard layout, none that HTML, a mail or a shell would read specially. */
export const PASSWORD_SYMBOLS = '!#$%*+-=?@^_~';

export const BRAND_PASSWORD_MESSAGES = {
  saved: 'Partner Password Settings Updated',
  failed: 'Error updating partner password settings',
  partnerNotFound: 'Partner not found.',
  passwordRequired: 'A password is required when the password is enabled.',
  passwordMax: `The password field must not be greater than ${BRAND_PASSWORD_MAX} characters.`,
  passwordOneLine: 'The password must not contain tabs or line breaks.',
  rotateNeedsEnabled: 'The password can only rotate when it is enabled.',
  frequencyRequired: `Choose a rotation frequency of ${ROTATION_FREQUENCY_MIN} to ${ROTATION_FREQUENCY_MAX} days.`,
  frequencyOnlyWhenRotating: 'A rotation frequency is only kept when the password rotates.',
  endDateRequired: 'A rotation end date is required when the password rotates.',
  endDateInvalid: 'The rotation end date must be a date (YYYY-MM-DD).',
  endDatePast: 'The rotation end date cannot be in the past.',
  endDateOnlyWhenRotating: 'A rotation end date is only kept when the password rotates.',
  rotatedSubject: (partner: string) => `New passcode for ${partner}`,
  guessingSubject: (partner: string) => `Passcode entry paused for ${partner}`,
} as const;

const M = BRAND_PASSWORD_MESSAGES;

/** One partner's passcode settings, as the Passwords table shows them. */
export const brandPasswordSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  short_name: z.string(),
  long_name: z.string(),
  enable_password: z.boolean(),
  password: z.string().nullable(),
  rotate_password: z.boolean(),
  rotation_frequency: z.number().int().nullable(),
  /** 'YYYY-MM-DD' */
  rotation_end_date: z.string().nullable(),
  /** ISO instant of the last change of the passcode (saved or rotated), or null */
  password_rotated_at: z.string().nullable(),
});
export type BrandPassword = z.infer<typeof brandPasswordSchema>;

export const brandPasswordsResponseSchema = z.object({ partners: z.array(brandPasswordSchema) });
export type BrandPasswordsResponse = z.infer<typeof brandPasswordsResponseSchema>;

export const saveBrandPasswordResponseSchema = z.object({ message: z.string(), partner: brandPasswordSchema });
export type SaveBrandPasswordResponse = z.infer<typeof saveBrandPasswordResponseSchema>;

const emptyToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

/**
 * POST api/partner/save-password. The combination rules of spec 002 §4 are checked here, so the form and the
 * server refuse the same things with the same words; whether the end date is past needs the server's clock
 * (`rotationEndDateError`).
 */
export const saveBrandPasswordRequestSchema = z
  .object({
    partner_id: idSchema(M.partnerNotFound),
    enable_password: z.boolean(),
    password: z.preprocess(
      emptyToNull,
      z
        .string()
        .trim()
        .max(BRAND_PASSWORD_MAX, { error: M.passwordMax })
        .refine((value) => !/[\t\n\r]/.test(value), { error: M.passwordOneLine })
        .nullable()
        .optional(),
    ),
    rotate_password: z.boolean(),
    rotation_frequency: z.preprocess(
      emptyToNull,
      z
        .number({ error: M.frequencyRequired })
        .int({ error: M.frequencyRequired })
        .min(ROTATION_FREQUENCY_MIN, { error: M.frequencyRequired })
        .max(ROTATION_FREQUENCY_MAX, { error: M.frequencyRequired })
        .nullable()
        .optional(),
    ),
    rotation_end_date: z.preprocess(
      emptyToNull,
      z
        .string({ error: M.endDateInvalid })
        .max(10, { error: M.endDateInvalid })
        .refine(isCalendarDate, { error: M.endDateInvalid })
        .nullable()
        .optional(),
    ),
  })
  .superRefine((req, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (req.enable_password && !req.password) issue('password', M.passwordRequired);
    if (req.rotate_password && !req.enable_password) issue('rotate_password', M.rotateNeedsEnabled);
    if (req.rotate_password) {
      if (req.rotation_frequency == null) issue('rotation_frequency', M.frequencyRequired);
      if (req.rotation_end_date == null) issue('rotation_end_date', M.endDateRequired);
    } else {
      if (req.rotation_frequency != null) issue('rotation_frequency', M.frequencyOnlyWhenRotating);
      if (req.rotation_end_date != null) issue('rotation_end_date', M.endDateOnlyWhenRotating);
    }
  });
export type SaveBrandPasswordRequest = z.input<typeof saveBrandPasswordRequestSchema>;
export type SaveBrandPassword = z.output<typeof saveBrandPasswordRequestSchema>;

/**
 * The earliest end date that is not in the past: today where the day ends last (UTC−12), so a date that is
 * still today for anyone is accepted whatever the admin's zone (decision 0059).
 */
export function earliestRotationEndDate(now: Date): string {
  return new Date(now.getTime() - 12 * 3_600_000).toISOString().slice(0, 10);
}

/** The end date's message, or null when it is today or later. */
export function rotationEndDateError(date: string | null | undefined, now: Date): string | null {
  if (!date) return null;
  return date < earliestRotationEndDate(now) ? M.endDatePast : null;
}

/**
 * Whether a rotating passcode is due at `now`: rotation on, its end date (a UTC day, inclusive) not passed, and
 * `frequency` days since the last change (never changed counts as due).
 */
export function isRotationDue(
  p: {
    enable_password: boolean;
    rotate_password: boolean;
    rotation_frequency: number | null;
    rotation_end_date: string | null;
    password_rotated_at: Date | null;
  },
  now: Date,
): boolean {
  if (!p.enable_password || !p.rotate_password || !p.rotation_frequency || !p.rotation_end_date) return false;
  if (p.rotation_end_date < now.toISOString().slice(0, 10)) return false;
  if (!p.password_rotated_at) return true;
  return now.getTime() - p.password_rotated_at.getTime() >= p.rotation_frequency * 86_400_000;
}

/** A random integer in [0, n) without modulo bias: draws above the largest multiple of n are thrown away. */
export function uniformIndex(n: number, random: (into: Uint32Array) => Uint32Array): number {
  if (!Number.isInteger(n) || n <= 0 || n > 2 ** 32) throw new RangeError('n must be a whole number from 1 to 2^32');
  const limit = 2 ** 32 - (2 ** 32 % n);
  const draw = new Uint32Array(1);
  for (;;) {
    const value = random(draw)[0]!;
    if (value < limit) return value % n;
  }
}

const cryptoRandom = (into: Uint32Array) => globalThis.crypto.getRandomValues(into);

/**
 * A 12-character passcode (spec 002 §9): 9 letters and 3 symbols, each drawn uniformly with
 * crypto.getRandomValues, in a uniformly shuffled order (Fisher–Yates), so no position is predictable.
 */
export function generateBrandPassword(random: (into: Uint32Array) => Uint32Array = cryptoRandom): string {
  const chars: string[] = [];
  for (let i = 0; i < GENERATED_PASSWORD_LENGTH - GENERATED_PASSWORD_SYMBOLS; i++) {
    chars.push(PASSWORD_LETTERS[uniformIndex(PASSWORD_LETTERS.length, random)]!);
  }
  for (let i = 0; i < GENERATED_PASSWORD_SYMBOLS; i++) chars.push(PASSWORD_SYMBOLS[uniformIndex(PASSWORD_SYMBOLS.length, random)]!);
  for (let i = chars.length - 1; i > 0; i--) {
    const j = uniformIndex(i + 1, random);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}
