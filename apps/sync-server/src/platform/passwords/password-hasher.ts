import { hash, parseOptions, verify } from '@node-rs/argon2';

/** argon2id with OWASP's minimum parameters (PWD-01): m=19456 KiB, t=2, p=1. */
const ARGON2ID = 2;
const POLICY = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  // biome-ignore lint/suspicious/noExplicitAny: the package's Algorithm is an ambient const enum
  return hash(password, POLICY as any);
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** True when a stored hash was made with other parameters than the current policy; rehash at next login. */
export function needsRehash(stored: string): boolean {
  try {
    const o = parseOptions(stored);
    return (
      (o.algorithm as number) !== ARGON2ID ||
      o.memoryCost !== POLICY.memoryCost ||
      o.timeCost !== POLICY.timeCost ||
      o.parallelism !== POLICY.parallelism
    );
  } catch {
    return true;
  }
}

let dummy: Promise<string> | null = null;
/** A hash to verify against when the email is unknown, so both answers take the same time (AUTH-01). */
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword('not-a-real-password-for-timing');
  return dummy;
}
