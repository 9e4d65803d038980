import { describe, expect, it } from 'vitest';
import {
  enableFormRequestSchema,
  formAbilities,
  formChangeRefusal,
  formInstructionsRequestSchema,
  SCENARIO_FORM_MESSAGES as M,
  type ScenarioActor,
  type ScenarioFacts,
} from '../src';

const actor = (userId: number, permissions: string[] = [], superAdmin = false): ScenarioActor => ({
  userId,
  partnerId: 1,
  permissions,
  superAdmin,
});
const facts = (status: number, extra: Partial<ScenarioFacts> = {}): ScenarioFacts => ({
  status: status as ScenarioFacts['status'],
  author_user_id: 1,
  reviewer_user_id: null,
  trainer_user_id: null,
  live_edit: false,
  is_sim: 0,
  partner_ids: [],
  ...extra,
});
const author = actor(1, ['scenario.create']);
const admin = actor(2, ['scenario.admin']);
const reviewer = actor(3, ['scenario.review']);
const stranger = actor(4, ['scenario.create']);

describe('form change limits (spec 001 §4)', () => {
  it('refuses callers who cannot see the scenario with No Access', () => {
    expect(formChangeRefusal(stranger, facts(1), 'edit')).toEqual({ status: 403, message: M.noAccess });
  });

  it('refuses visible scenarios to callers who are neither author nor admin', () => {
    expect(formChangeRefusal(reviewer, facts(2), 'edit')).toEqual({ status: 403, message: M.notYours });
  });

  it('gives the status reason to the author and admins', () => {
    expect(formChangeRefusal(author, facts(1), 'edit')).toBeNull();
    expect(formChangeRefusal(author, facts(3), 'remove')).toBeNull();
    expect(formChangeRefusal(author, facts(2), 'edit')).toEqual({ status: 409, message: M.lockedInReview });
    expect(formChangeRefusal(author, facts(4), 'edit')).toEqual({ status: 409, message: M.notEditable });
    expect(formChangeRefusal(admin, facts(5), 'edit')).toBeNull();
    expect(formChangeRefusal(admin, facts(5), 'reorder')).toEqual({ status: 409, message: M.reorderLocked });
    expect(formChangeRefusal(admin, facts(6), 'reorder')).toEqual({ status: 409, message: M.reorderLocked });
    expect(formChangeRefusal(admin, facts(4), 'remove')).toBeNull();
    expect(formChangeRefusal(admin, facts(5), 'remove')).toEqual({ status: 409, message: M.removeLocked });
    expect(formChangeRefusal(admin, facts(6), 'edit')).toEqual({ status: 409, message: M.notEditable });
  });

  it('summarizes them as abilities', () => {
    expect(formAbilities(admin, facts(5))).toEqual({ can_edit: true, can_reorder: false, can_remove: false });
    expect(formAbilities(author, facts(3))).toEqual({ can_edit: true, can_reorder: true, can_remove: true });
    expect(formAbilities(reviewer, facts(2))).toEqual({ can_edit: false, can_reorder: false, can_remove: false });
  });
});

describe('form requests', () => {
  it('reads the switch as a boolean, or undefined to toggle', () => {
    expect(enableFormRequestSchema.parse({ is_enabled: 1 }).is_enabled).toBe(true);
    expect(enableFormRequestSchema.parse({ is_enabled: false }).is_enabled).toBe(false);
    expect(enableFormRequestSchema.parse({}).is_enabled).toBeUndefined();
    expect(enableFormRequestSchema.safeParse({ is_enabled: 2 }).success).toBe(false);
  });

  it('trims instructions and stores empty ones as null', () => {
    expect(formInstructionsRequestSchema.parse({ instructions: '  Read  ' }).instructions).toBe('Read');
    expect(formInstructionsRequestSchema.parse({ instructions: '   ' }).instructions).toBeNull();
    expect(formInstructionsRequestSchema.parse({}).instructions).toBeNull();
  });
});
