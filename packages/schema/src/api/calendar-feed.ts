import { defineContract } from '../api-contract';
import { calendarFeedCreatedSchema, calendarFeedStatusSchema } from '../calendar-feed';
import { messageSchema } from '../errors';

/** The caller's private calendar feed (issue 12 item 9): its state on the profile, turn on / new address, turn off, and the feed. */
const tag = 'Calendar feed';
const signedIn = { type: 'authenticated' } as const;

export const calendarFeedApi = {
  status: defineContract({
    method: 'GET',
    path: '/api/profile/calendar-feed',
    tag,
    summary: 'Whether the caller’s calendar feed is on (its address is shown only when made)',
    access: signedIn,
    scope: 'self',
    response: calendarFeedStatusSchema,
  }),
  create: defineContract({
    method: 'POST',
    path: '/api/profile/calendar-feed',
    tag,
    summary: 'Turn on the caller’s calendar feed, or give it a new address (the old one then answers 404)',
    access: signedIn,
    scope: 'self',
    response: calendarFeedCreatedSchema,
  }),
  revoke: defineContract({
    method: 'DELETE',
    path: '/api/profile/calendar-feed',
    tag,
    summary: 'Turn off the caller’s calendar feed (its address then answers 404)',
    access: signedIn,
    scope: 'self',
    response: messageSchema,
  }),
  /**
   * Answers text/calendar, not JSON; the token in the address is the only credential (rate-limited). The handler
   * reads the token itself: any text that is not a live token is the same 404 (a 422 would tell tokens apart).
   */
  feed: defineContract({
    method: 'GET',
    path: '/api/calendar-feed/:token',
    tag,
    summary: 'A person’s visits, interviews and training sessions as an iCalendar feed (token in the address)',
    access: { type: 'public' },
    scope: 'object',
  }),
};
