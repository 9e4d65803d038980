import { MOBILE_CODE_TTL_SECONDS } from '@simvisit/schema';

/**
 * The code last sent to the person's number, remembered on this device so that reopening the verification page
 * (a reload, the back button, the booking flow sending the learner there again) uses it instead of sending
 * another text on its own (issue 22 item 3, decision 0087). Only a person's click sends another one.
 */
interface SentCode {
  number: string;
  /** when it was sent (ms) */
  sentAt: number;
  /** when the server allows another one (ms) */
  resendAt: number;
}

const keyOf = (userId: number) => `simvisit:mobile-code-sent:${userId}`;

export function rememberSentCode(userId: number, number: string, retryAfterSeconds: number, now = Date.now()): void {
  const sent: SentCode = { number, sentAt: now, resendAt: now + retryAfterSeconds * 1000 };
  try {
    localStorage.setItem(keyOf(userId), JSON.stringify(sent));
  } catch {
    // Storage may be full or blocked: the page then sends on entry as before.
  }
}

/** The code sent to this number that is still good, or null (none, another number, or expired). */
export function pendingCode(userId: number, number: string, now = Date.now()): SentCode | null {
  try {
    const value = JSON.parse(localStorage.getItem(keyOf(userId)) ?? 'null') as Partial<SentCode> | null;
    if (!value || value.number !== number || typeof value.sentAt !== 'number' || typeof value.resendAt !== 'number') return null;
    if (now - value.sentAt >= MOBILE_CODE_TTL_SECONDS * 1000 || value.sentAt > now) return null;
    return value as SentCode;
  } catch {
    return null;
  }
}

export function forgetSentCode(userId: number): void {
  try {
    localStorage.removeItem(keyOf(userId));
  } catch {
    // Nothing to forget.
  }
}
