import { PARTNER_MAIN, PARTNER_SIM } from './roles';
import type { ScenarioAbilities } from './scenario-views';
import { SCENARIO_STATUS, type ScenarioStatus } from './scenarios';

/**
 * The scenario rules of spec 001 §4 and §6 as pure functions, used by the server (which enforces them) and the
 * PWA (which only offers what the server would accept). docs/decisions/0017-scenario-lifecycle.md explains
 * the choices where the spec is silent.
 */
export interface ScenarioActor {
  userId: number;
  partnerId: number | null;
  permissions: readonly string[];
  superAdmin: boolean;
}

export interface ScenarioFacts {
  status: ScenarioStatus;
  author_user_id: number;
  reviewer_user_id: number | null;
  trainer_user_id: number | null;
  live_edit: boolean;
  is_sim: number;
  /** partners the scenario is distributed to */
  partner_ids: readonly number[];
  /** the caller is attached as an SP or observer */
  attached?: boolean;
  /**
   * the roles the caller holds on the scenario (2 SP, 3 observer): attached, or on a visit of it that was not
   * canceled; which view they read (scenario-projection.ts)
   */
  attached_role_ids?: readonly number[];
}

/** The facts of one stored scenario, with its id. */
export interface ScenarioFactsRow extends ScenarioFacts {
  id: string;
}

/** The caller as the scenario rules see them, from the server's actor (session user, partner, permissions). */
export function scenarioActor(actor: {
  user: { id: number; super_admin: boolean | number };
  partnerId: number | null;
  permissions: readonly string[];
}): ScenarioActor {
  return { userId: actor.user.id, partnerId: actor.partnerId, permissions: actor.permissions, superAdmin: Boolean(actor.user.super_admin) };
}

const S = SCENARIO_STATUS;
const has = (a: ScenarioActor, p: string) => a.superAdmin || a.permissions.includes(p);
export const isScenarioAdmin = (a: ScenarioActor) => has(a, 'scenario.admin');
export const isAuthorOf = (a: ScenarioActor, s: ScenarioFacts) => s.author_user_id === a.userId;
/** The reviewer is the reviewer_user_id user who is not the author (spec 001 §4). */
export const isReviewerOf = (a: ScenarioActor, s: ScenarioFacts) => s.reviewer_user_id === a.userId && s.author_user_id !== a.userId;

/** Partners 1 and 28 use the general list; any other partner sees the scenarios distributed to it. */
export function inPartnerCatalogue(partnerId: number | null, s: ScenarioFacts): boolean {
  if (partnerId === null) return false;
  if (partnerId === PARTNER_MAIN || partnerId === PARTNER_SIM) {
    return s.is_sim === 1 || s.partner_ids.includes(PARTNER_MAIN) || s.partner_ids.includes(PARTNER_SIM);
  }
  return s.partner_ids.includes(partnerId);
}

/** Whether the caller may open the scenario at all (otherwise: 'You do not have permission ... (No Access)'). */
export function canViewScenario(a: ScenarioActor, s: ScenarioFacts): boolean {
  if (isScenarioAdmin(a) || isAuthorOf(a, s) || isReviewerOf(a, s)) return true;
  if (has(a, 'scenario.review') && [S.review, S.editing, S.approved, S.published].includes(s.status as 2)) return true;
  if (has(a, 'training_session.schedule') && [S.approved, S.published, S.archived].includes(s.status as 4)) return true;
  if (s.trainer_user_id === a.userId || s.attached) return s.status !== S.draft;
  return s.status === S.published && inPartnerCatalogue(a.partnerId, s);
}

/** Field values may change: the author while the form is enabled (draft, editing), a super admin in live edit. */
export function canEditScenario(a: ScenarioActor, s: ScenarioFacts): boolean {
  if (s.live_edit) return a.superAdmin;
  return isAuthorOf(a, s) && (s.status === S.draft || s.status === S.editing);
}

/** Commenting (spec 001 §4): the reviewer in draft, review or editing; the author while editing. */
export function canCommentScenario(a: ScenarioActor, s: ScenarioFacts): boolean {
  const open = s.status === S.draft || s.status === S.review || s.status === S.editing;
  if (open && !isAuthorOf(a, s) && (isReviewerOf(a, s) || isScenarioAdmin(a))) return true;
  return isAuthorOf(a, s) && s.status === S.editing;
}

export type ScenarioTransition = 'submit' | 'take' | 'send_back' | 'approve' | 'publish' | 'archive' | 'live_edit' | 'end_live_edit';

