/**
 * What the server tells people about their visit requests and visits (issue 5 item 6; SECURITY.md SMS-04;
 * docs/decisions/0029-visit-jobs-and-invites.md): the texts of the texts, emails and in-app notifications sent
 * for each visit event, the calendar invite identities, and the inbound SMS confirmation words.
 */
import { VISIT_MESSAGES, VISIT_RULES } from './visits';

/** A reminder goes out this long before the start (to the learner and the SP of a confirmed visit). */
export const VISIT_REMINDER_HOURS = 24;

/** Replies that confirm a visit by SMS: YES, Y, C or CONFIRM, any case, with trailing punctuation. */
const CONFIRM_REPLY = /^(yes|y|c|confirm)[\s.!]*$/i;

export function isConfirmReply(body: string | null | undefined): boolean {
  return CONFIRM_REPLY.test((body ?? '').trim());
}

/** Calendar identities: one UID per visit, one per proposed date of a visit request (tentative holds). */
export const INVITE_UID = {
  visit: (visitId: number) => `visit-${visitId}@simvisit`,
  requestHold: (requestId: number, slot: number) => `request-${requestId}-date-${slot}@simvisit`,
} as const;

/** A sent message: subject (email and notification title) and the body text. */
export interface VisitMessageText {
  subject: string;
  text: string;
}

interface About {
  product: string;
  /** the scenario title */
  title: string;
  /** formatted start, in the recipient's zone */
  when: string;
  /** absolute link to the page of the visit or request */
  link: string;
}

const scenarioName = (title: string) => (title.trim() ? title.trim() : 'your visit');

/**
 * The texts, one place for the server (which sends them) and any screen that shows them. SMS texts stay short
 * (one or two segments) and never carry more personal detail than the scenario title and the time.
 */
