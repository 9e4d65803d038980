import { describe, expect, it } from 'vitest';
import {
  canCommentScenario,
  canEditScenario,
  canViewScenario,
  inPartnerCatalogue,
  mayTransition,
  type ScenarioActor,
  type ScenarioFacts,
  scenarioDashboardKind,
  scenarioFeeRequestSchema,
  scenarioTabsFor,
  sidePanelTabs,
  transitionFor,
} from '../src';

const AUTHOR = 1;
const REVIEWER = 2;
const actor = (userId: number, permissions: string[] = [], partnerId: number | null = 1, superAdmin = false): ScenarioActor => ({
  userId,
  partnerId,
  permissions,
  superAdmin,
});
const facts = (over: Partial<ScenarioFacts> = {}): ScenarioFacts => ({
  status: 1,
  author_user_id: AUTHOR,
  reviewer_user_id: null,
  trainer_user_id: null,
  live_edit: false,
  is_sim: 0,
  partner_ids: [],
  ...over,
});
const author = actor(AUTHOR, ['scenario.create']);
const reviewer = actor(REVIEWER, ['scenario.review']);
const admin = actor(3, ['scenario.admin']);
const learner = actor(4);

describe('scenario lifecycle rules (spec 001 §4)', () => {
  it('names the transitions by current and target status', () => {
    expect(transitionFor(1, 2)).toBe('submit');
    expect(transitionFor(3, 2)).toBe('submit');
    expect(transitionFor(2, 3)).toBe('send_back');
    expect(transitionFor(2, 4)).toBe('approve');
    expect(transitionFor(4, 5)).toBe('publish');
    expect(transitionFor(5, 6)).toBe('archive');
    expect(transitionFor(1, 5)).toBeNull();
    expect(transitionFor(4, 2)).toBeNull();
  });

  it('lets only the right people make each one', () => {
    expect(mayTransition(author, facts(), 'submit')).toBe(true);
    expect(mayTransition(reviewer, facts(), 'submit')).toBe(false);
    expect(mayTransition(reviewer, facts({ status: 2 }), 'take')).toBe(true);
    expect(mayTransition(actor(AUTHOR, ['scenario.review', 'scenario.create']), facts({ status: 2 }), 'take')).toBe(false);
    expect(mayTransition(reviewer, facts({ status: 2, reviewer_user_id: 9 }), 'take')).toBe(false);
    expect(mayTransition(reviewer, facts({ status: 2, reviewer_user_id: REVIEWER }), 'approve')).toBe(true);
    expect(mayTransition(reviewer, facts({ status: 2, reviewer_user_id: 9 }), 'approve')).toBe(false);
    expect(mayTransition(admin, facts({ status: 2 }), 'send_back')).toBe(true);
    expect(mayTransition(actor(AUTHOR, ['scenario.admin']), facts({ status: 2 }), 'approve')).toBe(false);
    expect(mayTransition(admin, facts({ status: 4 }), 'publish')).toBe(true);
    expect(mayTransition(reviewer, facts({ status: 4, reviewer_user_id: REVIEWER }), 'publish')).toBe(false);
    expect(mayTransition(admin, facts({ status: 4 }), 'live_edit')).toBe(false);
    expect(mayTransition(actor(5, [], 1, true), facts({ status: 5 }), 'live_edit')).toBe(true);
  });

  it('allows field edits to the author in draft and editing, and to super admins in live edit only', () => {
    expect(canEditScenario(author, facts())).toBe(true);
    expect(canEditScenario(author, facts({ status: 3 }))).toBe(true);
    expect(canEditScenario(author, facts({ status: 2 }))).toBe(false);
    expect(canEditScenario(author, facts({ status: 4, live_edit: true }))).toBe(false);
    expect(canEditScenario(actor(5, [], 1, true), facts({ status: 4, live_edit: true }))).toBe(true);
  });

  it('opens comments to the reviewer in draft, review and editing and to the author while editing', () => {
    const taken = { reviewer_user_id: REVIEWER };
    expect(canCommentScenario(reviewer, facts({ status: 2, ...taken }))).toBe(true);
    expect(canCommentScenario(reviewer, facts({ status: 2 }))).toBe(false);
    expect(canCommentScenario(reviewer, facts({ status: 4, ...taken }))).toBe(false);
    expect(canCommentScenario(author, facts({ status: 2, ...taken }))).toBe(false);
    expect(canCommentScenario(author, facts({ status: 3, ...taken }))).toBe(true);
  });
});

describe('who sees a scenario', () => {
  it('uses the general list for partners 1 and 28 and the own list for others', () => {
    const atTwo = facts({ status: 5, partner_ids: [2] });
    expect(inPartnerCatalogue(2, atTwo)).toBe(true);
    expect(inPartnerCatalogue(1, atTwo)).toBe(false);
    expect(inPartnerCatalogue(28, facts({ status: 5, is_sim: 1 }))).toBe(true);
    expect(canViewScenario(learner, atTwo)).toBe(false);
    expect(canViewScenario(actor(4, [], 2), atTwo)).toBe(true);
    expect(canViewScenario(learner, facts({ status: 4, partner_ids: [1] }))).toBe(false);
    expect(canViewScenario(reviewer, facts())).toBe(false);
    expect(canViewScenario(actor(6, ['training_session.schedule']), facts({ status: 6 }))).toBe(true);
  });

  it('shows the side panel tabs by status and role', () => {
    const who = { trainerOnly: false, headTrainer: false, canSeeComments: true };
    expect(sidePanelTabs(facts(), who)).toEqual([]);
    expect(sidePanelTabs(facts({ status: 2 }), who)).toEqual(['Comments']);
    expect(sidePanelTabs(facts({ status: 5 }), who)).toHaveLength(7);
    expect(sidePanelTabs(facts({ status: 5 }), { ...who, trainerOnly: true })).toEqual(['SP', 'Observers']);
    expect(sidePanelTabs(facts({ status: 5 }), { ...who, headTrainer: true })).not.toContain('Distribution');
  });

  it('gives the dashboard kind and tabs of spec 001 §6', () => {
    expect(scenarioDashboardKind(['scenario.admin', 'scenario.create'])).toBe('admin');
    expect(scenarioDashboardKind(['training_session.schedule'])).toBe('trainer');
    expect(scenarioTabsFor('trainer')).toEqual(['published', 'approved', 'archived']);
    expect(scenarioTabsFor('learner')).toEqual([]);
    expect(scenarioTabsFor('admin')).toHaveLength(6);
  });
});

describe('money fields', () => {
  it('accepts numbers of at least 1 and rounds to cents', () => {
    expect(scenarioFeeRequestSchema.parse({ scenario_fee: '12.345' }).scenario_fee).toBe(12.35);
    for (const bad of ['', '0', 'abc', -1, 0.5]) expect(scenarioFeeRequestSchema.safeParse({ scenario_fee: bad }).success).toBe(false);
  });
});
