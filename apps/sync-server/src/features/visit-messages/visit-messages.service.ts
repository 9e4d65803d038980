import {
  CANCELED_REASONS,
  canceledReason,
  formatVisitWhen,
  INVITE_UID,
  isMobileVerified,
  VISIT_TEXTS,
  type VisitMessageText,
} from '@simvisit/schema';
import type { Config } from '../../config';
import type { VisitEventRow } from '../../db/types';
import type { MailService } from '../../platform/mail';
import type { SmsProvider } from '../../platform/sms';
import type { NotificationsService } from '../notifications';
import type { VisitEventType } from '../visit-events';
import { type InviteEntry, type InviteMethod, inviteText, parseMailbox } from './calendar-invites';
import type { HeldInvite, NewDelivery, Person, VisitMessagesRepository } from './visit-messages.repository';

/** How long a claimed event stays with its processor before another may take it over (a crashed process). */
const LEASE_MS = 5 * 60_000;
/** Tries before an event is closed with its error kept (its later events then go ahead). */
const MAX_ATTEMPTS = 8;
const BATCH = 25;
/** A duration for a request without one (the proposed holds). */
const DEFAULT_MINUTES = 30;

/** The events whose processing brings the visit's calendar invites up to date. */
const VISIT_INVITE_EVENTS = new Set<VisitEventType>([
  'visit.scheduled',
  'visit.rescheduled',
  'visit.adjusted',
  'visit.transferred',
  'visit.canceled',
  'visit.observer_added',
  'visit.observer_removed',
]);

type VisitCtx = NonNullable<Awaited<ReturnType<VisitMessagesRepository['visit']>>>;
type RequestCtx = NonNullable<Awaited<ReturnType<VisitMessagesRepository['request']>>>;

type InviteGroup = 'visit' | 'holds' | 'holds-cancel';
type Once = (key: string, records: Omit<NewDelivery, 'event_id'>[], send: () => Promise<void>) => Promise<void>;
const NO_INVITE = { invite_uid: null, invite_method: null, invite_start_at: null, invite_end_at: null, invite_sequence: null } as const;

/** How a message reaches a person: email always (transactional), by their email setting, or not at all. */
type EmailRule = 'always' | 'setting' | 'none';