export const VISIT_TEXTS = {
  confirmationRequestSms: (a: About): string =>
    `${a.product}: please confirm your visit "${scenarioName(a.title)}" on ${a.when}. Reply YES to confirm. ` +
    `Unconfirmed visits are cancelled ${VISIT_RULES.autoCancelHours} hours before the start. ${a.link}`,
  confirmationRequest: (a: About): VisitMessageText => ({
    subject: 'Please confirm your visit',
    text:
      `Your visit "${scenarioName(a.title)}" is scheduled for ${a.when}.\n\n` +
      `Please confirm it on the visit page: ${a.link}\n\n` +
      `Unconfirmed visits are cancelled ${VISIT_RULES.autoCancelHours} hours before the start.`,
  }),
  confirmedBySms: (): string => VISIT_MESSAGES.confirmed,
  confirmedForSp: (a: About): VisitMessageText => ({
    subject: 'Visit confirmed',
    text: `The learner confirmed the visit "${scenarioName(a.title)}" on ${a.when}. ${a.link}`,
  }),
  reminder: (a: About): VisitMessageText => ({
    subject: 'Visit reminder',
    text: `Reminder: your visit "${scenarioName(a.title)}" is on ${a.when}. Join from the visit page: ${a.link}`,
  }),
  reminderSms: (a: About): string => `${a.product} reminder: your visit "${scenarioName(a.title)}" is on ${a.when}. ${a.link}`,
  scheduled: (a: About): VisitMessageText => ({
    subject: 'Visit scheduled',
    text: `Your visit "${scenarioName(a.title)}" is scheduled for ${a.when}. ${a.link}`,
  }),
  invite: (a: About): VisitMessageText => ({
    subject: 'Visit calendar invite',
    text: `Your visit "${scenarioName(a.title)}" is on ${a.when}. The calendar invite is attached. ${a.link}`,
  }),
  changed: (a: About): VisitMessageText => ({
    subject: 'Visit date and time changed',
    text: `Your visit "${scenarioName(a.title)}" is now scheduled for ${a.when}. ${a.link}`,
  }),
  transferredIn: (a: About): VisitMessageText => ({
    subject: 'Visit transferred to you',
    text: `The visit "${scenarioName(a.title)}" on ${a.when} has been transferred to you. ${a.link}`,
  }),
  transferredOut: (a: About): VisitMessageText => ({
    subject: 'Visit transferred',
    text: `The visit "${scenarioName(a.title)}" on ${a.when} has been transferred to another SP.`,
  }),
  replaced: (a: About): VisitMessageText => ({
    subject: 'Visit rescheduled',
    text: `The visit "${scenarioName(a.title)}" on ${a.when} has been rescheduled: new times are proposed in a visit request. ${a.link}`,
  }),
  canceled: (a: About): VisitMessageText => ({
    subject: 'Visit cancelled',
    text: `The visit "${scenarioName(a.title)}" on ${a.when} has been cancelled. ${a.link}`,
  }),
  systemCanceled: (a: About): VisitMessageText => ({
    subject: 'Visit cancelled: not confirmed',
    text:
      `The visit "${scenarioName(a.title)}" on ${a.when} was cancelled because it was not confirmed ` +
      `${VISIT_RULES.autoCancelHours} hours before the start. ${a.link}`,
  }),
  observerAdded: (a: About): VisitMessageText => ({
    subject: 'You were added to a visit',
    text: `You were added as an observer of the visit "${scenarioName(a.title)}" on ${a.when}. ${a.link}`,
  }),
  observerRemoved: (a: About): VisitMessageText => ({
    subject: 'You were removed from a visit',
    text: `You are no longer an observer of the visit "${scenarioName(a.title)}" on ${a.when}.`,
  }),
  requestSent: (a: About & { dates: string[] }): VisitMessageText => ({
    subject: 'Visit request sent',
    text:
      `Your request for "${scenarioName(a.title)}" has been sent. Proposed times: ${a.dates.join(' or ')}. ` +
      `The calendar holds are tentative until an SP accepts one of them. ${a.link}`,
  }),
  requestUpdated: (a: About & { dates: string[] }): VisitMessageText => ({
    subject: 'Visit request updated',
    text: `Your request for "${scenarioName(a.title)}" now proposes ${a.dates.join(' or ')}. ${a.link}`,
  }),
  requestForSp: (a: About & { dates: string[]; learner: string }): VisitMessageText => ({
    subject: 'New visit request',
    text: `${a.learner} requested "${scenarioName(a.title)}" on ${a.dates.join(' or ')}. ${a.link}`,
  }),
  requestUpdatedForSp: (a: About & { dates: string[]; learner: string }): VisitMessageText => ({
    subject: 'Visit request updated',
    text: `${a.learner} now proposes ${a.dates.join(' or ')} for "${scenarioName(a.title)}". ${a.link}`,
  }),
  requestCanceled: (a: About): VisitMessageText => ({
    subject: 'Visit request cancelled',
    text: `Your request for "${scenarioName(a.title)}" has been cancelled; its tentative calendar holds are removed.`,
  }),
  requestAccepted: (a: About): VisitMessageText => ({
    subject: 'Visit request accepted',
    text: `An SP accepted your request for "${scenarioName(a.title)}"; the tentative holds are replaced by the visit on ${a.when}.`,
  }),
  requestExpired: (a: About): VisitMessageText => ({
    subject: 'Request is expired.',
    text: `Your request for "${scenarioName(a.title)}" expired before an SP accepted it. You can request new times: ${a.link}`,
  }),
} as const;

/**
 * A message's text for the in-app notification, which is itself a link to the page (issue 22 item 2): the
 * page's absolute address is taken out of the sentence, with the space or colon that led to it.
 */
export function withoutAddress(text: string, address: string): string {
  if (!address) return text;
  const lead = (piece: string) => {
    const cut = piece.replace(/[\s:]+$/, '');
    return !cut || /[.!?]$/.test(cut) ? cut : `${cut}.`;
  };
  return text
    .split(address)
    .map((piece, i, all) => (i < all.length - 1 ? lead(piece) : piece))
    .join('')
    .trim();
}
