// zod/mini's parse functions take a schema of either API (decision 0085, 'Fourth pass').
import { safeParse, type z } from 'zod/mini';
import { isConnectionError } from './api';

/**
 * Small answers the app needs to start without a network (DESIGN.md §6), kept in localStorage: the
 * deployment's config and reference lists (shared by everyone on the device), and the signed-in user's
 * api/auth/user answer (per user, removed at logout and when the server says the session ended).
 */

const PREFIX = 'simvisit:';
const LAST_USER = `${PREFIX}last-user`;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function readCached<T>(key: string, schema: z.core.$ZodType<T>): T | null {
  const raw = storage()?.getItem(PREFIX + key);
  if (!raw) return null;
  try {
    const parsed = safeParse(schema, JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function writeCached(key: string, value: unknown): void {
  try {
    storage()?.setItem(PREFIX + key, JSON.stringify(value));
  } catch {
    // Full or disabled storage: the app still works online.
  }
}

export function removeCached(key: string): void {
  storage()?.removeItem(PREFIX + key);
}

/** Keys of one user's cached data. */
export const userKeys = {
  session: (userId: number) => `user:${userId}:session`,
  lastSynced: (userId: number) => `user:${userId}:last-synced`,
  /** the device and profile zones whose difference the user has already answered (docs/decisions/0086) */
  timeZoneNotice: (userId: number) => `user:${userId}:time-zone-notice`,
};

export function rememberLastUser(userId: number): void {
  storage()?.setItem(LAST_USER, String(userId));
}

export function lastUserId(): number | null {
  const raw = storage()?.getItem(LAST_USER);
  const id = raw ? Number(raw) : Number.NaN;
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** Removes everything cached for this user (logout, or a session the server ended). */
export function forgetUser(userId: number): void {
  const s = storage();
  if (!s) return;
  const prefix = `${PREFIX}user:${userId}:`;
  for (const key of Object.keys(s)) if (key.startsWith(prefix)) s.removeItem(key);
  if (s.getItem(LAST_USER) === String(userId)) s.removeItem(LAST_USER);
}

/** A list as shown: the server's answer, or the copy saved on this device when the server cannot be reached. */
export interface Saved<T> {
  value: T;
  fromDevice: boolean;
}

/**
 * Fetches a list and keeps a copy on the device; a lost connection answers with that copy instead. The keys
 * sit under the user's prefix, so logout (and a session the server ended) removes them.
 */
export async function savedOnDevice<T>(key: string, schema: z.core.$ZodType<T>, fetch: () => Promise<T>): Promise<Saved<T>> {
  try {
    const value = await fetch();
    writeCached(key, value);
    return { value, fromDevice: false };
  } catch (error) {
    const saved = isConnectionError(error) ? readCached(key, schema) : null;
    if (saved) return { value: saved, fromDevice: true };
    throw error;
  }
}
