import {
  CALENDAR_FEED_CANCELLED_DAYS,
  CALENDAR_FEED_PAST_DAYS,
  CALENDAR_FEED_TOKEN_PATTERN,
  type CalendarFeedCreated,
  type CalendarFeedStatus,
  calendarFeedApi,
  contractUrl,
  CALENDAR_FEED_MESSAGES as M,
  MSG,
} from '@simvisit/schema';
import { notFound, tooManyRequests } from '../../http/errors';
import { randomToken, sha256 } from '../../lib/crypto';
import type { Actor } from '../../platform/actor';
import type { AuditRequest, AuditService } from '../../platform/audit';
import { clock } from '../../platform/clock';
import type { RateLimitService } from '../../platform/rate-limit';
import type { CalendarFeedRepository } from './calendar-feed.repository';
import { feedText } from './calendar-feed-ics';

const DAY = 86_400_000;
/** Calendar apps poll a feed every few minutes at most; more than this from one address is not a calendar. */
const FEED_LIMIT = { max: 60, windowSeconds: 60 };

export interface CalendarFeedDeps {
  repo: CalendarFeedRepository;
  audit: AuditService;
  limits: RateLimitService;
  appUrl: string;
  product: string;
}

/**
 * The private calendar feed (issue 12 item 9; decision 0050): one per person, found by the hash of its token,
 * which is shown only when made. Turning it on again or off replaces or removes the hash, so an old address
 * answers 404 at once.
 */
export function createCalendarFeedService(d: CalendarFeedDeps) {
  const { repo } = d;
  return {
    async status(actor: Actor): Promise<CalendarFeedStatus> {
      const row = await repo.byUser(actor.user.id);
      return { enabled: Boolean(row), created_at: row ? new Date(row.created_at).toISOString() : null };
    },

    async create(actor: Actor, request: AuditRequest): Promise<CalendarFeedCreated> {
      const token = randomToken(32);
      const existed = Boolean(await repo.byUser(actor.user.id));
      const row = await repo.put(actor.user.id, sha256(token), clock.now());
      await d.audit.fromRequest(request, {
        action: existed ? 'calendar_feed.regenerated' : 'calendar_feed.created',
        target_type: 'user',
        target_id: actor.user.id,
      });
      return {
        message: M.created,
        url: `${d.appUrl}${contractUrl(calendarFeedApi.feed, { token })}`,
        created_at: new Date(row.created_at).toISOString(),
      };
    },

    async revoke(actor: Actor, request: AuditRequest): Promise<{ message: string }> {
      if (await repo.remove(actor.user.id)) {
        await d.audit.fromRequest(request, { action: 'calendar_feed.revoked', target_type: 'user', target_id: actor.user.id });
      }
      return { message: M.revoked };
    },

    /** The feed of a token: 404 for any token that is not a live one, whatever its shape; 429 past the limit. */
    async feed(token: string, ip: string): Promise<string> {
      const state = await d.limits.hit({ key: `calendar-feed:${ip}`, ...FEED_LIMIT });
      if (state.limited) throw tooManyRequests(MSG.tooManyRequests, state.retryAfter);
      if (!CALENDAR_FEED_TOKEN_PATTERN.test(token)) throw notFound(M.notFound);
      const userId = await repo.userOfHash(sha256(token));
      if (userId === null) throw notFound(M.notFound);
      const now = clock.now().getTime();
      const items = await repo.items(
        userId,
        new Date(now - CALENDAR_FEED_PAST_DAYS * DAY),
        new Date(now - CALENDAR_FEED_CANCELLED_DAYS * DAY),
      );
      return feedText(items, { product: d.product, appUrl: d.appUrl });
    },
  };
}
export type CalendarFeedService = ReturnType<typeof createCalendarFeedService>;
