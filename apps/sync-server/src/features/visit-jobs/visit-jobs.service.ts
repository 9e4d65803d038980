import { VISIT_REMINDER_HOURS, VISIT_RULES } from '@simvisit/schema';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/types';
import type { VisitEvents } from '../visit-events';
import { JOB_LOCKS, type TouchedVisit, type VisitJobsRepository } from './visit-jobs.repository';

/** Visits one transaction of a rule handles; a rule repeats until it finds fewer. */
const BATCH = 100;
/** A safety stop for one run of one rule (the next run goes on). */
const MAX_BATCHES = 50;

/**
 * The timed visit rules of issue 5 item 6 (DESIGN.md §4 Jobs; spec 002 §4; SECURITY.md LOAD-06), safe with several
 * server processes: every rule runs in transactions that take its advisory lock (pg_try_advisory_xact_lock, single
 * flight) and change each visit by compare and swap, recording the visit event in the same transaction; visit
 * messages then send the messages of each event once. The module declares them as timed jobs (index.ts), run by
 * platform/jobs; `now` is a parameter so tests need no clock. Each answers null when another runner holds its lock.
 */
export function createVisitJobs(d: { repo: VisitJobsRepository; visitEvents: VisitEvents }) {
  const { repo } = d;

  /** Runs one rule in locked batches; null when another runner holds the rule's lock. */
  async function rule(
    lock: number,
    change: (trx: Transaction<DB>) => Promise<TouchedVisit[]>,
    record: (trx: Transaction<DB>, visit: TouchedVisit) => Promise<void>,
  ): Promise<number[] | null> {
    const ids: number[] = [];
    for (let i = 0; i < MAX_BATCHES; i++) {
      const batch = await repo.transaction(async (trx) => {
        if (!(await repo.tryLock(trx, lock))) return null;
        const touched = await change(trx);
        for (const visit of touched) await record(trx, visit);
        return touched;
      });
      if (batch === null) return ids.length ? ids : null;
      ids.push(...batch.map((v) => v.id));
      if (batch.length < BATCH) break;
    }
    return ids;
  }

  async function autoCancel(now: Date) {
    return rule(
      JOB_LOCKS.autoCancel,
      (trx) => repo.autoCancel(trx, now, VISIT_RULES.autoCancelHours, BATCH),
      async (trx, visit) => {
        await d.visitEvents.record(trx, { type: 'visit.canceled', visit_id: visit.id, actor_user_id: null, payload: { reason: 'system' } });
        await repo.audit(trx, 'visit.canceled', visit, { reason: 'system', rule: 'unconfirmed 21 hours before start' });
      },
    );
  }

  async function requestConfirmations(now: Date) {
    return rule(
      JOB_LOCKS.confirmationRequests,
      (trx) => repo.requestConfirmations(trx, now, VISIT_RULES.confirmWindowDays, VISIT_RULES.autoCancelHours, BATCH),
      async (trx, visit) => {
        await d.visitEvents.record(trx, { type: 'visit.confirmation_requested', visit_id: visit.id, actor_user_id: null });
        await repo.audit(trx, 'visit.confirmation_requested', visit, {});
      },
    );
  }

  async function reminders(now: Date) {
    return rule(
      JOB_LOCKS.reminders,
      (trx) => repo.remind(trx, now, VISIT_REMINDER_HOURS, BATCH),
      async (trx, visit) => {
        await d.visitEvents.record(trx, { type: 'visit.reminder', visit_id: visit.id, actor_user_id: null });
        await repo.audit(trx, 'visit.reminder', visit, {});
      },
    );
  }

  return { autoCancel, requestConfirmations, reminders };
}
export type VisitJobs = ReturnType<typeof createVisitJobs>;
