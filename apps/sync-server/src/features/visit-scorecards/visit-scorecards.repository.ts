import { randomUUID } from 'node:crypto';
import type { ScorecardKind, VisitScorecardDoc } from '@simvisit/schema';
import { sql } from 'kysely';
import type { Executor } from '../../db/database';
import { insertAuditEntry } from '../../platform/audit';

/** A visit as the scorecards need it: its flags, its people and its scenario's form settings. */
export interface ScorecardVisitRow {
  id: number;
  partner_id: number;
  scenario_id: string;
  learner_user_id: number;
  sp_user_id: number;
  start_at: Date;
  is_complete: boolean;
  completed_at: Date | null;
  is_canceled: boolean;
  no_show: boolean;
  learner_technical_issue: boolean;
  is_scorecard_complete: boolean;
  is_feedback_form_complete: boolean;
  is_participant_feedback_complete: boolean;
  scenario_title: string | null;
  patient_name: string | null;
  is_scorecard_enabled: number;
  is_feedback_form_enabled: number;
  is_participant_feedback_enabled: number;
  scorecard_display_type_id: number;
  learner_first_name: string;
  learner_last_name: string;
}

/** Whether the scenario enables this form now. */
export function formEnabled(v: ScorecardVisitRow, kind: ScorecardKind): boolean {
  const column =
    kind === 'feedback-form'
      ? v.is_feedback_form_enabled
      : kind === 'scorecard'
        ? v.is_scorecard_enabled
        : v.is_participant_feedback_enabled;
  return Number(column) === 1;
}

export interface StoredScorecard {
  id: string;
  kind: ScorecardKind;
  user_id: number;
  submitted_at: Date | null;
  _deleted: boolean;
  doc: VisitScorecardDoc;
  first_name: string;
  last_name: string;
}

/** The visit; `lock` holds its row until the transaction ends. */
export async function loadScorecardVisit(ex: Executor, visitId: number, lock = false): Promise<ScorecardVisitRow | undefined> {
  let q = ex
    .selectFrom('visits')
    .innerJoin('scenarios', 'scenarios.id', 'visits.scenario_id')
    .innerJoin('users as learner', 'learner.id', 'visits.learner_user_id')
    .select([
      'visits.id',
      'visits.partner_id',
      'visits.scenario_id',
      'visits.learner_user_id',
      'visits.sp_user_id',
      'visits.start_at',
      'visits.is_complete',
      'visits.completed_at',
      'visits.is_canceled',
      'visits.no_show',
      'visits.learner_technical_issue',
      'visits.is_scorecard_complete',
      'visits.is_feedback_form_complete',
      'visits.is_participant_feedback_complete',
      'scenarios.title as scenario_title',
      'scenarios.patient_name',
      'scenarios.is_scorecard_enabled',
      'scenarios.is_feedback_form_enabled',
      'scenarios.is_participant_feedback_enabled',
      'scenarios.scorecard_display_type_id',
      'learner.first_name as learner_first_name',
      'learner.last_name as learner_last_name',
    ])
    .where('visits.id', '=', visitId);
  if (lock) q = q.forUpdate('visits');
  return q.executeTakeFirst();
}

export async function observersOf(ex: Executor, visitId: number): Promise<{ user_id: number; is_complete: boolean }[]> {
  return ex.selectFrom('visit_observers').select(['user_id', 'is_complete']).where('visit_id', '=', visitId).orderBy('id').execute();
}

/** Every scorecard document of the visit (deleted ones too), with the scorer's name, oldest submission first. */
export async function scorecardsOf(ex: Executor, visitId: number): Promise<StoredScorecard[]> {
  const rows = await ex
    .selectFrom('visit_scorecards')
    .innerJoin('users', 'users.id', 'visit_scorecards.user_id')
    .select([
      'visit_scorecards.id',
      'visit_scorecards.kind',
      'visit_scorecards.user_id',
      'visit_scorecards.submitted_at',
      'visit_scorecards._deleted',
      'visit_scorecards.doc',
      'users.first_name',
      'users.last_name',
    ])
    .where('visit_scorecards.visit_id', '=', visitId)
    .orderBy('visit_scorecards.submitted_at', (ob) => ob.asc().nullsLast())
    .orderBy('visit_scorecards.id')
    .execute();
  return rows.map((r) => ({ ...r, doc: r.doc as VisitScorecardDoc }));
}

