import { createEvents, type EventAttributes } from 'ics';

/** One calendar entry of an invite (iTIP, RFC 5546): a visit or one tentative hold of a visit request. */
export interface InviteEntry {
  uid: string;
  start: Date;
  end: Date;
  title: string;
  description: string;
  url: string;
  /** CONFIRMED for a scheduled visit, TENTATIVE for a proposed date of a request */
  status: 'CONFIRMED' | 'TENTATIVE';
  sequence: number;
}

export interface InviteParty {
  name: string;
  email: string;
}

export type InviteMethod = 'REQUEST' | 'CANCEL';

/** 'SimVisit <no-reply@simvisit.test>' → {name, email} (the organizer of every invite). */
export function parseMailbox(from: string): InviteParty {
  const m = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(from);
  if (m) return { name: m[1]!.trim() || m[2]!.trim(), email: m[2]!.trim() };
  return { name: from.trim(), email: from.trim() };
}

/**
 * The iCalendar text of an invite for one attendee, made with the `ics` package (DESIGN.md §7): METHOD:REQUEST
 * adds or updates the entries (same UID, higher SEQUENCE), METHOD:CANCEL removes them. Times are UTC instants,
 * so daylight-saving changes cannot shift them. The attendee list holds only the recipient: the learner never
 * sees the SP's details in an invite (spec 002 §2.2).
 */
export function inviteText(method: InviteMethod, entries: InviteEntry[], organizer: InviteParty, attendee: InviteParty): string {
  const events: EventAttributes[] = entries.map((e) => ({
    uid: e.uid,
    sequence: e.sequence,
    start: e.start.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: e.end.getTime(),
    endInputType: 'utc',
    endOutputType: 'utc',
    title: e.title,
    description: e.description,
    url: e.url,
    status: method === 'CANCEL' ? 'CANCELLED' : e.status,
    busyStatus: e.status === 'TENTATIVE' ? 'TENTATIVE' : 'BUSY',
    organizer: { name: organizer.name, email: organizer.email },
    attendees: [{ name: attendee.name, email: attendee.email, rsvp: false, partstat: 'ACCEPTED', role: 'REQ-PARTICIPANT' }],
    ...(method === 'REQUEST' && e.status === 'CONFIRMED'
      ? { alarms: [{ action: 'display' as const, description: e.title, trigger: { minutes: 30, before: true } }] }
      : {}),
  }));
  const { error, value } = createEvents(events, { method, productId: '-//SimVisit//Visits//EN' });
  if (error || !value) throw new Error(`The calendar invite could not be built: ${error?.message ?? 'no content'}`);
  return value;
}
