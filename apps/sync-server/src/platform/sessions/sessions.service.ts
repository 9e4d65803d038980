import type { Config } from '../../config';
import type { UserRow } from '../../db/types';
import { randomToken, sha256 } from '../../lib/crypto';
import type { SessionRecord, SessionsRepository } from './sessions.repository';

const GUEST_LIFETIME_MS = 2 * 60 * 60 * 1000;
const TOUCH_EVERY_MS = 60 * 1000;
/** How long a stream's "is my session still live" waits for others to share its query (see stillLive). */
const LIVENESS_BATCH_MS = 250;

/**
 * Server-side sessions in PostgreSQL. The cookie holds a random token; the table holds only its hash.
 * Signed-in sessions end after the idle limit or the absolute limit, whichever comes first (AUTH-06).
 */
export function createSessionsService(repo: SessionsRepository, config: Config) {
  const idleMs = config.sessionIdleMinutes * 60 * 1000;
  const absoluteMs = config.sessionAbsoluteHours * 60 * 60 * 1000;

  function isLive(s: SessionRecord, now: Date): boolean {
    if (s.expires_at.getTime() <= now.getTime()) return false;
    if (s.user_id !== null && now.getTime() - s.last_seen_at.getTime() > idleMs) return false;
    return true;
  }

  /** Whether a found session is live: an ended one is deleted, a live one touched at most once a minute. */
  async function kept(record: SessionRecord, now: Date): Promise<boolean> {
    if (!isLive(record, now)) {
      await repo.delete(record.id);
      return false;
    }
    if (now.getTime() - record.last_seen_at.getTime() > TOUCH_EVERY_MS) await repo.touch(record.id, now);
    return true;
  }

  async function create(userId: number | null, partnerId: number | null, meta: { ip: string; userAgent?: string }) {
    const token = randomToken();
    const now = Date.now();
    const record = await repo.insert({
      id: sha256(token),
      user_id: userId,
      partner_id: partnerId,
      csrf_token: randomToken(),
      ip: meta.ip,
      user_agent: meta.userAgent?.slice(0, 300) ?? null,
      expires_at: new Date(now + (userId === null ? GUEST_LIFETIME_MS : absoluteMs)),
    });
    return { token, record };
  }

  // Open change streams ask whether their session still holds at every heartbeat: 10,000 streams asked 400
  // times a second, one query each. The questions of a quarter second share one query (issue 23 item 5).
  let asked = new Map<string, { resolve: (live: boolean) => void; reject: (err: unknown) => void }[]>();
  let batchTimer: NodeJS.Timeout | null = null;
  async function answerAsked(): Promise<void> {
    const batch = asked;
    asked = new Map();
    batchTimer = null;
    try {
      const ids = [...batch.keys()];
      const live = new Set<string>();
      const now = new Date();
      for (let i = 0; i < ids.length; i += 1000) {
        for (const record of await repo.findMany(ids.slice(i, i + 1000))) if (isLive(record, now)) live.add(record.id);
      }
      for (const [id, waiting] of batch) for (const w of waiting) w.resolve(live.has(id));
    } catch (err) {
      for (const waiting of batch.values()) for (const w of waiting) w.reject(err);
    }
  }

  return {
    /**
     * The live session of a cookie token with its user (null for a guest's, or a deleted user's), read in one round
     * trip, or null; refreshes last_seen_at at most once a minute.
     */
    async loadWithUser(token: string | undefined, now = new Date()): Promise<{ session: SessionRecord; user: UserRow | null } | null> {
      if (!token || token.length > 200) return null;
      const found = await repo.findWithUser(sha256(token));
      return found && (await kept(found.session, now)) ? found : null;
    },
    /**
     * Whether the session of a token is still live, without counting this as activity. Answered within a quarter
     * second, together with the other questions of that moment.
     */
    stillLive(token: string | undefined): Promise<boolean> {
      if (!token || token.length > 200) return Promise.resolve(false);
      const id = sha256(token);
      return new Promise<boolean>((resolve, reject) => {
        const waiting = asked.get(id) ?? [];
        waiting.push({ resolve, reject });
        asked.set(id, waiting);
        if (!batchTimer) {
          batchTimer = setTimeout(() => void answerAsked(), LIVENESS_BATCH_MS);
          batchTimer.unref();
        }
      });
    },
    createGuest: (meta: { ip: string; userAgent?: string }) => create(null, null, meta),
    /** Login: the old session is destroyed and a new id and CSRF token issued (AUTH-03). */
    async rotateForUser(old: SessionRecord | null, userId: number, partnerId: number | null, meta: { ip: string; userAgent?: string }) {
      if (old) await repo.delete(old.id);
      return create(userId, partnerId, meta);
    },
    destroy: (id: string) => repo.delete(id),
    destroyAllForUser: (userId: number) => repo.deleteForUser(userId),
    /** Signs the user out everywhere but this session (after a password change). */
    destroyOthers: (userId: number, keepId: string) => repo.deleteOthersOfUser(userId, keepId),
    setPartner: (id: string, partnerId: number) => repo.setPartner(id, partnerId),
    purgeExpired: () => repo.deleteExpired(new Date()),
  };
}
export type SessionsService = ReturnType<typeof createSessionsService>;
