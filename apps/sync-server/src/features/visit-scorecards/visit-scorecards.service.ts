import { randomUUID } from 'node:crypto';
import {
  alreadySubmittedMessage,
  checkScorecardResponses,
  displayParts,
  type FilledForm,
  firstMessage,
  fullName,
  VISIT_SCORECARD_MESSAGES as M,
  mergeScorecards,
  parseId,
  participantFeedbackAvailable,
  SCORECARD_STAFF_ROLES,
  SCORECARD_TITLES,
  type ScorecardAudience,
  type ScorecardKind,
  type ScorecardView,
  type SubmitScorecardRequest,
  scorecardDocId,
  scorecardTabs,
  submissionRefusal,
  submittedNotice,
  type VisitScorecardResponse,
} from '@simvisit/schema';
import type { Database } from '../../db/database';
import { conflict, notFound, unprocessable } from '../../http/errors';
import type { Actor } from '../../platform/actor';
import type { AuditService } from '../../platform/audit';
import { clock } from '../../platform/clock';
import type { ObjectAccess } from '../users';
import { approvedRolesAt, isClientAdminOf } from '../users';
import type { VisitEvents } from '../visit-events';
import { applySubmission, ensureScorecardDocs } from './visit-scorecards.assignments';
import {
  formEnabled,
  loadScorecardVisit,
  lockScorecard,
  observersOf,
  type ScorecardVisitRow,
  type StoredScorecard,
  scorecardsOf,
  writeScorecard,
} from './visit-scorecards.repository';

interface Deps {
  /** the one 403-or-404 refusal of an object (users' object access) */
  objectAccess: ObjectAccess;
  db: Database;
  audit: AuditService;
  visitEvents: VisitEvents;
}

type Relation = { audience: 'scorer'; kind: ScorecardKind } | { audience: 'learner' } | { audience: 'staff' };

const ONLY: Record<ScorecardKind, string> = {
  'feedback-form': M.onlySp,
  scorecard: M.onlyObserver,
  'participant-feedback': M.onlyLearner,
};

/** A visit id of the address: anything else is a visit that does not exist. */
function visitIdOf(raw: string | number): number {
  const id = parseId(raw);
  if (id === null) throw notFound(M.notFound);
  return id;
}

/**
 * The visit scorecard calls of spec 001 §7 'Visit submissions' and spec 002 §2.3, §7 (decision 0030): the page's
 * load with its view value, and the three submits. Answers are checked by the shared rules of packages/schema
 * (the push of offline answers uses the same ones). A caller who may not see the visit gets 403 when they belong
 * to its partner and 404 otherwise (AUTHZ-03), audited.
 */
