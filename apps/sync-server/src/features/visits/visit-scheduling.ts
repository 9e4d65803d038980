/**
 * The visit's dates (spec 002 §2.2, §4): cancel, confirm, the learner's reschedule into a new request, an
 * admin's reschedule link, and an admin's adjustment of date and time.
 */
import { randomBytes } from 'node:crypto';
import {
  type AdjustDateRequest,
  adjustRefusal,
  cancelRefusal,
  confirmRefusal,
  dateWindowMessage,
  dateWindowProblem,
  requestDateWindow,
  rescheduleLinkRefusal,
  rescheduleRefusal,
  slotToInstant,
  todayIn,
  VISIT_MESSAGES,
  VISIT_REFUSALS,
  VISIT_REQUEST_MESSAGES,
  type VisitRescheduleRequest,
  type VisitRuleFacts,
} from '@simvisit/schema';
import { conflict, unprocessable } from '../../http/errors';
import type { Actor } from '../../platform/actor';
import { clock } from '../../platform/clock';
import { pgCode, type VisitContext } from './visit-context';
import type { LoadedVisit } from './visit-detail';

export function createVisitScheduling({
  repo,
  visitEvents,
  availableTimes,
  appUrl,
  facts,
  load,
  check,
  change,
  fresh,
  event,
}: VisitContext) {
  /**
   * The two new dates as instants: inside the partner's date window (in the learner's zone) and among the times the
   * scenario's SPs can take now; 422 with each field's message.
   */
  async function rescheduleDates(actor: Actor, loaded: LoadedVisit, body: VisitRescheduleRequest, now: Date): Promise<Date[]> {
    const p = await repo.partnerDates(loaded.row.partner_id);
    const window = requestDateWindow(
      todayIn(body.timezone, now),
      { start_date: p?.start_date ?? null, end_date: p?.end_date ?? null },
      p?.disabled_start_date && p.disabled_end_date ? [{ start_date: p.disabled_start_date, end_date: p.disabled_end_date }] : [],
    );
    const errors: Record<string, string[]> = {};
    const instants: Date[] = [];
    for (const field of ['visit_date_one', 'visit_date_two'] as const) {
      const slot = `${body[field].slice(0, 16)}:00`;
      const date = slot.slice(0, 10);
      const at = slotToInstant(slot, body.timezone);
      const problem = dateWindowProblem(date, window);
      if (!at) errors[field] = [VISIT_REQUEST_MESSAGES.notAvailable];
      else if (problem) errors[field] = [dateWindowMessage(problem, window, date)];
      else {
        const { times } = await availableTimes(actor, { scenario_id: Number(loaded.row.scenario_id), date, timezone: body.timezone }, now);
        if (!times.includes(slot)) errors[field] = [VISIT_REQUEST_MESSAGES.notAvailable];
      }
      if (at) instants.push(at);
    }
    const first = Object.values(errors)[0]?.[0];
    if (first) throw unprocessable(first, errors);
    return instants;
  }

  return {
    /** Cancel: the learner, the SP (an SP cancellation) or an admin. No refund of a paid visit (spec 002 §4). */
    async cancel(actor: Actor, id: string | number, now = clock.now()) {
      const loaded = await load(actor, id, 'cancel');
      const rule = (f: VisitRuleFacts) => cancelRefusal(f, loaded.viewer, now);
      await check(actor, loaded.row, 'cancel', rule(facts(loaded.row, loaded.scenario)));
      const byRole = loaded.viewer.is_learner ? 'learner' : loaded.viewer.is_sp ? 'sp' : 'admin';
      await change(actor, loaded, 'visit.canceled', rule, async (row) => ({
        change: {
          is_canceled: true,
          canceled_at: now,
          canceled_by_user_id: actor.user.id,
          is_sp_cancellation: byRole === 'sp',
        },
        event: event('visit.canceled', row, actor, { by: byRole }),
        details: { by: byRole },
      }));
      return { message: VISIT_MESSAGES.cancelled };
    },

    /** Confirm: the learner, from 3 days before the start until the start. */
    async confirm(actor: Actor, id: string | number, now = clock.now()) {
      const loaded = await load(actor, id, 'confirm');
      const rule = (f: VisitRuleFacts) => confirmRefusal(f, loaded.viewer, now);
      await check(actor, loaded.row, 'confirm', rule(facts(loaded.row, loaded.scenario)));
      await change(actor, loaded, 'visit.confirmed', rule, async (row) => ({
        change: { is_confirmed: true, confirmed_at: now },
        event: event('visit.confirmed', row, actor, { via: 'web' }),
      }));
      return { message: VISIT_MESSAGES.confirmed };
    },

    /**
     * The learner reschedules (spec 002 §2.2, §4): two new dates checked like a new request's (the partner's date
     * window, the times the scenario's SPs can take), then in one transaction the visit is cancelled (when still
     * open), an admin's reschedule link is used up, and a pending visit request with the dates is made, carrying
     * what was paid for the visit. Answers the request's id; the PWA goes to /request/{id}.
     */
    async reschedule(actor: Actor, id: string | number, body: VisitRescheduleRequest, now = clock.now()) {
      const loaded = await load(actor, id, 'reschedule');
      const rule = (f: VisitRuleFacts) => rescheduleRefusal(f, loaded.viewer, now);
      await check(actor, loaded.row, 'reschedule', rule(facts(loaded.row, loaded.scenario)));
      const dates = await rescheduleDates(actor, loaded, body, now);
      let requestId = 0;
      try {
        await change(actor, loaded, 'visit.rescheduled', rule, async (row, trx) => {
          const open = !row.is_canceled && !row.is_complete && !row.no_show && !row.learner_technical_issue;
          requestId = await repo.insertRescheduleRequest(
            trx,
            {
              user_id: row.learner_user_id,
              partner_id: row.partner_id,
              scenario_id: row.scenario_id,
              timezone: body.timezone,
              duration_minutes: Math.round((row.end_at.getTime() - row.start_at.getTime()) / 60_000),
              payment_amount_cents: row.payment_amount_cents,
              rescheduled_from_visit_id: row.id,
            },
            dates,
          );
          const moved = { request_id: requestId, dates: dates.map((x) => x.toISOString()), by_link: row.reschedule_token !== null };
          await visitEvents.record(trx, {
            type: 'request.created',
            request_id: requestId,
            actor_user_id: actor.user.id,
            payload: {
              scenario_id: row.scenario_id,
              dates: moved.dates,
              payment_amount_cents: row.payment_amount_cents,
              rescheduled_from_visit_id: row.id,
            },
          });
          return {
            change: {
              reschedule_token: null,
              ...(open ? { is_canceled: true, canceled_at: now, canceled_by_user_id: actor.user.id, is_sp_cancellation: false } : {}),
            },
            event: event('visit.rescheduled', row, actor, moved),
            details: moved,
          };
        });
      } catch (error) {
        if (pgCode(error) === '23505') {
          throw conflict(VISIT_REQUEST_MESSAGES.existingRequest);
        }
        throw error;
      }
      return { id: requestId, message: VISIT_MESSAGES.rescheduled };
    },

    /** An admin's reschedule link: the learner may then reschedule this visit once (decision 0028). */
    async rescheduleLink(actor: Actor, id: string | number) {
      const loaded = await load(actor, id, 'reschedule_link');
      const rule = (f: VisitRuleFacts) => rescheduleLinkRefusal(f, loaded.viewer);
      await check(actor, loaded.row, 'reschedule_link', rule(facts(loaded.row, loaded.scenario)));
      await change(actor, loaded, 'visit.reschedule_link', rule, async (row) => ({
        // Kept while unused: generating it again gives the same grant, not a second one.
        change: { reschedule_token: row.reschedule_token ?? randomBytes(24).toString('base64url') },
        event: null,
      }));
      return { reschedule_link: `${appUrl}/visit/${loaded.row.id}?R=1`, message: VISIT_MESSAGES.linkGenerated };
    },

    /**
     * Adjust date and time (admins): the new start in the admin's zone, the same length, confirmed or not as the
     * admin ticks it; the confirmation request and reminder are sent again for the new time.
     */
    async adjust(actor: Actor, id: string | number, body: AdjustDateRequest, now = clock.now()) {
      const loaded = await load(actor, id, 'adjust');
      const rule = (f: VisitRuleFacts) => adjustRefusal(f, loaded.viewer);
      await check(actor, loaded.row, 'adjust', rule(facts(loaded.row, loaded.scenario)));
      const zone = body.timezone ?? loaded.viewer.timezone ?? 'UTC';
      const start = slotToInstant(body.start_date, zone);
      if (!start) throw unprocessable(VISIT_REFUSALS.dateInvalid, { start_date: [VISIT_REFUSALS.dateInvalid] });
      if (start.getTime() <= now.getTime()) throw unprocessable(VISIT_REFUSALS.datePast, { start_date: [VISIT_REFUSALS.datePast] });
      await change(actor, loaded, 'visit.adjusted', rule, async (row) => {
        const end = new Date(start.getTime() + (row.end_at.getTime() - row.start_at.getTime()));
        const moved = {
          from: row.start_at.toISOString(),
          to: start.toISOString(),
          is_confirmed: body.is_confirmed,
          timezone: zone,
        };
        return {
          change: {
            start_at: start,
            end_at: end,
            is_confirmed: body.is_confirmed,
            confirmed_at: body.is_confirmed ? now : null,
            confirmation_requested_at: null,
            reminder_sent_at: null,
          },
          event: event('visit.adjusted', row, actor, moved),
          details: moved,
        };
      });
      return { visit: await fresh(actor, loaded.row.id), message: VISIT_MESSAGES.adjusted };
    },
  };
}
