import { VISIT_REMINDER_HOURS, VISIT_RULES, type VisitJobsRun } from '@simvisit/schema';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/types';
import { clock } from '../../platform/clock';
import type { VisitEvents } from '../visit-events';
import type { VisitMessages } from '../visit-messages';
import { JOB_LOCKS, type TouchedVisit, type VisitJobsRepository } from './visit-jobs.repository';

/** Visits one transaction of a rule handles; a rule repeats until it finds fewer. */
const BATCH = 100;
/** A safety stop for one run of one rule (the next run goes on). */
const MAX_BATCHES = 50;

/**
 * The timed visit rules of issue 5 item 6 (DESIGN.md §4 Jobs; spec 002 §4; SECURITY.md LOAD-06), safe with several
 * server processes: every rule runs in transactions that take its advisory lock (pg_try_advisory_xact_lock, single
 * flight) and change each visit by compare and swap, recording the visit event in the same transaction; the
 * event processor then sends the messages of each event once. `now` is a parameter so tests need no clock.
 */
export function createVisitJobs(d: {
  repo: VisitJobsRepository;
  visitEvents: VisitEvents;
  visitMessages: VisitMessages;
  /** expiry of pending visit requests (features/visit-requests); it owns its own compare-and-swap */
  visitRequests: { expireDue(now: Date): Promise<number> };
  /** rotation of brand passcodes (features/brand-passwords); it owns its own compare-and-swap */
  brandPasswords: { rotateDue(now: Date): Promise<number[]> };
  /** the recruitment rules that share this runner (decision 0060): each owns its own compare-and-swap */
  interviewRequests: { expireDue(now: Date): Promise<number> };
  applicants: { removeUnconfirmed(now: Date): Promise<number> };
}) {
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

  return {
    /**
     * One run of every rule, then the messages of every due event. Auto-cancel goes first, so a visit it cancels
     * gets no reminder. A failing rule does not stop the others; its error is in the summary (and logged).
     */
    async runDue(now: Date = clock.now()): Promise<VisitJobsRun> {
      const run: VisitJobsRun = {
        autoCanceled: [],
        confirmationRequested: [],
        reminded: [],
        requestsExpired: 0,
        passcodesRotated: [],
        interviewRequestsExpired: 0,
        unconfirmedApplicantsRemoved: 0,
        events: { processed: 0, failed: 0 },
        skipped: [],
        errors: [],
      };
      const attempt = async (name: string, fn: () => Promise<void>) => {
        try {
          await fn();
        } catch (err) {
          const message = `${name}: ${err instanceof Error ? err.message : String(err)}`;
          console.error('[visit-jobs]', message);
          run.errors.push(message);
        }
      };
      const take = (name: string, ids: number[] | null, into: number[]) => {
        if (ids === null) run.skipped.push(name);
        else into.push(...ids);
      };
      await attempt('auto-cancel', async () => take('auto-cancel', await autoCancel(now), run.autoCanceled));
      await attempt('confirmation requests', async () =>
        take('confirmation requests', await requestConfirmations(now), run.confirmationRequested),
      );
      await attempt('reminders', async () => take('reminders', await reminders(now), run.reminded));
      await attempt('request expiry', async () => {
        run.requestsExpired = await d.visitRequests.expireDue(now);
      });
      await attempt('passcode rotation', async () => {
        run.passcodesRotated = await d.brandPasswords.rotateDue(now);
      });
      await attempt('interview request expiry', async () => {
        run.interviewRequestsExpired = await d.interviewRequests.expireDue(now);
      });
      await attempt('unconfirmed applicants', async () => {
        run.unconfirmedApplicantsRemoved = await d.applicants.removeUnconfirmed(now);
      });
      await attempt('messages', async () => {
        run.events = await d.visitMessages.processDue(now);
      });
      return run;
    },
    /** Only the messages of due events (run more often than the rules, so invites go out within seconds). */
    processEvents: (now: Date = clock.now()) => d.visitMessages.processDue(now),
  };
}
export type VisitJobs = ReturnType<typeof createVisitJobs>;
