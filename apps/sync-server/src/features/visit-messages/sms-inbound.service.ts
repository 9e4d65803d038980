import { isConfirmReply, isMobileVerified, VISIT_RULES, VISIT_TEXTS } from '@simvisit/schema';
import { sql } from 'kysely';
import twilio from 'twilio';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { forbidden, notFound } from '../../http/errors';
import { clock } from '../../platform/clock';
import type { VisitEvents } from '../visit-events';

export type InboundOutcome = 'confirmed' | 'replayed' | 'not_a_confirmation' | 'unknown_number' | 'no_visit_in_window';

/**
 * Visit confirmation by SMS reply (spec 000 §4: 'The learner must confirm via SMS three days before the visit';
 * SECURITY.md SMS-04; docs/decisions/0029-visit-jobs-and-invites.md). Twilio posts each inbound text here:
 * - the X-Twilio-Signature over the public URL and the form parameters is checked with the `twilio` SDK (403);
 * - each MessageSid is stored once, in the transaction of its effect, so a replay changes nothing;
 * - only a number that is some learner's verified mobile (within 90 days) counts, and only for that learner's
 *   earliest open, unconfirmed visit inside the confirm window (3 days before until the start);
 * - the confirmation is a compare and swap that loses to the system's 21-hour cancellation (one outcome) and
 *   records 'visit.confirmed' once.
 * Without a Twilio auth token nothing can verify a signature: the route does not exist (404).
 */
export function createSmsInbound(d: { db: Database; config: Config; visitEvents: VisitEvents }) {
  return {
    async receive(input: { url: string; signature: string | undefined; params: Record<string, string>; now?: Date }): Promise<{
      outcome: InboundOutcome;
      reply: string | null;
      visitId: number | null;
    }> {
      const token = d.config.twilioAuthToken;
      if (!token) throw notFound();
      if (!input.signature || !twilio.validateRequest(token, input.signature, input.url, input.params)) throw forbidden();
      const now = input.now ?? clock.now();
      const sid = (input.params.MessageSid ?? input.params.SmsMessageSid ?? '').trim();
      const from = (input.params.From ?? '').trim();
      if (!sid || !from) return { outcome: 'not_a_confirmation', reply: null, visitId: null };

      return d.db.transaction().execute(async (trx) => {
        const fresh = await trx
          .insertInto('sms_inbound_messages')
          .values({ message_sid: sid.slice(0, 64), from_number: from.slice(0, 40), outcome: 'received' })
          .onConflict((oc) => oc.column('message_sid').doNothing())
          .returning('message_sid')
          .executeTakeFirst();
        if (!fresh) return { outcome: 'replayed' as const, reply: null, visitId: null };
        const settle = async (outcome: InboundOutcome, visitId: number | null = null) => {
          await trx
            .updateTable('sms_inbound_messages')
            .set({ outcome, visit_id: visitId })
            .where('message_sid', '=', sid.slice(0, 64))
            .execute();
        };

        if (!isConfirmReply(input.params.Body)) {
          await settle('not_a_confirmation');
          return { outcome: 'not_a_confirmation' as const, reply: null, visitId: null };
        }
        const owners = (
          await trx
            .selectFrom('users')
            .select(['id', 'mobile_verified_at'])
            .where('mobile_number', '=', from)
            .where('deleted_at', 'is', null)
            .execute()
        ).filter((u) => isMobileVerified(u.mobile_verified_at, now));
        if (!owners.length) {
          await settle('unknown_number');
          return { outcome: 'unknown_number' as const, reply: null, visitId: null };
        }
        const windowEnd = new Date(now.getTime() + VISIT_RULES.confirmWindowDays * 86_400_000);
        const visit = await trx
          .selectFrom('visits')
          .select(['id', 'partner_id', 'learner_user_id'])
          .where(
            'learner_user_id',
            'in',
            owners.map((o) => o.id),
          )
          .where('is_confirmed', '=', false)
          .where('is_canceled', '=', false)
          .where('is_complete', '=', false)
          .where('start_at', '>', now)
          .where('start_at', '<=', windowEnd)
          .orderBy('start_at')
          .orderBy('id')
          .limit(1)
          .executeTakeFirst();
        // Compare and swap: a visit cancelled (the 21-hour rule) or confirmed meanwhile stays as it is.
        const confirmed = visit
          ? await sql<{ id: number }>`
              UPDATE visits SET is_confirmed = true, confirmed_at = ${now}, updated_at = ${now}
              WHERE id = ${visit.id} AND NOT is_confirmed AND NOT is_canceled AND NOT is_complete
                AND start_at > ${now} AND start_at <= ${windowEnd}
              RETURNING id`.execute(trx)
          : null;
        if (!visit || !confirmed?.rows.length) {
          await settle('no_visit_in_window');
          return { outcome: 'no_visit_in_window' as const, reply: null, visitId: null };
        }
        await d.visitEvents.record(trx, {
          type: 'visit.confirmed',
          visit_id: visit.id,
          actor_user_id: visit.learner_user_id,
          payload: { via: 'sms' },
        });
        await trx
          .insertInto('audit_log')
          .values({
            action: 'visit.confirmed',
            actor_user_id: visit.learner_user_id,
            partner_id: visit.partner_id,
            target_type: 'visit',
            target_id: String(visit.id),
            ip: null,
            request_id: null,
            details: JSON.stringify({ via: 'sms', message_sid: sid.slice(0, 64) }),
          })
          .execute();
        await settle('confirmed', visit.id);
        return { outcome: 'confirmed' as const, reply: VISIT_TEXTS.confirmedBySms(), visitId: visit.id };
      });
    },
  };
}
export type SmsInbound = ReturnType<typeof createSmsInbound>;

/** A TwiML answer: an empty one, or one text back to the sender. */
export function twiml(reply: string | null): string {
  const xmlText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return `<?xml version="1.0" encoding="UTF-8"?><Response>${reply ? `<Message>${xmlText(reply)}</Message>` : ''}</Response>`;
}
