import type { VisitMessageText } from '@simvisit/schema';
import { fullName, isTimeZone } from '@simvisit/schema';
import type { InviteEntry, InviteMethod } from './calendar-invites';
import type { Person, VisitMessagesRepository } from './visit-messages.repository';

/** The calendar a message may carry: the visit's invite, a request's tentative holds, or their cancellation. */
export type InviteGroup = 'visit' | 'holds' | 'holds-cancel';

/** How a message reaches a person: email always (transactional), by their email setting, or not at all. */
export type EmailRule = 'always' | 'setting' | 'none';

/** One message to one person, as a planner decides it; the service delivers it once per event. */
export interface Planned {
  userId: number;
  text: VisitMessageText;
  email: EmailRule;
  notify: boolean;
  /** a text message when the person has SMS on with a verified number */
  sms?: string;
  /** when the text cannot go (SMS off, unverified, refused), the email goes instead */
  emailIfNoSms?: boolean;
  /** the page the notification opens (relative) */
  path: string;
  /** the calendar change this message carries, if the person has one */
  invite?: InviteGroup;
}

/** One person's calendar change for one event: the entries to (re)send, with the METHOD. */
export interface InviteChange {
  method: InviteMethod;
  entries: InviteEntry[];
  /** 'new' when the person held no active invite; 'changed' when the times moved */
  kind: 'new' | 'changed' | 'cancel';
}

export type VisitCtx = NonNullable<Awaited<ReturnType<VisitMessagesRepository['visit']>>>;
export type RequestCtx = NonNullable<Awaited<ReturnType<VisitMessagesRepository['request']>>>;

/** The words a message is made of: product, scenario title, when (in the reader's zone), link, dates. */
export interface About {
  product: string;
  title: string;
  when: string;
  link: string;
  dates?: string[];
}

/** A person's IANA zone if it is one the runtime knows, else null. */
export function validZone(zone: string | null | undefined): string | null {
  return zone && isTimeZone(zone) ? zone : null;
}

/** The learner's name in an SP's message ('A learner' when unknown). */
export const learnerName = (p: Person | undefined) => (p ? fullName(p) : 'A learner');
