import { randomUUID } from 'node:crypto';
import {
  fullName,
  type ScorecardKind,
  type ScorecardVisitSummary,
  scorecardDocId,
  submittedNotice,
  type VisitScorecardDoc,
  visitClosed,
} from '@simvisit/schema';
import type { Executor } from '../../db/database';
import { clock } from '../../platform/clock';
import { formSnapshot } from '../scenario-forms';
import type { VisitEvents } from '../visit-events';
import {
  auditInTransaction,
  loadScorecardVisit,
  markSubmitted,
  observersOf,
  retireScorecard,
  type ScorecardVisitRow,
  scorecardsOf,
  writeScorecard,
} from './visit-scorecards.repository';

/*
 * Who has which scorecard document (docs/decisions/0030-visit-scorecards.md). Every change of a visit runs
 * `ensureScorecardDocs` inside its transaction (a visit-events listener wired in services.ts), so the documents
 * follow the visit: the SP gets the SP scorecard (feedback form), each assigned observer the observer scorecard,
 * the learner participant feedback, each while the scenario enables that form. A person no longer assigned, and
 * everyone on a canceled visit, no-show or learner technical issue, loses the documents they have not submitted;
 * submitted ones stay. The document carries the form as it was when the person was assigned.
 */

export function visitSummary(v: ScorecardVisitRow): ScorecardVisitSummary {
  return {
    scenario_id: String(v.scenario_id),
    scenario_title: v.scenario_title ?? '',
    patient_name: v.patient_name ?? '',
    learner_name: fullName(v.learner_first_name, v.learner_last_name),
    start_at: new Date(v.start_at).toISOString(),
  };
}

/** The people each form of the visit belongs to now. */
export function expectedAssignments(v: ScorecardVisitRow, observerIds: readonly number[]): { kind: ScorecardKind; user_id: number }[] {
  if (visitClosed(v)) return [];
  const out: { kind: ScorecardKind; user_id: number }[] = [];
  if (Number(v.is_feedback_form_enabled) === 1) out.push({ kind: 'feedback-form', user_id: v.sp_user_id });
  if (Number(v.is_scorecard_enabled) === 1) for (const id of observerIds) out.push({ kind: 'scorecard', user_id: id });
  if (Number(v.is_participant_feedback_enabled) === 1) out.push({ kind: 'participant-feedback', user_id: v.learner_user_id });
  return out;
}

/**
 * Brings the visit's scorecard documents in line with the visit (idempotent; writes only what changed). Call it
 * inside the transaction that changed the visit (the seed calls it for the visits it inserts).
 */
export async function ensureScorecardDocs(trx: Executor, visitId: number, now: Date = clock.now()): Promise<void> {
  const v = await loadScorecardVisit(trx, visitId);
  if (!v) return;
  const observers = await observersOf(trx, visitId);
  const expected = expectedAssignments(
    v,
    observers.map((o) => o.user_id),
  );
  const existing = await scorecardsOf(trx, visitId);
  const summary = visitSummary(v);
  const forms = new Map<ScorecardKind, Awaited<ReturnType<typeof formSnapshot>>>();
  const formOf = async (kind: ScorecardKind) => {
    let form = forms.get(kind);
    if (!form) {
      form = await formSnapshot(trx, v.scenario_id, kind);
      forms.set(kind, form);
    }
    return form;
  };

  for (const e of expected) {
    const id = scorecardDocId(visitId, e.kind, e.user_id);
    const row = existing.find((r) => r.id === id);
    if (row && !row._deleted) {
      // The visit moved (rescheduled, adjusted): the date on an open document follows.
      if (!row.submitted_at && row.doc.visit.start_at !== summary.start_at) {
        await writeScorecard(trx, { ...row.doc, visit: summary, write_id: randomUUID(), updated_at: now.toISOString() });
      }
      continue;
    }
    if (row?.submitted_at) continue;
    const doc: VisitScorecardDoc = {
      id,
      write_id: randomUUID(),
      _deleted: false,
      visit_id: visitId,
      kind: e.kind,
      user_id: e.user_id,
      visit: summary,
      form: await formOf(e.kind),
      responses: [],
      submitted_at: null,
      updated_at: now.toISOString(),
    };
    await writeScorecard(trx, doc);
  }

  for (const row of existing) {
    if (row._deleted || row.submitted_at) continue;
    if (expected.some((e) => e.kind === row.kind && e.user_id === row.user_id)) continue;
    await retireScorecard(trx, row.id);
  }
}

/** Runs ensureScorecardDocs for every visit event (registered once in services.ts). */
export function scorecardAssignmentsListener(visitEvents: VisitEvents): void {
  visitEvents.listen(async (trx, event) => {
    if (event.visit_id) await ensureScorecardDocs(trx, event.visit_id);
  });
}

const SUBMITTED_EVENT = {
  'feedback-form': 'visit.feedback_form_submitted',
  scorecard: 'visit.scorecard_submitted',
  'participant-feedback': 'visit.participant_feedback_submitted',
} as const;

/**
 * What a submission does, once, in the transaction that stores it (a push or a REST submit): the SP scorecard
 * marks the feedback form complete and completes the visit (spec 002 §4); an observer's scorecard marks them
 * complete, and the visit's scorecard once every observer is done; participant feedback marks it complete. The
 * visit event and the audit entry go with it.
 */
export async function applySubmission(
  trx: Executor,
  doc: VisitScorecardDoc,
  actor: { userId: number; partnerId: number | null },
  visitEvents: VisitEvents,
  now: Date = clock.now(),
): Promise<void> {
  const result = await markSubmitted(trx, doc.kind, doc.visit_id, doc.user_id, now);
  const payload = { kind: doc.kind, scorecard_id: doc.id, user_id: doc.user_id };
  const t = trx as Parameters<VisitEvents['record']>[0];
  await visitEvents.record(t, { type: SUBMITTED_EVENT[doc.kind], visit_id: doc.visit_id, actor_user_id: actor.userId, payload });
  if (result.completedVisit) {
    await visitEvents.record(t, {
      type: 'visit.completed',
      visit_id: doc.visit_id,
      actor_user_id: actor.userId,
      payload: { by: 'feedback-form' },
    });
  }
  await auditInTransaction(trx, {
    action: 'visit.scorecard_submitted',
    actor_user_id: actor.userId,
    partner_id: actor.partnerId,
    target_type: 'visit',
    target_id: doc.visit_id,
    details: {
      ...payload,
      notice: submittedNotice(doc.kind),
      completed_visit: result.completedVisit,
      all_observers_done: result.allObserversDone,
    },
  });
}
