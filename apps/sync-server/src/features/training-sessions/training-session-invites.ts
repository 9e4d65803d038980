import { formatInZone, fullName, trainingEndAt, trainingSessionHref, trainingSessionType } from '@simvisit/schema';
import type { Config } from '../../config';
import type { MailService } from '../../platform/mail';
import { type InviteEntry, inviteText, parseMailbox } from '../visit-messages';
import type { PersonRow, SessionRow } from './training-sessions.repository';

/** What happened to a person's place in a session, and so which invite they get. */
export type InviteKind = 'scheduled' | 'added' | 'rescheduled' | 'canceled' | 'removed';

const SUBJECTS: Record<InviteKind, string> = {
  scheduled: 'Training session scheduled',
  added: 'You were added to a training session',
  rescheduled: 'Training session rescheduled',
  canceled: 'Training session cancelled',
  removed: 'You were removed from a training session',
};

export const trainingInviteUid = (sessionId: number) => `training-session-${sessionId}@simvisit`;

/**
 * Calendar invites of a training session (.ics made with the `ics` package, as visits do: decision 0029): a
 * REQUEST with the session's UID on schedule, add and reschedule (a higher SEQUENCE replaces the entry), a
 * CANCEL on cancel and removal. Times are UTC instants; the mail's text gives the time in the person's zone.
 */
export function createTrainingInvites(d: { mail: MailService; config: Pick<Config, 'appUrl' | 'productName' | 'mailFrom'> }) {
  const organizer = parseMailbox(d.config.mailFrom);
  return {
    async send(kind: InviteKind, s: SessionRow, scenarioTitle: string | null, people: (PersonRow & { zone: string })[]) {
      const type = trainingSessionType(s.training_session_type_id);
      const url = `${d.config.appUrl}${trainingSessionHref(s.id)}`;
      const title = `${d.config.productName} ${type.name} training session${scenarioTitle ? `: ${scenarioTitle}` : ''}`;
      const entry: InviteEntry = {
        uid: trainingInviteUid(s.id),
        start: s.start_at,
        end: trainingEndAt(s.start_at, s.training_session_type_id),
        title,
        description: `${title}. Join from ${url}`,
        url,
        status: 'CONFIRMED',
        sequence: s.invite_sequence,
      };
      const method = kind === 'canceled' || kind === 'removed' ? 'CANCEL' : 'REQUEST';
      for (const p of people) {
        const name = fullName(p);
        const content = inviteText(method, [entry], organizer, { name, email: p.email });
        await d.mail.queue({
          to: p.email,
          subject: SUBJECTS[kind],
          text: `Hello ${name},\n\n${SUBJECTS[kind]}: ${type.name} (${type.hours} h) on ${formatInZone(s.start_at, p.zone)}.\n\n${url}\n`,
          icalEvent: { method, content, filename: 'invite.ics' },
        });
      }
    },
  };
}
export type TrainingInvites = ReturnType<typeof createTrainingInvites>;
