import { describe, expect, it } from 'vitest';
import {
  fieldGroupsFor,
  fieldIdsFor,
  permissionsAt,
  ROLE,
  SCENARIO_FIELD_TYPE,
  SCENARIO_VIEWS,
  type ScenarioFacts,
  type ScenarioViewer,
  scenarioAudience,
  scenarioViewFor,
  seesField,
} from '../src';

const AUTHOR = 1;
const REVIEWER = 2;
const published = (over: Partial<ScenarioFacts> = {}): ScenarioFacts => ({
  status: 5,
  author_user_id: AUTHOR,
  reviewer_user_id: REVIEWER,
  trainer_user_id: null,
  live_edit: false,
  is_sim: 0,
  partner_ids: [1],
  ...over,
});
/** A caller holding roles at partner 1, with the permissions those roles grant (as the server computes them). */
const holding = (userId: number, roleIds: number[], superAdmin = false): ScenarioViewer => ({
  userId,
  partnerId: 1,
  superAdmin,
  roleIds,
  permissions: permissionsAt(
    roleIds.map((role_id) => ({ role_id, partner_id: 1, is_approved: true })),
    1,
    superAdmin,
  ),
});

describe('scenario audiences (decision 0045)', () => {
  it('puts every demo role where the table says', () => {
    const s = published({ attached_role_ids: [] });
    expect(scenarioAudience(holding(9, [], true), s)).toBe('admin');
    expect(scenarioAudience(holding(9, [ROLE.admin]), s)).toBe('admin');
    expect(scenarioAudience(holding(9, [ROLE.admin, ROLE.head_trainer]), s)).toBe('admin');
    expect(scenarioAudience(holding(9, [ROLE.trainer, ROLE.head_trainer]), s)).toBe('head_trainer');
    expect(scenarioAudience(holding(AUTHOR, [ROLE.author]), s)).toBe('author');
    expect(scenarioAudience(holding(REVIEWER, [ROLE.reviewer]), s)).toBe('reviewer');
    expect(scenarioAudience(holding(9, [ROLE.reviewer]), s)).toBe('reviewer');
    expect(scenarioAudience(holding(9, [ROLE.trainer]), s)).toBe('trainer');
    expect(scenarioAudience(holding(9, [ROLE.learner]), published({ trainer_user_id: 9 }))).toBe('trainer');
    expect(scenarioAudience(holding(9, [ROLE.standardized_patient]), published({ attached_role_ids: [2] }))).toBe('sp');
    expect(scenarioAudience(holding(9, [ROLE.observer]), published({ attached_role_ids: [3] }))).toBe('observer');
    expect(scenarioAudience(holding(9, [ROLE.standardized_patient, ROLE.observer]), published({ attached_role_ids: [3, 2] }))).toBe('sp');
    // holding the SP role is not enough: being attached to this scenario is
    expect(scenarioAudience(holding(9, [ROLE.standardized_patient]), s)).toBe('learner');
    for (const role of [ROLE.learner, ROLE.client_admin, ROLE.financial_admin, ROLE.report_manager]) {
      expect(scenarioAudience(holding(9, [role]), s)).toBe('learner');
    }
  });

  it('never gives the SP’s script to learners or observers, nor people, partners or comments to anyone outside the staff', () => {
    for (const audience of ['learner', 'observer'] as const) {
      const v = SCENARIO_VIEWS[audience];
      expect(v.fieldTypes).toEqual([SCENARIO_FIELD_TYPE.learner]);
      expect(v.forms).not.toContain('feedback-form');
    }
    for (const audience of ['learner', 'observer', 'sp'] as const) {
      const v = SCENARIO_VIEWS[audience];
      expect({ people: v.people, partners: v.partners, comments: v.comments, config: v.config, tabs: v.tabs }).toEqual({
        people: false,
        partners: false,
        comments: false,
        config: false,
        tabs: [],
      });
    }
    expect(SCENARIO_VIEWS.learner.forms).toEqual(['participant-feedback']);
    expect(SCENARIO_VIEWS.trainer).toMatchObject({ fee: false, partners: false, comments: false });
  });

  it('lets the author and the reviewer read the comments whatever else they are', () => {
    const headTrainerAuthor = holding(AUTHOR, [ROLE.trainer, ROLE.head_trainer]);
    const view = scenarioViewFor(headTrainerAuthor, published());
    expect(view.audience).toBe('head_trainer');
    expect(view.comments).toBe(true);
    expect(view.tabs).toContain('Comments');
    expect(view.partners).toBe(false);
  });

  it('narrows the tabs by status: none in draft, comments only in review', () => {
    const admin = holding(9, [ROLE.admin]);
    expect(scenarioViewFor(admin, published({ status: 1 })).tabs).toEqual([]);
    expect(scenarioViewFor(admin, published({ status: 2 })).tabs).toEqual(['Comments']);
    expect(scenarioViewFor(holding(9, [ROLE.learner]), published()).tabs).toEqual([]);
  });

  it('shows the field groups of the view and no empty group', () => {
    const learner = SCENARIO_VIEWS.learner;
    expect(fieldGroupsFor(learner).map((g) => g.label)).toEqual(['Learner Brief']);
    expect(fieldIdsFor(learner)).toEqual([1, 2]);
    expect(seesField(learner, 3)).toBe(false);
    expect(seesField(learner, 999)).toBe(false);
    expect(fieldIdsFor(SCENARIO_VIEWS.sp)).toContain(20);
  });
});
