import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A URL-safe token from the CSPRNG. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** Compares two strings without leaking where they differ (hashing first evens out the lengths). */
export function safeEqual(a: string, b: string): boolean {
  return timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());
}