export function createVisitScorecardsService(d: Deps) {
  const { db } = d;

  async function relationOf(actor: Actor, v: ScorecardVisitRow): Promise<Relation | null> {
    const uid = actor.user.id;
    if (v.sp_user_id === uid) return { audience: 'scorer', kind: 'feedback-form' };
    if ((await observersOf(db, v.id)).some((o) => o.user_id === uid)) return { audience: 'scorer', kind: 'scorecard' };
    if (v.learner_user_id === uid) return { audience: 'learner' };
    if (actor.user.super_admin) return { audience: 'staff' };
    const roles = await approvedRolesAt(db, uid, v.partner_id);
    if (roles.some((r) => SCORECARD_STAFF_ROLES.includes(r)) || (await isClientAdminOf(db, uid, v.partner_id)))
      return { audience: 'staff' };
    return null;
  }

  /** Refuses the caller (AUTHZ-03): 403 at the visit's partner, 404 elsewhere; audited. */
  const deny = (actor: Actor, v: ScorecardVisitRow, action: string, message: string = M.noAccess): Promise<never> =>
    d.objectAccess.refuse(actor, {
      partnerId: v.partner_id,
      type: 'visit',
      id: v.id,
      attempted: action,
      forbiddenMessage: message,
      notFoundMessage: M.notFound,
    });

  async function visitOf(raw: string | number): Promise<ScorecardVisitRow> {
    const v = await loadScorecardVisit(db, visitIdOf(raw));
    if (!v) throw notFound(M.notFound);
    return v;
  }

  function filled(s: StoredScorecard, opts: { answers: boolean; named: boolean }): FilledForm {
    return {
      kind: s.kind,
      title: SCORECARD_TITLES[s.kind],
      instructions: s.doc.form.instructions,
      items: s.doc.form.items,
      responses: opts.answers ? s.doc.responses : [],
      submitted_at: s.doc.submitted_at,
      scorer_name: opts.named ? fullName(s) : null,
    };
  }

  /** The page's answer for this caller (docs must exist: call after ensureScorecardDocs). */
  async function page(actor: Actor, v: ScorecardVisitRow, relation: Relation): Promise<VisitScorecardResponse> {
    const docs = (await scorecardsOf(db, v.id)).filter((s) => !s._deleted || s.submitted_at);
    const live = docs.filter((s) => !s._deleted);
    const sp =
      live.find((s) => s.kind === 'feedback-form' && s.user_id === v.sp_user_id) ??
      docs.find((s) => s.kind === 'feedback-form' && s.submitted_at);
    const observers = docs.filter((s) => s.kind === 'scorecard' && s.submitted_at);
    const participant = docs.find((s) => s.kind === 'participant-feedback' && s.user_id === v.learner_user_id);
    const participantEnabled = Number(v.is_participant_feedback_enabled) === 1;
    const available = participantFeedbackAvailable(v, participantEnabled);

    let view: ScorecardView;
    let audience: ScorecardAudience = relation.audience;
    let mine: StoredScorecard | undefined;
    let feedbackForm: FilledForm | null = null;
    let observerForms: FilledForm[] = [];
    let merged: ReturnType<typeof mergeScorecards> | null = null;
    let participantForm: FilledForm | null = null;

    if (relation.audience === 'scorer') {
      mine =
        live.find((s) => s.kind === relation.kind && s.user_id === actor.user.id) ??
        docs.find((s) => s.kind === relation.kind && s.user_id === actor.user.id);
      view = mine && !mine.submitted_at ? 'form' : 'observer_complete';
      if (mine?.kind === 'feedback-form') feedbackForm = filled(mine, { answers: true, named: false });
      if (mine?.kind === 'scorecard') observerForms = [filled(mine, { answers: true, named: false })];
    } else {
      view = 'learner_complete';
      const staff = relation.audience === 'staff';
      const parts = staff ? { sp: true, individual: true, merged: true } : displayParts(v.scorecard_display_type_id);
      // Nobody else sees answers in progress: an SP scorecard not yet submitted shows as pending.
      if (parts.sp && sp) feedbackForm = filled(sp, { answers: Boolean(sp.submitted_at), named: false });
      if (parts.individual) observerForms = observers.map((s) => filled(s, { answers: true, named: staff }));
      if (parts.merged && observers.length > 0)
        merged = mergeScorecards(
          observers[0]!.doc.form.items,
          observers.map((s) => s.doc),
        );
      if (participant && (relation.audience === 'learner' ? participantEnabled || participant.submitted_at : participant.submitted_at)) {
        participantForm = filled(participant, {
          answers: relation.audience === 'learner' || Boolean(participant.submitted_at),
          named: false,
        });
      }
      audience = relation.audience;
    }

    const tabs = scorecardTabs({
      view,
      audience,
      displayTypeId: v.scorecard_display_type_id,
      ownKind: mine?.kind ?? null,
      sp: feedbackForm !== null,
      observerCount: observers.length,
      participant: participantForm !== null,
    });
    return {
      view,
      audience,
      visit: {
        id: v.id,
        scenario_id: Number(v.scenario_id),
        scenario_title: v.scenario_title ?? '',
        patient_name: v.patient_name ?? '',
        learner_name: fullName(v.learner_first_name, v.learner_last_name),
        start_at: new Date(v.start_at).toISOString(),
        is_complete: v.is_complete,
        is_canceled: v.is_canceled,
        no_show: v.no_show,
        learner_technical_issue: v.learner_technical_issue,
        is_scorecard_complete: v.is_scorecard_complete,
        is_feedback_form_complete: v.is_feedback_form_complete,
        is_participant_feedback_complete: v.is_participant_feedback_complete,
        is_participant_feedback_enabled: participantEnabled,
        scorecard_display_type_id: v.scorecard_display_type_id,
        feedback_form: feedbackForm,
        observer_scorecards: observerForms,
        merged,
        participant_feedback: participantForm,
      },
      my_scorecard: mine ? { doc_id: mine.id, kind: mine.kind, submitted_at: mine.doc.submitted_at } : null,
      participant_feedback_available: relation.audience === 'learner' && available && Boolean(participant) && !participant?.submitted_at,
      tabs,
    };
  }

  return {
    /** GET api/visit/{id}/scorecard */
    async scorecard(actor: Actor, rawId: string | number, now = clock.now()): Promise<VisitScorecardResponse> {
      const v = await visitOf(rawId);
      const relation = await relationOf(actor, v);
      if (!relation) return deny(actor, v, 'scorecard.view');
      // Documents of forms enabled since the last change of the visit are made now (idempotent).
      await db.transaction().execute((trx) => ensureScorecardDocs(trx, v.id, now));
      return page(actor, (await loadScorecardVisit(db, v.id))!, relation);
    },

    /**
     * POST api/visit/{id}/scorecard/submit (observer), /feedback-form/submit (SP), /participant-feedback/submit
     * (learner). Only the person the form is for; 409 once submitted or when the visit does not allow it;
     * 422 with 'Response is required' under each open question and the notice of spec 002 §5.
     */
    async submit(actor: Actor, rawId: string | number, kind: ScorecardKind, body: SubmitScorecardRequest, now = clock.now()) {
      const v = await visitOf(rawId);
      const relation = await relationOf(actor, v);
      const own =
        kind === 'participant-feedback' ? relation?.audience === 'learner' : relation?.audience === 'scorer' && relation.kind === kind;
      if (!relation || !own) return deny(actor, v, `${kind}.submit`, ONLY[kind]);

      await db.transaction().execute(async (trx) => {
        await ensureScorecardDocs(trx, v.id, now);
        // The document first, then the visit: the same order as a push of the same document.
        const stored = await lockScorecard(trx, scorecardDocId(v.id, kind, actor.user.id));
        const locked = await loadScorecardVisit(trx, v.id, true);
        if (!locked) throw notFound(M.notFound);
        if (stored?.doc.submitted_at) throw conflict(alreadySubmittedMessage(kind));
        if (!formEnabled(locked, kind)) throw conflict(M.notEnabled);
        if (!stored || stored._deleted) throw conflict(submissionRefusal(kind, locked, now) ?? M.noLongerAssigned);
        const checked = checkScorecardResponses(kind, stored.doc.form.items, body.responses, true);
        if (checked.errors) throw unprocessable(firstMessage(checked.errors), checked.errors);
        const refusal = submissionRefusal(kind, locked, now);
        if (refusal) throw conflict(refusal);
        const doc = {
          ...stored.doc,
          responses: checked.responses,
          submitted_at: now.toISOString(),
          updated_at: now.toISOString(),
          write_id: randomUUID(),
        };
        await writeScorecard(trx, doc);
        await applySubmission(trx, doc, { userId: actor.user.id, partnerId: actor.partnerId }, d.visitEvents, now);
      });
      const answer = await page(actor, (await loadScorecardVisit(db, v.id))!, relation);
      return { message: submittedNotice(kind), ...answer };
    },
  };
}
export type VisitScorecardsService = ReturnType<typeof createVisitScorecardsService>;
