import { INVITE_UID } from '@simvisit/schema';
import { createEvents, type EventAttributes } from 'ics';
import type { FeedItemRow } from './calendar-feed.repository';

/** The words of a person's part in an item (never anyone else's name, email or details). */
const ROLE_WORDS: Record<string, string> = {
  sp: 'You are the SP.',
  learner: 'You are the learner.',
  observer: 'You are an observer.',
  trainer: 'You are the trainer.',
  applicant: 'You are the applicant.',
  participant: 'You are a participant.',
};
const SESSION_TYPE_WORDS: Record<number, string> = { 0: 'Training', 1: 'Scenario', 2: 'Onboarding', 3: 'Grouped', 4: 'Large group' };

/** Stable identities: a visit keeps the UID of its emailed invites, so a calendar updates it instead of adding one. */
const uidOf = (item: FeedItemRow) =>
  item.kind === 'visit' ? INVITE_UID.visit(item.id) : `${item.kind.replace('_', '-')}-${item.id}@simvisit`;

function titleOf(item: FeedItemRow, product: string): string {
  if (item.kind === 'visit') return `${product}: ${item.title ?? 'Visit'}`;
  if (item.kind === 'interview') return `${product}: Interview`;
  const what = item.title ?? `${SESSION_TYPE_WORDS[item.type_id ?? 0] ?? 'Training'} session`;
  return `${product}: Training session – ${what}`;
}

/**
 * A person's items as one iCalendar feed (RFC 5545, no METHOD: a subscription, not an invite), made with the
 * `ics` package like the invites (decision 0029). Times are UTC instants; a cancelled item stays as
 * STATUS:CANCELLED so a subscribed calendar drops or strikes it.
 */
export function feedText(items: readonly FeedItemRow[], opts: { product: string; appUrl: string }): string {
  const events: EventAttributes[] = items.map((item) => ({
    uid: uidOf(item),
    start: new Date(item.start_at).getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: new Date(item.end_at).getTime(),
    endInputType: 'utc',
    endOutputType: 'utc',
    title: titleOf(item, opts.product),
    description: ROLE_WORDS[item.role] ?? '',
    ...(item.kind === 'visit' ? { url: `${opts.appUrl}/visit/${item.id}` } : {}),
    status: item.is_canceled ? 'CANCELLED' : 'CONFIRMED',
    busyStatus: item.is_canceled ? 'FREE' : 'BUSY',
    transp: item.is_canceled ? 'TRANSPARENT' : 'OPAQUE',
  }));
  const { error, value } = createEvents(events, { productId: `-//${opts.product}//Calendar feed//EN`, calName: opts.product });
  if (error || !value) throw new Error(`The calendar feed could not be built: ${error?.message ?? 'no content'}`);
  return value;
}
