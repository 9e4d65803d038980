import { formatInZone, fullName, INTERVIEW_MINUTES } from '@simvisit/schema';
import type { Config } from '../../config';
import type { InterviewRow } from '../../db/types';
import type { MailService } from '../../platform/mail';
import type { NotificationsService } from '../notifications';
import { inviteText, parseMailbox } from '../visit-messages';

/*
 * What recruitment tells people (decision 0048): a notification in the app and a mail, and for every interview
 * and its changes a calendar invite (.ics, METHOD REQUEST or CANCEL, the same UID) to the trainer and the
 * applicant. A rejection's internal note is never in any of them.
 */
export interface Recipient {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
}

export interface Tell {
  subject: string;
  text: (when: (at: Date) => string) => string;
  /** the page the notification opens */
  path: string;
}

export function createRecruitmentMessages(d: {
  /** the recipient's profile time zone (an IANA name), or null when none is set */
  timeZoneOf: (userId: number) => Promise<string | null>;
  mail: MailService;
  notifications: NotificationsService;
  config: Config;
}) {
  const organizer = parseMailbox(d.config.mailFrom);
  const name = (p: Recipient) => fullName(p) || p.email;
  const zoneOf = async (p: Recipient) => (await d.timeZoneOf(p.id)) ?? 'UTC';

  async function tell(p: Recipient, message: Tell, invite?: { method: 'REQUEST' | 'CANCEL'; interview: InterviewRow; sequence: number }) {
    const zone = await zoneOf(p);
    const when = (at: Date) => formatInZone(at, zone);
    const text = `Hello ${p.first_name},\n\n${message.text(when)}\n\n${d.config.appUrl}${message.path}`;
    await d.notifications.create(p.id, {
      title: message.subject,
      content: message.text(when),
      icon: 'message',
      color: 'white',
      type: 'router link',
      payload: { link: message.path },
    });
    d.mail.send({
      to: p.email,
      subject: `${d.config.productName}: ${message.subject}`,
      text,
      ...(invite
        ? {
            icalEvent: {
              method: invite.method,
              filename: invite.method === 'CANCEL' ? 'cancel.ics' : 'invite.ics',
              content: inviteText(
                invite.method,
                [
                  {
                    uid: `interview-${invite.interview.id}@simvisit`,
                    sequence: invite.sequence,
                    start: invite.interview.start_at,
                    end: new Date(invite.interview.start_at.getTime() + INTERVIEW_MINUTES * 60_000),
                    title: `${d.config.productName} interview`,
                    description: `Interview for your ${d.config.productName} application. Join from ${d.config.appUrl}/interview/${invite.interview.id}`,
                    url: `${d.config.appUrl}/interview/${invite.interview.id}`,
                    status: 'CONFIRMED',
                  },
                ],
                organizer,
                { name: name(p), email: p.email },
              ),
            },
          }
        : {}),
    });
  }

  return { tell };
}
export type RecruitmentMessages = ReturnType<typeof createRecruitmentMessages>;
