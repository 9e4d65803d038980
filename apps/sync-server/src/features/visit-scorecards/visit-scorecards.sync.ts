import {
  alreadySubmittedMessage,
  checkScorecardResponses,
  VISIT_SCORECARD_MESSAGES as M,
  REPLICATED,
  sameServerFields,
  submissionRefusal,
  type VisitScorecardDoc,
} from '@simvisit/schema';
import { sql } from 'kysely';
import { clock } from '../../platform/clock';
import { ForbiddenWrite, ownerAudience, type SyncCollection } from '../../sync/sync-collection';
import type { VisitEvents } from '../visit-events';
import { applySubmission } from './visit-scorecards.assignments';
import { formEnabled, loadScorecardVisit, observersOf, scorecardColumns } from './visit-scorecards.repository';

declare module '../../sync/sync-collection' {
  interface SyncWriteContext {
    /** visit events, recorded by a scorecard submission in the push's transaction */
    visitEvents: VisitEvents;
  }
}

type Refusal = Record<string, string[]> | null;

/** Whether the person is still the one the document is for (the SP, an assigned observer, the learner). */
async function stillAssigned(trx: Parameters<NonNullable<SyncCollection['validate']>>[3], doc: VisitScorecardDoc) {
  const v = await loadScorecardVisit(trx, doc.visit_id);
  if (!v) return { v, assigned: false };
  if (doc.kind === 'feedback-form') return { v, assigned: v.sp_user_id === doc.user_id };
  if (doc.kind === 'participant-feedback') return { v, assigned: v.learner_user_id === doc.user_id };
  return { v, assigned: (await observersOf(trx, doc.visit_id)).some((o) => o.user_id === doc.user_id) };
}

/**
 * Offline scoring (DESIGN.md §5, issue 5 item 8; decision 0030): each person's scorecard documents replicate
 * to their devices only. The server creates them; the person changes the answers and submits (sets
 * `submitted_at`), on or off line. A push is judged on the stored document (REP-01, REP-02): another person's
 * document, a new document or a change to anything but the answers refuses the whole batch (403); answers the
 * form cannot take, a submission with open questions (VAL-06), a second submission, or one the visit no longer
 * allows come back to the person with the reason. A submission's completion runs once, in the push's
 * transaction (a repeated write id never reaches it).
 */
export const visitScorecardsCollection: SyncCollection<VisitScorecardDoc> = {
  // name, document schema and access: the shared descriptor, which the PWA's store opens too
  name: REPLICATED.visit_scorecards.name,
  table: 'visit_scorecards',
  schema: REPLICATED.visit_scorecards.schema,
  access: REPLICATED.visit_scorecards.access,
  scope: (actor) => sql<boolean>`user_id = ${actor.user.id}`,
  audience: ownerAudience('visit_scorecards'),
  authorizeWrite(actor, stored, incoming) {
    if (!stored) throw new ForbiddenWrite(M.createdByServer);
    if (stored.user_id !== actor.user.id || incoming.user_id !== actor.user.id) throw new ForbiddenWrite(M.notAssigned);
    if (!sameServerFields(stored, incoming)) throw new ForbiddenWrite(M.serverOwned);
    if (incoming._deleted && !stored._deleted) throw new ForbiddenWrite(M.serverOwned);
  },
  async validate(_actor, incoming, stored, trx): Promise<Refusal> {
    if (!stored) return { id: [M.createdByServer] };
    if (stored.submitted_at) return { submitted_at: [alreadySubmittedMessage(stored.kind)] };
    if (stored._deleted) {
      const v = await loadScorecardVisit(trx, stored.visit_id);
      return { id: [v && (v.is_canceled || v.no_show || v.learner_technical_issue) ? M.visitClosed : M.noLongerAssigned] };
    }
    const submitting = incoming.submitted_at !== null;
    if (submitting && Number.isNaN(Date.parse(incoming.submitted_at!))) return { submitted_at: ['The submission time is not valid.'] };
    const checked = checkScorecardResponses(stored.kind, stored.form.items, incoming.responses, submitting);
    if (checked.errors) return checked.errors;
    if (!submitting) return null;
    const { v, assigned } = await stillAssigned(trx, stored);
    if (!v || !assigned) return { submitted_at: [M.noLongerAssigned] };
    if (!formEnabled(v, stored.kind)) return { submitted_at: [M.notEnabled] };
    const refusal = submissionRefusal(stored.kind, v, clock.now());
    return refusal ? { submitted_at: [refusal] } : null;
  },
  columns: scorecardColumns,
  async afterWrite(actor, doc, stored, trx, context) {
    if (stored?.submitted_at || !doc.submitted_at) return;
    await applySubmission(trx, doc, { userId: actor.user.id, partnerId: actor.partnerId }, context.visitEvents);
  },
};
