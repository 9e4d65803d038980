import { z } from 'zod/mini';
import { MSG } from './messages';

/** A short list of the most common leaked passwords; refused on reset and change (PWD-02). */
const COMMON_PASSWORDS = new Set([
  '12345678',
  '123456789',
  '1234567890',
  'password',
  'password1',
  'password123',
  'qwertyuiop',
  'qwerty123',
  '11111111',
  '00000000',
  'iloveyou',
  'sunshine1',
  'princess1',
  'football1',
  'baseball1',
  'welcome1',
  'welcome123',
  'abc12345',
  'abcd1234',
  'letmein1',
  'trustno1',
  'passw0rd',
  'p@ssw0rd',
  'admin123',
  'administrator',
  'changeme',
  'monkey123',
  'dragon123',
  'master123',
  'superman1',
  'qwerty12',
  '1q2w3e4r',
  '1qaz2wsx',
  'zaq12wsx',
  'asdfghjkl',
  'aaaaaaaa',
  '87654321',
  '12341234',
  '123123123',
  'michael1',
  'jennifer1',
  'password!',
  'qazwsxedc',
  'computer1',
  'starwars1',
  'whatever1',
  'freedom1',
  'shadow123',
]);

export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}

/** A new password: at least 8 characters, at most 256, not on the common list. */
export const newPasswordSchema = z
  .string({ error: 'The password field is required.' })
  .check(z.minLength(1, { error: 'The password field is required.' }))
  .check(z.minLength(8, { error: 'The password field must be at least 8 characters.' }))
  .check(z.maxLength(256, { error: 'The password field must not be greater than 256 characters.' }))
  .check(z.refine((p) => !isCommonPassword(p), { error: MSG.breachedPassword }));

/** Admin password rule of spec 000 §5, with its exact words. */
export function adminPasswordErrors(password: string, confirmation: string): string[] {
  const errors: string[] = [];
  if (password.length < 8) errors.push(`Password must be 8 characters long. Current length ${password.length} characters.`);
  if (password !== confirmation) errors.push('Password and confirm password must match.');
  return errors;
}
