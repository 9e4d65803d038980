import { formatInZone, fullName, isMobileVerified, VISIT_TEXTS, type VisitMessageText, withoutAddress } from '@simvisit/schema';
import type { Config } from '../../config';
import type { VisitEventRow } from '../../db/types';
import { clock } from '../../platform/clock';
import type { MailService } from '../../platform/mail';
import type { SmsProvider } from '../../platform/sms';
import type { NotificationsService } from '../notifications';
import type { VisitEventType } from '../visit-events';
import { type InviteEntry, type InviteMethod, inviteText, parseMailbox } from './calendar-invites';
import { createInviteChanges } from './invite-changes';
import { type InviteChange, type InviteGroup, learnerName, type Planned, validZone } from './message-plan';
import { REQUEST_PLANNERS } from './request-planners';
import type { NewDelivery, Person, VisitMessagesRepository } from './visit-messages.repository';
import { VISIT_PLANNERS } from './visit-planners';

/** How long a claimed event stays with its processor before another may take it over (a crashed process). */
const LEASE_MS = 5 * 60_000;
/** Tries before an event is closed with its error kept (its later events then go ahead). */
const MAX_ATTEMPTS = 8;
const BATCH = 25;

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

type Once = (key: string, records: Omit<NewDelivery, 'event_id'>[], send: () => Promise<void>) => Promise<void>;
const NO_INVITE = { invite_uid: null, invite_method: null, invite_start_at: null, invite_end_at: null, invite_sequence: null } as const;

/** What one event comes to: the planned messages, the calendar changes, and the words for a bare invite. */
interface EventPlan {
  planned: Planned[];
  invites: Map<number, Map<InviteGroup, { method: InviteMethod; entries: InviteEntry[] }>>;
  people: Map<number, Person>;
  /** the text for someone whose calendar changes without a message of their own */
  fallbackText: (userId: number, group: InviteGroup) => VisitMessageText | null;
  fallbackPath: string;
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/**
 * The visit event processor (docs/decisions/0029-visit-jobs-and-invites.md): claims unprocessed visit events and
 * sends each one's in-app notifications, emails with calendar invites (.ics) and texts exactly once. Who hears
 * of an event is decided by its planner (visit-planners.ts, request-planners.ts). Every message sent is recorded
 * per event and key before the event is closed, so a retry after a failure sends only what is missing. Invites
 * are reconciled against what each person already holds (invite-changes.ts).
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
  const inviteChanges = createInviteChanges({ repo, product, absolute });

  const zoneOf = (person: Person | undefined, fallback?: string | null) => validZone(person?.timezone) ?? validZone(fallback) ?? 'UTC';
  const smsable = (p: Person | undefined, now: Date) =>
    Boolean(p?.enable_sms_notifications && p.mobile_number && isMobileVerified(p.mobile_verified_at, now));

  function emptyPlan(): EventPlan {
    return { planned: [], invites: new Map(), people: new Map(), fallbackText: () => null, fallbackPath: '/dashboard' };
  }

  function addInvite(plan: EventPlan, userId: number, group: InviteGroup, method: InviteMethod, entries: InviteEntry[]) {
    if (!entries.length) return;
    const mine = plan.invites.get(userId) ?? new Map();
    mine.set(group, { method, entries });
    plan.invites.set(userId, mine);
  }

  /** The messages of a visit's event. */
  async function planVisitEvent(event: VisitEventRow, visitId: number, now: Date): Promise<EventPlan | null> {
    const visit = await repo.visit(visitId);
    if (!visit) return null;
    const type = event.type as VisitEventType;
    const payload = (event.payload ?? {}) as Record<string, unknown>;
    const plan = emptyPlan();
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
    plan.people = await repo.people([
      visit.learner_user_id,
      visit.sp_user_id,
      ...observers,
      ...(formerSp ? [formerSp] : []),
      ...(payloadObserver ? [payloadObserver] : []),
    ]);
    const path = `/visit/${visit.id}`;
    plan.fallbackPath = path;
    const about = (userId: number) => ({
      product,
      title: visit.scenario_title ?? '',
      when: formatInZone(visit.start_at, zoneOf(plan.people.get(userId), userId === visit.learner_user_id ? visit.request_timezone : null)),
      link: absolute(path),
    });
    const visitChanges = new Map<number, InviteChange>();
    if (VISIT_INVITE_EVENTS.has(type)) {
      const attendees = open ? [visit.learner_user_id, visit.sp_user_id, ...observers] : [];
      for (const [userId, change] of await inviteChanges.forVisit(event, visit, attendees)) {
        visitChanges.set(userId, change);
        addInvite(plan, userId, 'visit', change.method, change.entries);
      }
    }
    plan.fallbackText = (userId) => {
      const kind = visitChanges.get(userId)?.kind;
      if (kind === 'cancel') return VISIT_TEXTS.canceled(about(userId));
      return kind === 'changed' ? VISIT_TEXTS.changed(about(userId)) : VISIT_TEXTS.invite(about(userId));
    };
    await VISIT_PLANNERS[type]?.({
      visit,
      observers,
      everyone: [visit.learner_user_id, visit.sp_user_id, ...observers],
      open,
      people: plan.people,
      payload,
      formerSp,
      payloadObserver,
      request,
      about,
      plan: (userId, text, email, extra = {}) => plan.planned.push({ userId, text, email, notify: true, path, invite: 'visit', ...extra }),
      changed: (kind) => [...visitChanges].filter(([, c]) => c.kind === kind).map(([u]) => u),
      smsable: (person) => smsable(person, now),
      cancelRequestHolds: async (accepted) => {
        const holds = await inviteChanges.forRequestHolds(event, accepted);
        addInvite(plan, accepted.user_id, 'holds-cancel', 'CANCEL', holds.cancel);
        return holds.cancel.length;
      },
    });
    return plan;
  }

