import type { Transaction } from 'kysely';
import type { DB } from '../../db/types';

/**
 * What happened to a visit request or a visit. Every service that changes one records its event in the same
 * transaction (a transactional outbox): the job runner later sends each event's invites (.ics), texts and
 * notifications exactly once, and in-transaction listeners (the scorecard assignments) keep derived rows in step.
 */
export const VISIT_EVENT_TYPES = [
  'request.created',
  'request.canceled',
  'request.rescheduled',
  'request.expired',
  'visit.scheduled',
  'visit.canceled',
  'visit.confirmed',
  'visit.confirmation_requested',
  'visit.reminder',
  'visit.rescheduled',
  'visit.adjusted',
  'visit.transferred',
  'visit.completed',
  'visit.no_show',
  'visit.technical_issue',
  'visit.observer_added',
  'visit.observer_removed',
  // Scorecard submissions (features/visit-scorecards): the SP scorecard, an observer's scorecard, participant feedback.
  'visit.feedback_form_submitted',
  'visit.scorecard_submitted',
  'visit.participant_feedback_submitted',
] as const;
export type VisitEventType = (typeof VISIT_EVENT_TYPES)[number];

export interface VisitEvent {
  type: VisitEventType;
  request_id?: number | null;
  visit_id?: number | null;
  /** the person who caused it; null for the system (timed rules) */
  actor_user_id?: number | null;
  payload?: Record<string, unknown>;
}

/** Runs inside the transaction of the change; a throw rolls the change back. */
export type VisitEventListener = (trx: Transaction<DB>, event: VisitEvent) => Promise<void>;

export function createVisitEvents() {
  const listeners: VisitEventListener[] = [];
  return {
    /** Adds a listener run in the same transaction as every recorded event (wired once in services.ts). */
    listen(listener: VisitEventListener) {
      listeners.push(listener);
    },
    /** Records the event with the change (call inside the change's transaction). */
    async record(trx: Transaction<DB>, event: VisitEvent): Promise<void> {
      await trx
        .insertInto('visit_events')
        .values({
          type: event.type,
          request_id: event.request_id ?? null,
          visit_id: event.visit_id ?? null,
          actor_user_id: event.actor_user_id ?? null,
          payload: JSON.stringify(event.payload ?? {}),
        })
        .execute();
      for (const listener of listeners) await listener(trx, event);
    },
  };
}
export type VisitEvents = ReturnType<typeof createVisitEvents>;
