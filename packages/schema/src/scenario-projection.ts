import { ROLE } from './roles';
import { SCENARIO_FIELD_GROUPS, SCENARIO_FIELD_TYPE } from './scenario-fields';
import { isAuthorOf, isReviewerOf, isScenarioAdmin, type ScenarioActor, type ScenarioFacts, sidePanelTabs } from './scenario-rules';
import type { ScenarioAbilities } from './scenario-views';
import { SCENARIO_FORM_KINDS, type ScenarioAudience, type ScenarioFormKind } from './scenarios';

/**
 * What each caller receives from the scenario calls (AUTHZ-04, docs/decisions/0045-scenario-projections.md):
 * one audience per caller and scenario, and one view per audience. The server builds every scenario answer
 * through `scenarioViewFor`; the PWA reads the audience's field types from the answer (abilities) and shows
 * only those groups. A part a view leaves out is absent from the answer, never sent as null.
 */
export type ScenarioFieldType = (typeof SCENARIO_FIELD_TYPE)[keyof typeof SCENARIO_FIELD_TYPE];

export interface ScenarioView {
  audience: ScenarioAudience;
  /** the grouped fields' types the caller reads: 1 the SP's script, 2 the learner's brief and tasks */
  fieldTypes: readonly ScenarioFieldType[];
  /** the attached SPs and observers (`users`) and the emails of the author, reviewer and trainer */
  people: boolean;
  /** the distribution: partners with their job numbers (`partners`, `scenario_partners`) */
  partners: boolean;
  fee: boolean;
  comments: boolean;
  /** configuration no learner needs: the gift card campaign id */
  config: boolean;
  /** the forms whose questions and instructions the caller reads (GET api/{form}/find/{id}) */
  forms: readonly ScenarioFormKind[];
  /** side panel tabs the audience may ever see (the status narrows them further: sidePanelTabs) */
  tabs: ScenarioAbilities['tabs'];
}

const BOTH: readonly ScenarioFieldType[] = [SCENARIO_FIELD_TYPE.sp, SCENARIO_FIELD_TYPE.learner];
const LEARNER: readonly ScenarioFieldType[] = [SCENARIO_FIELD_TYPE.learner];
const ALL_TABS: ScenarioAbilities['tabs'] = ['Details', 'Comments', 'Distribution', 'SP', 'Observers', 'Scorecard Display', 'Fee'];
const STAFF = {
  fieldTypes: BOTH,
  people: true,
  partners: true,
  fee: true,
  comments: true,
  config: true,
  forms: SCENARIO_FORM_KINDS,
  tabs: ALL_TABS,
};
const NOTHING = { people: false, partners: false, fee: false, comments: false, config: false, forms: [], tabs: [] };

/** The views by audience (the table of decision 0045). */
export const SCENARIO_VIEWS: Record<ScenarioAudience, Omit<ScenarioView, 'audience'>> = {
  admin: STAFF,
  // spec 001 §2, §6: head trainers see neither Comments nor Distribution
  head_trainer: { ...STAFF, partners: false, comments: false, tabs: ALL_TABS.filter((t) => t !== 'Comments' && t !== 'Distribution') },
  author: STAFF,
  // a reviewer not (yet) reviewing this scenario reads it but not the review's comments
  reviewer: { ...STAFF, comments: false, tabs: ALL_TABS.filter((t) => t !== 'Comments') },
  // spec 001 §2, §6 (AUTHZ-05): trainers see the SP and Observers tabs, never fee, distribution or comments
  trainer: { ...NOTHING, fieldTypes: BOTH, people: true, forms: SCENARIO_FORM_KINDS, tabs: ['SP', 'Observers'] },
  // the SP plays the script (all fields), as on the visit page, and fills the SP scorecard; nobody else's data
  sp: { ...NOTHING, fieldTypes: BOTH, forms: ['feedback-form'] },
  // the observer scores the learner: the learner's fields, as on the visit page, and the observer scorecard
  observer: { ...NOTHING, fieldTypes: LEARNER, forms: ['scorecard'] },
  // the catalogue (learners, client admins, anyone of a partner it is distributed to): what a learner books,
  // and the participant feedback the learner gives; never the scorecards they are scored on
  learner: { ...NOTHING, fieldTypes: LEARNER, fee: true, forms: ['participant-feedback'] },
};

/** The caller's standing beyond permissions: their roles at the current partner (head trainer, admin). */
export interface ScenarioViewer extends ScenarioActor {
  roleIds?: readonly number[];
}

/**
 * Which audience the caller is for this scenario: the first that applies of super admin, head trainer
 * (scenario.admin through the head trainer role, not an admin), scenario admin, its author, its reviewer or a
 * scenario.review holder, a trainer (training_session.schedule or the scenario's trainer), an attached SP, an
 * attached observer; anyone else who may open it reads the catalogue view.
 */
export function scenarioAudience(v: ScenarioViewer, s: ScenarioFacts): ScenarioAudience {
  if (v.superAdmin) return 'admin';
  const roles = v.roleIds ?? [];
  if (isScenarioAdmin(v) && roles.includes(ROLE.head_trainer) && !roles.includes(ROLE.admin)) return 'head_trainer';
  if (isScenarioAdmin(v)) return 'admin';
  if (isAuthorOf(v, s)) return 'author';
  if (isReviewerOf(v, s) || v.permissions.includes('scenario.review')) return 'reviewer';
  if (v.permissions.includes('training_session.schedule') || s.trainer_user_id === v.userId) return 'trainer';
  const attached = s.attached_role_ids ?? [];
  if (attached.includes(ROLE.standardized_patient)) return 'sp';
  if (attached.includes(ROLE.observer)) return 'observer';
  return 'learner';
}

/**
 * The view of one scenario for one caller. The author and the reviewer of a scenario always read its
 * comments (they write them), whichever audience they otherwise fall into.
 */
export function scenarioViewFor(v: ScenarioViewer, s: ScenarioFacts): ScenarioView {
  const audience = scenarioAudience(v, s);
  const base = SCENARIO_VIEWS[audience];
  const involved = isAuthorOf(v, s) || isReviewerOf(v, s);
  const comments = base.comments || involved;
  const statusTabs = sidePanelTabs(s, { trainerOnly: false, headTrainer: false, canSeeComments: comments });
  const tabs = statusTabs.filter((t) => base.tabs.includes(t) || (t === 'Comments' && comments));
  return { audience, ...base, comments, tabs };
}

export const seesFieldType = (view: Pick<ScenarioView, 'fieldTypes'>, type: number) => view.fieldTypes.includes(type as ScenarioFieldType);

/** Whether the view reads one grouped field (by id); an unknown id is read by nobody. */
export function seesField(view: Pick<ScenarioView, 'fieldTypes'>, fieldId: number): boolean {
  const field = SCENARIO_FIELD_GROUPS.flatMap((g) => g.fields).find((f) => f.id === fieldId);
  return field !== undefined && seesFieldType(view, field.type);
}

/** The field groups as the view shows them: only its fields, and no group left empty. */
export function fieldGroupsFor(view: Pick<ScenarioView, 'fieldTypes'>) {
  return SCENARIO_FIELD_GROUPS.map((g) => ({ label: g.label, fields: g.fields.filter((f) => seesFieldType(view, f.type)) })).filter(
    (g) => g.fields.length > 0,
  );
}

/** The grouped field ids the view reads. */
export const fieldIdsFor = (view: Pick<ScenarioView, 'fieldTypes'>): number[] =>
  fieldGroupsFor(view).flatMap((g) => g.fields.map((f) => f.id));