  /** The messages of a visit request's event. */
  async function planRequestEvent(event: VisitEventRow, requestId: number): Promise<EventPlan | null> {
    const request = await repo.request(requestId);
    if (!request) return null;
    const plan = emptyPlan();
    const path = `/request/${request.id}`;
    plan.fallbackPath = path;
    const sps = request.scenario_id ? await repo.spsOf(request.scenario_id) : [];
    plan.people = await repo.people([request.user_id, ...sps]);
    const dates = (await repo.requestDates(request.id)).map((r) => r.start_at);
    const zoneFor = (userId: number) => zoneOf(plan.people.get(userId), userId === request.user_id ? request.timezone : null);
    const about = (userId: number, p = path) => ({
      product,
      title: request.scenario_title ?? '',
      when: dates[0] ? formatInZone(dates[0], zoneFor(userId)) : '',
      link: absolute(p),
      dates: dates.map((at) => formatInZone(at, zoneFor(userId))),
    });
    const holds = await inviteChanges.forRequestHolds(event, request);
    addInvite(plan, request.user_id, 'holds', 'REQUEST', holds.request);
    addInvite(plan, request.user_id, 'holds-cancel', 'CANCEL', holds.cancel);
    plan.fallbackText = (userId, group) =>
      group === 'holds-cancel' ? VISIT_TEXTS.requestCanceled(about(userId)) : VISIT_TEXTS.requestUpdated(about(userId));
    REQUEST_PLANNERS[event.type as VisitEventType]?.({
      event,
      request,
      sps,
      learnerName: learnerName(plan.people.get(request.user_id)),
      path,
      cancelledHolds: holds.cancel.length,
      about,
      push: (p) => plan.planned.push(p),
    });
    return plan;
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
    const plan =
      event.visit_id !== null
        ? await planVisitEvent(event, event.visit_id, now)
        : event.request_id !== null
          ? await planRequestEvent(event, event.request_id)
          : null;
    if (!plan) return;
    const { planned, invites, people, fallbackText, fallbackPath } = plan;

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
            content: withoutAddress(p.text.text, absolute(p.path)),
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
      const attendee = { name: fullName(person) || person.email, email: person.email };
      await d.mail.sendAndWait({
        to: person.email,
        subject: text.subject,
        text: text.text,
        ...(invite
          ? {
              icalEvent: {
                method: invite.method,
                content: inviteText(invite.method, inZone(invite.entries, zoneOf(person)), organizer, attendee),
                filename: invite.method === 'CANCEL' ? 'cancel.ics' : 'invite.ics',
              },
            }
          : {}),
      });
    });
  }

  /** Each invite's description opens with its time in the attendee's profile zone (calendars show it in the device's). */
  const inZone = (entries: InviteEntry[], zone: string) =>
    entries.map((e) => ({ ...e, description: `${formatInZone(e.start, zone)}. ${e.description}` }));

  return {
    /**
     * Sends the messages of every due event, in rounds of claimed batches (an event of a visit waits for the
     * earlier ones of the same visit). Returns how many events were closed and how many failed this time.
     */
    async processDue(now: Date = clock.now(), opts: { maxRounds?: number } = {}): Promise<{ processed: number; failed: number }> {
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