/** Which action a status change from the current status to `target` is; null when there is none. */
export function transitionFor(from: ScenarioStatus, to: number): ScenarioTransition | null {
  if ((from === S.draft || from === S.editing) && to === S.review) return 'submit';
  if (from === S.review && to === S.editing) return 'send_back';
  if (from === S.review && to === S.approved) return 'approve';
  if (from === S.approved && to === S.published) return 'publish';
  if (from === S.published && to === S.archived) return 'archive';
  return null;
}

/** Who may make a transition (AUTHZ-06); the field rules (required fields, partners) are checked apart. */
export function mayTransition(a: ScenarioActor, s: ScenarioFacts, t: ScenarioTransition): boolean {
  switch (t) {
    case 'submit':
      return isAuthorOf(a, s) && (s.status === S.draft || s.status === S.editing) && !s.live_edit;
    case 'take':
      return s.status === S.review && s.reviewer_user_id === null && has(a, 'scenario.review') && !isAuthorOf(a, s);
    case 'send_back':
    case 'approve':
      return s.status === S.review && !isAuthorOf(a, s) && (isReviewerOf(a, s) || isScenarioAdmin(a));
    case 'publish':
      // Head trainers hold scenario.admin (docs/decisions/0004).
      return s.status === S.approved && isScenarioAdmin(a) && !s.live_edit;
    case 'archive':
      return s.status === S.published && isScenarioAdmin(a) && !s.live_edit;
    case 'live_edit':
      return a.superAdmin && !s.live_edit && (s.status === S.approved || s.status === S.published);
    case 'end_live_edit':
      return a.superAdmin && s.live_edit;
  }
}

/** Distribution, SPs, observers, trainer, display and fee: scenario.admin on approved or published scenarios. */
export function canConfigureScenario(a: ScenarioActor, s: ScenarioFacts): boolean {
  return isScenarioAdmin(a) && (s.status === S.approved || s.status === S.published);
}

/** Deleting: the author's own draft; a super admin any scenario never published. */
export function canDeleteScenario(a: ScenarioActor, s: ScenarioFacts): boolean {
  if (a.superAdmin) return s.status !== S.published && s.status !== S.archived;
  return isAuthorOf(a, s) && s.status === S.draft;
}

/**
 * Side panel tabs (spec 001 §2, §6): none in draft; comments only in review and editing; otherwise all but
 * Details, Comments, Distribution, Scorecard Display and Fee for trainers and Comments, Distribution for head
 * trainers. `isTrainerOnly`/`isHeadTrainer` come from the caller's roles at the partner.
 */
export function sidePanelTabs(
  s: ScenarioFacts,
  who: { trainerOnly: boolean; headTrainer: boolean; canSeeComments: boolean },
): ScenarioAbilities['tabs'] {
  if (s.status === S.draft) return [];
  if (s.status === S.review || s.status === S.editing) return who.canSeeComments ? ['Comments'] : [];
  const all: ScenarioAbilities['tabs'] = ['Details', 'Comments', 'Distribution', 'SP', 'Observers', 'Scorecard Display', 'Fee'];
  if (who.trainerOnly) return all.filter((t) => !['Details', 'Comments', 'Distribution', 'Scorecard Display', 'Fee'].includes(t));
  if (who.headTrainer) return all.filter((t) => t !== 'Comments' && t !== 'Distribution');
  return all;
}

/**
 * Form (scorecard, feedback form, participant feedback) limits by status (spec 001 §4): the order may change
 * unless published or archived; a question may be edited in draft or editing or by an admin; deleted in
 * draft or editing, or by an admin when approved.
 */
export function canEditFormOf(a: ScenarioActor, s: ScenarioFacts): boolean {
  if (isScenarioAdmin(a)) return s.status !== S.archived;
  return isAuthorOf(a, s) && (s.status === S.draft || s.status === S.editing);
}
export function canReorderFormOf(a: ScenarioActor, s: ScenarioFacts): boolean {
  if (s.status === S.published || s.status === S.archived) return false;
  return isScenarioAdmin(a) || (isAuthorOf(a, s) && (s.status === S.draft || s.status === S.editing));
}
export function canRemoveFromFormOf(a: ScenarioActor, s: ScenarioFacts): boolean {
  if (s.status === S.draft || s.status === S.editing) return isAuthorOf(a, s) || isScenarioAdmin(a);
  return isScenarioAdmin(a) && s.status === S.approved;
}
