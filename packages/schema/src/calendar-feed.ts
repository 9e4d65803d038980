import { z } from 'zod';

/**
 * The private calendar feed (issue 12 item 9; docs/decisions/0050-commitments-and-calendar-feed.md): one ICS
 * address per person with their visits, interviews and training sessions. The address holds a random token the
 * server keeps only as a hash, so it is shown once, when the feed is turned on or given a new address.
 */

/** 32 random bytes in base64url: 43 characters. */
export const CALENDAR_FEED_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** Cancelled items stay in the feed as STATUS:CANCELLED for this long after their start, so calendars drop them. */
export const CALENDAR_FEED_CANCELLED_DAYS = 30;
/** Items further back than this are left out: a calendar already holds them, and the feed stays small. */
export const CALENDAR_FEED_PAST_DAYS = 90;

export const CALENDAR_FEED_MESSAGES = {
  title: 'Calendar feed',
  intro: 'Subscribe to this private address in your calendar app to see your visits, interviews and training sessions.',
  off: 'Your calendar feed is off.',
  on: 'Your calendar feed is on.',
  shownOnce: 'Copy this address now: it is shown only once. Anyone with it can see your schedule; get a new address if it is shared.',
  turnOn: 'Turn on calendar feed',
  regenerate: 'Get a new address',
  revoke: 'Turn off calendar feed',
  copy: 'Copy address',
  copied: 'Address copied',
  created: 'Your calendar feed address is ready.',
  revoked: 'Your calendar feed is turned off. The old address no longer works.',
  notFound: 'Calendar feed not found.',
  addressLabel: 'Calendar feed address',
} as const;

export const calendarFeedStatusSchema = z.object({
  enabled: z.boolean(),
  created_at: z.string().nullable(),
});

export const calendarFeedCreatedSchema = z.object({
  message: z.string(),
  url: z.string(),
  created_at: z.string(),
});

export type CalendarFeedStatus = z.infer<typeof calendarFeedStatusSchema>;
export type CalendarFeedCreated = z.infer<typeof calendarFeedCreatedSchema>;
