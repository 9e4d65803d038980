import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/database';
import type { DB } from '../../db/types';

/** The advisory-lock class of the visit jobs ('SV'); the job number is the second key. */
const LOCK_CLASS = 0x5356;
export const JOB_LOCKS = { autoCancel: 1, confirmationRequests: 2, reminders: 3 } as const;

const HOUR_MS = 3_600_000;

/** What a timed rule changed on one visit. */
export interface TouchedVisit {
  id: number;
  partner_id: number;
  learner_user_id: number;
}

/**
 * The SQL of the timed visit rules (docs/decisions/0029-visit-jobs-and-invites.md). Each rule is one UPDATE whose
 * candidates are locked with FOR UPDATE SKIP LOCKED and whose outer WHERE repeats the condition (compare and
 * swap): a visit changed meanwhile (confirmed by the learner, cancelled) is left alone, and two runners never
 * act on the same visit twice. Times are instants: no daylight-saving arithmetic happens here.
 */
export function createVisitJobsRepository(db: Database) {
  return {
    transaction: <T>(fn: (trx: Transaction<DB>) => Promise<T>) => db.transaction().execute(fn),

    /** Single flight: only one runner holds a job's lock until its transaction ends; others skip the round. */
    async tryLock(trx: Transaction<DB>, job: number): Promise<boolean> {
      const { rows } = await sql<{ locked: boolean }>`SELECT pg_try_advisory_xact_lock(${LOCK_CLASS}::int, ${job}::int) AS locked`.execute(
        trx,
      );
      return rows[0]?.locked === true;
    },

    /** Unconfirmed open visits at start − 21 h or later: cancelled by the system (no canceling user). */
    async autoCancel(trx: Transaction<DB>, now: Date, cancelHours: number, limit: number): Promise<TouchedVisit[]> {
      const due = new Date(now.getTime() + cancelHours * HOUR_MS);
      const { rows } = await sql<TouchedVisit>`
        UPDATE visits SET is_canceled = true, canceled_at = ${now}, canceled_by_user_id = NULL, is_sp_cancellation = false,
          updated_at = ${now}
        WHERE id IN (
          SELECT id FROM visits
          WHERE NOT is_confirmed AND NOT is_canceled AND NOT is_complete AND NOT no_show AND NOT learner_technical_issue
            AND start_at <= ${due}
          ORDER BY start_at, id
          LIMIT ${limit}
          FOR UPDATE SKIP LOCKED
        )
          AND NOT is_confirmed AND NOT is_canceled AND NOT is_complete
        RETURNING id, partner_id, learner_user_id`.execute(trx);
      return rows;
    },

    /** Unconfirmed open visits inside the confirm window that will not be cancelled first: ask once. */
    async requestConfirmations(
      trx: Transaction<DB>,
      now: Date,
      windowDays: number,
      cancelHours: number,
      limit: number,
    ): Promise<TouchedVisit[]> {
      const windowEnd = new Date(now.getTime() + windowDays * 24 * HOUR_MS);
      const cancelBound = new Date(now.getTime() + cancelHours * HOUR_MS);
      const { rows } = await sql<TouchedVisit>`
        UPDATE visits SET confirmation_requested_at = ${now}, updated_at = ${now}
        WHERE id IN (
          SELECT id FROM visits
          WHERE NOT is_confirmed AND NOT is_canceled AND NOT is_complete AND NOT no_show AND NOT learner_technical_issue
            AND confirmation_requested_at IS NULL
            AND start_at <= ${windowEnd} AND start_at > ${cancelBound}
          ORDER BY start_at, id
          LIMIT ${limit}
          FOR UPDATE SKIP LOCKED
        )
          AND confirmation_requested_at IS NULL AND NOT is_confirmed AND NOT is_canceled AND NOT is_complete
        RETURNING id, partner_id, learner_user_id`.execute(trx);
      return rows;
    },

    /** Confirmed open visits starting within the reminder lead: remind once. */
    async remind(trx: Transaction<DB>, now: Date, leadHours: number, limit: number): Promise<TouchedVisit[]> {
      const due = new Date(now.getTime() + leadHours * HOUR_MS);
      const { rows } = await sql<TouchedVisit>`
        UPDATE visits SET reminder_sent_at = ${now}, updated_at = ${now}
        WHERE id IN (
          SELECT id FROM visits
          WHERE is_confirmed AND NOT is_canceled AND NOT is_complete AND NOT no_show AND NOT learner_technical_issue
            AND reminder_sent_at IS NULL
            AND start_at <= ${due} AND start_at > ${now}
          ORDER BY start_at, id
          LIMIT ${limit}
          FOR UPDATE SKIP LOCKED
        )
          AND reminder_sent_at IS NULL AND NOT is_canceled AND NOT is_complete
        RETURNING id, partner_id, learner_user_id`.execute(trx);
      return rows;
    },

    /** The audit row of a system change, written in the change's transaction. */
    async audit(trx: Transaction<DB>, action: string, visit: TouchedVisit, details: Record<string, unknown>): Promise<void> {
      await trx
        .insertInto('audit_log')
        .values({
          action,
          actor_user_id: null,
          partner_id: visit.partner_id,
          target_type: 'visit',
          target_id: String(visit.id),
          ip: null,
          request_id: null,
          details: JSON.stringify(details),
        })
        .execute();
    },
  };
}
export type VisitJobsRepository = ReturnType<typeof createVisitJobsRepository>;