interface Planned {
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
interface InviteChange {
  method: InviteMethod;
  entries: InviteEntry[];
  /** 'new' when the person held no active invite; 'changed' when the times moved */
  kind: 'new' | 'changed' | 'cancel';
}

function validZone(zone: string | null | undefined): string | null {
  if (!zone) return null;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone;
  } catch {
    return null;
  }
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/**
 * The visit event processor (docs/decisions/0029-visit-jobs-and-invites.md): claims unprocessed visit events and
 * sends each one's in-app notifications, emails with calendar invites (.ics) and texts exactly once. Every
 * message sent is recorded per event and key before the event is closed, so a retry after a failure sends only
 * what is missing. Invites are reconciled against what each person already holds (visit_message_deliveries):
 * a REQUEST when a person has no invite or the times moved, a CANCEL when they no longer take part.
 */
export function createVisitMessages(d: {
  repo: VisitMessagesRepository;
  mail: MailService;
  sms: SmsProvider;
  notifications: NotificationsService;
  config: Config;
}) {
  const { repo, config } = d;
  const organizer = parseMailbox(config.mailFrom);
  const product = config.productName;
  const absolute = (path: string) => `${config.appUrl}${path}`;

  const zoneOf = (person: Person | undefined, fallback?: string | null) => validZone(person?.timezone) ?? validZone(fallback) ?? 'UTC';
  const smsable = (p: Person, now: Date) =>
    p.enable_sms_notifications && Boolean(p.mobile_number) && isMobileVerified(p.mobile_verified_at, now);
  const fullName = (p: Person | undefined) => (p ? `${p.first_name} ${p.last_name}`.trim() : 'A learner');

  /** The visit's invites as they should be now, against what each person holds. */
  async function visitInviteChanges(event: VisitEventRow, visit: VisitCtx, attendees: number[]): Promise<Map<number, InviteChange>> {
    const uid = INVITE_UID.visit(visit.id);
    const held = new Map((await repo.heldInvites(uid)).map((h) => [h.user_id, h]));
    const sequence = await repo.sequenceBefore(event, { visit_id: visit.id });
    const entry = (start: Date, end: Date): InviteEntry => ({
      uid,
      start,
      end,
      title: `${product}: ${visit.scenario_title ?? 'Visit'}`,
      description: `${product} video visit. Join from the visit page: ${absolute(`/visit/${visit.id}`)}`,
      url: absolute(`/visit/${visit.id}`),
      status: 'CONFIRMED',
      sequence,
    });
    const changes = new Map<number, InviteChange>();
    for (const userId of attendees) {
      const h = held.get(userId);
      const same =
        h?.method === 'REQUEST' && h.start_at?.getTime() === visit.start_at.getTime() && h.end_at?.getTime() === visit.end_at.getTime();
      if (!same)
        changes.set(userId, {
          method: 'REQUEST',
          entries: [entry(visit.start_at, visit.end_at)],
          kind: h?.method === 'REQUEST' ? 'changed' : 'new',
        });
    }
    for (const [userId, h] of held) {
      if (h.method === 'REQUEST' && !attendees.includes(userId)) {
        changes.set(userId, { method: 'CANCEL', entries: [entry(h.start_at ?? visit.start_at, h.end_at ?? visit.end_at)], kind: 'cancel' });
      }
    }
    return changes;
  }

  /**
   * The tentative holds of a visit request (one per proposed date, learner only): held while the request is
   * pending, cancelled once it is accepted, cancelled or expired.
   */
  async function holdChanges(event: VisitEventRow, request: RequestCtx): Promise<{ request: InviteEntry[]; cancel: InviteEntry[] }> {
    const sequence = await repo.sequenceBefore(event, { request_id: request.id });
    const minutes = request.duration_minutes ?? DEFAULT_MINUTES;
    const dates = request.status === 'pending' ? await repo.requestDates(request.id) : [];
    const entry = (uid: string, start: Date, end: Date): InviteEntry => ({
      uid,
      start,
      end,
      title: `${product}: ${request.scenario_title ?? 'Visit'} (requested)`,
      description: `Proposed time of your visit request, tentative until an SP accepts it: ${absolute(`/request/${request.id}`)}`,
      url: absolute(`/request/${request.id}`),
      status: 'TENTATIVE',
      sequence,
    });
    const desired = dates.map((date, i) =>
      entry(INVITE_UID.requestHold(request.id, i + 1), date.start_at, new Date(date.start_at.getTime() + minutes * 60_000)),
    );
    const heldByUid = new Map<string, HeldInvite | undefined>();
    for (let i = 1; i <= Math.max(2, dates.length); i++) {
      const uid = INVITE_UID.requestHold(request.id, i);
      heldByUid.set(
        uid,
        (await repo.heldInvites(uid)).find((h) => h.user_id === request.user_id),
      );
    }
    const moved = desired.some((e) => {
      const h = heldByUid.get(e.uid);
      return !(h?.method === 'REQUEST' && h.start_at?.getTime() === e.start.getTime() && h.end_at?.getTime() === e.end.getTime());
    });
    const cancel: InviteEntry[] = [];
    for (const [uid, h] of heldByUid) {
      if (h?.method === 'REQUEST' && !desired.some((e) => e.uid === uid)) {
        cancel.push(entry(uid, h.start_at ?? new Date(0), h.end_at ?? new Date(0)));
      }
    }
    return { request: moved ? desired : [], cancel };
  }

  /** Sends one event's messages; what was already sent for it (an earlier try) is skipped. */
  async function handle(event: VisitEventRow, now: Date): Promise<void> {
    const delivered = await repo.deliveredKeys(event.id);
    const once: Once = async (key, records, send) => {
      if (delivered.has(key)) return;
      await send();
      await repo.recordDeliveries(records.map((r) => ({ ...r, event_id: event.id })));
      delivered.add(key);
    };
    const type = event.type as VisitEventType;
    const payload = (event.payload ?? {}) as Record<string, unknown>;
    const planned: Planned[] = [];
    /** Calendar changes per person and group ('visit', 'holds', 'holds-cancel'). */
    const invites = new Map<number, Map<InviteGroup, { method: InviteMethod; entries: InviteEntry[] }>>();
    const addInvite = (userId: number, group: InviteGroup, method: InviteMethod, entries: InviteEntry[]) => {
      if (!entries.length) return;
      const mine = invites.get(userId) ?? new Map();
      mine.set(group, { method, entries });
      invites.set(userId, mine);
    };
    let people = new Map<number, Person>();
    /** The text for someone whose calendar changes without a message of their own. */
    let fallbackText: (userId: number, group: InviteGroup) => VisitMessageText | null = () => null;
    let fallbackPath = '/dashboard';

    if (event.visit_id !== null) {
      const visit = await repo.visit(event.visit_id);
      if (!visit) return;
      const observers = await repo.observersOf(visit.id);
      const open = !visit.is_canceled && !visit.is_complete && !visit.no_show && !visit.learner_technical_issue;
      const formerSp = typeof payload.from_sp_user_id === 'number' ? payload.from_sp_user_id : null;
      const payloadObserver =
        typeof payload.observer_user_id === 'number'
          ? payload.observer_user_id
          : typeof payload.user_id === 'number'
            ? payload.user_id
            : null;
      const request = visit.request_id !== null && type === 'visit.scheduled' ? await repo.request(visit.request_id) : undefined;
      people = await repo.people([
        visit.learner_user_id,
        visit.sp_user_id,
        ...observers,
        ...(formerSp ? [formerSp] : []),
        ...(payloadObserver ? [payloadObserver] : []),
      ]);
      const path = `/visit/${visit.id}`;
      fallbackPath = path;
      const about = (userId: number) => ({
        product,
        title: visit.scenario_title ?? '',
        when: formatVisitWhen(visit.start_at, zoneOf(people.get(userId), userId === visit.learner_user_id ? visit.request_timezone : null)),
        link: absolute(path),
      });
      const plan = (userId: number, text: VisitMessageText, email: EmailRule, extra: Partial<Planned> = {}) =>
        planned.push({ userId, text, email, notify: true, path, invite: 'visit', ...extra });
      const visitChanges = new Map<number, InviteChange>();
      if (VISIT_INVITE_EVENTS.has(type)) {
        const attendees = open ? [visit.learner_user_id, visit.sp_user_id, ...observers] : [];
        for (const [userId, change] of await visitInviteChanges(event, visit, attendees)) {
          visitChanges.set(userId, change);
          addInvite(userId, 'visit', change.method, change.entries);
        }
      }
      fallbackText = (userId) => {
        const kind = visitChanges.get(userId)?.kind;
        return kind === 'cancel'
          ? VISIT_TEXTS.canceled(about(userId))
          : kind === 'changed'
            ? VISIT_TEXTS.changed(about(userId))
            : VISIT_TEXTS.invite(about(userId));
      };
      const everyone = [visit.learner_user_id, visit.sp_user_id, ...observers];
      const changed = (kind: InviteChange['kind']) => [...visitChanges].filter(([, c]) => c.kind === kind).map(([u]) => u);

      switch (type) {
        case 'visit.scheduled':
          plan(visit.learner_user_id, VISIT_TEXTS.scheduled(about(visit.learner_user_id)), 'always');
          plan(visit.sp_user_id, VISIT_TEXTS.scheduled(about(visit.sp_user_id)), 'always');
          for (const userId of observers) plan(userId, VISIT_TEXTS.observerAdded(about(userId)), 'always');
          if (request) {
            const holds = await holdChanges(event, request);
            addInvite(request.user_id, 'holds-cancel', 'CANCEL', holds.cancel);
            if (holds.cancel.length) {
              plan(request.user_id, VISIT_TEXTS.requestAccepted(about(request.user_id)), 'always', {
                notify: false,
                invite: 'holds-cancel',
              });
            }
          }
          break;
        case 'visit.confirmation_requested': {
          if (!open || visit.is_confirmed) break;
          const learner = people.get(visit.learner_user_id);
          const a = about(visit.learner_user_id);
          plan(visit.learner_user_id, VISIT_TEXTS.confirmationRequest(a), 'none', {
            sms: learner && smsable(learner, now) ? VISIT_TEXTS.confirmationRequestSms(a) : undefined,
            emailIfNoSms: true,
          });
          break;
        }
        case 'visit.confirmed':
          plan(visit.sp_user_id, VISIT_TEXTS.confirmedForSp(about(visit.sp_user_id)), 'setting');
          break;
        case 'visit.reminder':
          if (!open) break;
          for (const userId of everyone) {
            const person = people.get(userId);
            const a = about(userId);
            plan(userId, VISIT_TEXTS.reminder(a), 'setting', {
              sms: person && smsable(person, now) ? VISIT_TEXTS.reminderSms(a) : undefined,
            });
          }
          break;
        case 'visit.rescheduled':
          for (const userId of [visit.learner_user_id, visit.sp_user_id]) {
            plan(userId, open ? VISIT_TEXTS.changed(about(userId)) : VISIT_TEXTS.replaced(about(userId)), 'always');
          }
          break;
        case 'visit.adjusted':
          for (const userId of everyone) plan(userId, VISIT_TEXTS.changed(about(userId)), 'always');
          break;
        case 'visit.transferred': {
          plan(visit.sp_user_id, VISIT_TEXTS.transferredIn(about(visit.sp_user_id)), 'always');
          const former = new Set(changed('cancel'));
          if (formerSp && formerSp !== visit.sp_user_id) former.add(formerSp);
          for (const userId of former) plan(userId, VISIT_TEXTS.transferredOut(about(userId)), 'always', { path: '/dashboard' });
          break;
        }
        case 'visit.canceled': {
          const system = payload.reason === 'system' || (visit.is_canceled && canceledReason(visit) === CANCELED_REASONS.system);
          for (const userId of everyone) {
            plan(userId, system ? VISIT_TEXTS.systemCanceled(about(userId)) : VISIT_TEXTS.canceled(about(userId)), 'always');
          }
          break;
        }
        case 'visit.observer_added': {
          const added = new Set(changed('new'));
          if (payloadObserver && observers.includes(payloadObserver)) added.add(payloadObserver);
          for (const userId of added) plan(userId, VISIT_TEXTS.observerAdded(about(userId)), 'always');
          break;
        }
        case 'visit.observer_removed': {
          const removed = new Set(changed('cancel'));
          if (payloadObserver && !observers.includes(payloadObserver)) removed.add(payloadObserver);
          for (const userId of removed) plan(userId, VISIT_TEXTS.observerRemoved(about(userId)), 'always', { path: '/dashboard' });
          break;
        }
        default:
          // completed, no-show, technical issue: nothing to send (the scorecards tell their own people).
          break;
      }
    } else if (event.request_id !== null) {
      const request = await repo.request(event.request_id);
      if (!request) return;
      const path = `/request/${request.id}`;
      fallbackPath = path;
      const sps = request.scenario_id ? await repo.spsOf(request.scenario_id) : [];
      people = await repo.people([request.user_id, ...sps]);
      const dates = (await repo.requestDates(request.id)).map((r) => r.start_at);
      const zoneFor = (userId: number) => zoneOf(people.get(userId), userId === request.user_id ? request.timezone : null);
      const about = (userId: number, p = path) => ({
        product,
        title: request.scenario_title ?? '',
        when: dates[0] ? formatVisitWhen(dates[0], zoneFor(userId)) : '',
        link: absolute(p),
        dates: dates.map((at) => formatVisitWhen(at, zoneFor(userId))),
      });
      const holds = await holdChanges(event, request);
      addInvite(request.user_id, 'holds', 'REQUEST', holds.request);
      addInvite(request.user_id, 'holds-cancel', 'CANCEL', holds.cancel);
      fallbackText = (userId, group) =>
        group === 'holds-cancel' ? VISIT_TEXTS.requestCanceled(about(userId)) : VISIT_TEXTS.requestUpdated(about(userId));
      const learnerName = fullName(people.get(request.user_id));
      switch (type) {
        case 'request.created':
        case 'request.rescheduled': {
          if (request.status !== 'pending') break;
          const created = type === 'request.created';
          const a = about(request.user_id);
          planned.push({
            userId: request.user_id,
            text: created ? VISIT_TEXTS.requestSent(a) : VISIT_TEXTS.requestUpdated(a),
            email: 'always',
            notify: false,
            path,
            invite: 'holds',
          });
          for (const sp of sps) {
            const forSp = { ...about(sp), learner: learnerName };
            planned.push({
              userId: sp,
              text: created ? VISIT_TEXTS.requestForSp(forSp) : VISIT_TEXTS.requestUpdatedForSp(forSp),
              email: 'setting',
              notify: true,
              path,
            });
          }
          break;
        }
        case 'request.canceled':
          // The learner who cancelled saw it happen; the mail only clears their calendar (or tells them when
          // someone else cancelled it).
          if (holds.cancel.length || event.actor_user_id !== request.user_id) {
            planned.push({
              userId: request.user_id,
              text: VISIT_TEXTS.requestCanceled(about(request.user_id)),
              email: 'always',
              notify: true,
              path,
              invite: 'holds-cancel',
            });
          }
          break;
        case 'request.expired': {
          const overview = request.scenario_id ? `/scenarios/${request.scenario_id}/overview` : '/dashboard';
          planned.push({
            userId: request.user_id,
            text: VISIT_TEXTS.requestExpired(about(request.user_id, overview)),
            email: 'always',
            notify: true,
            path: overview,
            invite: 'holds-cancel',
          });
          break;
        }
        default:
          break;
      }
    }

    // Someone whose calendar changes but who has no message for that change still gets the invite, with a short text.
    for (const [userId, groups] of invites) {
      for (const group of groups.keys()) {
        if (planned.some((p) => p.userId === userId && p.invite === group)) continue;
        const text = fallbackText(userId, group);
        if (text) planned.push({ userId, text, email: 'always', notify: false, path: fallbackPath, invite: group });
      }
    }

    for (const p of planned) {
      const person = people.get(p.userId);
      if (!person) continue;
      if (p.notify && p.userId !== event.actor_user_id) {
        const key = `notification:${p.userId}`;
        await once(key, [{ key, user_id: p.userId, channel: 'notification', ...NO_INVITE }], async () => {
          await d.notifications.create(p.userId, {
            title: p.text.subject,
            content: p.text.text,
            icon: 'message',
            color: 'white',
            type: 'router link',
            payload: { link: p.path },
          });
        });
      }
      let texted = false;
      if (p.sms && person.mobile_number) {
        const key = `sms:${p.userId}`;
        try {
          await once(key, [{ key, user_id: p.userId, channel: 'sms', ...NO_INVITE }], () =>
            d.sms.send({ to: person.mobile_number!, body: p.sms! }).then(() => {}),
          );
          texted = true;
        } catch (err) {
          // A refused text is not retried: the email (when there is one) carries the message instead.
          console.error(`[visit-messages] text for event ${event.id} not sent:`, errorText(err));
        }
      }
      const invite = p.invite ? invites.get(p.userId)?.get(p.invite) : undefined;
      const wantsEmail =
        invite !== undefined ||
        p.email === 'always' ||
        (p.email === 'setting' && person.enable_email_notifications) ||
        (p.emailIfNoSms === true && !texted);
      if (wantsEmail) await sendMail(p.userId, person, p.text, invite, `mail:${p.userId}:${p.invite ?? 'message'}`, once);
    }
  }

  async function sendMail(
    userId: number,
    person: Person,
    text: VisitMessageText,
    invite: { method: InviteMethod; entries: InviteEntry[] } | undefined,
    key: string,
    once: Once,
  ) {
    const records: Omit<NewDelivery, 'event_id'>[] = [{ key, user_id: userId, channel: 'mail', ...NO_INVITE }];
    for (const e of invite?.entries ?? []) {
      records.push({
        key: `${key}:invite:${e.uid}`,
        user_id: userId,
        channel: 'mail',
        invite_uid: e.uid,
        invite_method: invite!.method,
        invite_start_at: e.start,
        invite_end_at: e.end,
        invite_sequence: e.sequence,
      });
    }
    await once(key, records, async () => {
      const attendee = { name: `${person.first_name} ${person.last_name}`.trim() || person.email, email: person.email };
      await d.mail.sendAndWait({
        to: person.email,
        subject: text.subject,
        text: text.text,
        ...(invite
          ? {
              icalEvent: {
                method: invite.method,
                content: inviteText(invite.method, invite.entries, organizer, attendee),
                filename: invite.method === 'CANCEL' ? 'cancel.ics' : 'invite.ics',
              },
            }
          : {}),
      });
    });
  }

  return {
    /**
     * Sends the messages of every due event, in rounds of claimed batches (an event of a visit waits for the
     * earlier ones of the same visit). Returns how many events were closed and how many failed this time.
     */
    async processDue(now: Date = new Date(), opts: { maxRounds?: number } = {}): Promise<{ processed: number; failed: number }> {
      let processed = 0;
      let failed = 0;
      for (let round = 0; round < (opts.maxRounds ?? 20); round++) {
        const claimed = await repo.claim(now, new Date(now.getTime() + LEASE_MS), BATCH);
        if (!claimed.length) break;
        for (const event of claimed) {
          try {
            await handle(event, now);
            await repo.markProcessed(event.id, now);
            processed++;
          } catch (err) {
            failed++;
            const giveUp = event.attempts >= MAX_ATTEMPTS;
            const retryAt = new Date(now.getTime() + Math.min(60, 2 ** Math.max(0, event.attempts - 1)) * 60_000);
            console.error(`[visit-messages] event ${event.id} (${event.type}) failed${giveUp ? ', giving up' : ''}:`, errorText(err));
            await repo.markFailed(event.id, errorText(err), retryAt, giveUp, now);
          }
        }
      }
      return { processed, failed };
    },
  };
}
export type VisitMessages = ReturnType<typeof createVisitMessages>;