/** One document, locked for the rest of the transaction. */
export async function lockScorecard(ex: Executor, id: string): Promise<{ doc: VisitScorecardDoc; _deleted: boolean } | undefined> {
  const row = await ex.selectFrom('visit_scorecards').select(['doc', '_deleted']).where('id', '=', id).forUpdate().executeTakeFirst();
  return row ? { doc: row.doc as VisitScorecardDoc, _deleted: row._deleted } : undefined;
}

/** Columns derived from a document (the document itself is stored in `doc`, exactly as written). */
export function scorecardColumns(doc: VisitScorecardDoc) {
  const submitted = doc.submitted_at ? new Date(doc.submitted_at) : null;
  return {
    visit_id: doc.visit_id,
    kind: doc.kind,
    user_id: doc.user_id,
    submitted_at: submitted && !Number.isNaN(submitted.getTime()) ? submitted : null,
  };
}

/** A document the server writes (created, revived, summary changed, deleted, or submitted through REST). */
export async function writeScorecard(ex: Executor, doc: VisitScorecardDoc): Promise<void> {
  const columns = scorecardColumns(doc);
  await ex
    .insertInto('visit_scorecards')
    .values({ id: doc.id, doc: JSON.stringify(doc), _deleted: doc._deleted, ...columns, created_at: new Date(), updated_at: new Date() })
    .onConflict((oc) =>
      oc.column('id').doUpdateSet({ doc: JSON.stringify(doc), _deleted: doc._deleted, ...columns, updated_at: new Date() }),
    )
    .execute();
}

/**
 * Soft-deletes a document nobody submitted (a person no longer assigned, a canceled visit). The condition is
 * evaluated again on the locked row, so a submission that commits first is never deleted.
 */
export async function retireScorecard(ex: Executor, id: string): Promise<void> {
  await ex
    .updateTable('visit_scorecards')
    .set({
      _deleted: true,
      doc: sql`doc || jsonb_build_object('_deleted', true, 'write_id', ${randomUUID()}::text, 'updated_at', ${new Date().toISOString()}::text)`,
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .where('submitted_at', 'is', null)
    .where('_deleted', '=', false)
    .execute();
}

/** The completion a submission makes (spec 002 §4), inside the submission's transaction. */
export async function markSubmitted(
  ex: Executor,
  kind: ScorecardKind,
  visitId: number,
  userId: number,
  now: Date,
): Promise<{ completedVisit: boolean; allObserversDone: boolean }> {
  if (kind === 'feedback-form') {
    const before = await ex.selectFrom('visits').select('is_complete').where('id', '=', visitId).forUpdate().executeTakeFirstOrThrow();
    await ex
      .updateTable('visits')
      .set({ is_feedback_form_complete: true, is_complete: true, completed_at: sql`COALESCE(completed_at, ${now})`, updated_at: now })
      .where('id', '=', visitId)
      .execute();
    return { completedVisit: !before.is_complete, allObserversDone: false };
  }
  if (kind === 'participant-feedback') {
    await ex.updateTable('visits').set({ is_participant_feedback_complete: true, updated_at: now }).where('id', '=', visitId).execute();
    return { completedVisit: false, allObserversDone: false };
  }
  await ex
    .updateTable('visit_observers')
    .set({ is_complete: true, completed_at: now })
    .where('visit_id', '=', visitId)
    .where('user_id', '=', userId)
    .execute();
  const open = await ex
    .selectFrom('visit_observers')
    .select('id')
    .where('visit_id', '=', visitId)
    .where('is_complete', '=', false)
    .executeTakeFirst();
  if (!open) await ex.updateTable('visits').set({ is_scorecard_complete: true, updated_at: now }).where('id', '=', visitId).execute();
  return { completedVisit: false, allObserversDone: !open };
}

/** The audit entry of a scorecard change, written with the change. */
export const auditInTransaction = insertAuditEntry;
