import { ROLE, type RoleId } from './roles';

/**
 * Every permission string the product checks by name (spec 000 §6, spec 001, spec 002).
 * Super admins hold all of them.
 */
export const PERMISSIONS = [
  'applicant.view',
  'user.view_list',
  'user.edit',
  'user.availability',
  'user_role.edit',
  'user_role.standardized_patient',
  'user_role.observer',
  'user_role.trainer',
  'user_role.reviewer',
  'user_role.author',
  'user_role.admin',
  'user_role.head_trainer',
  'user_role.client_admin',
  'user_role.exclude_from_reports',
  'user_role.report_manager',
  /** granting the financial admin role (12): held by super admins only, no role grants it (decision 0078) */
  'user_role.financial_admin',
  'financial_report.access',
  'scenario.admin',
  'scenario.create',
  'scenario.review',
  'scenario.clone',
  'training_session.schedule',
  'visit.transfer',
  'visit.generate_reschedule_link',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

/**
 * Which permissions each approved role grants at its partner.
 * The spec names the permissions but not the grants; this table is the product's decision
 * (docs/decisions/0004-role-permissions.md) and is seeded into role_permissions.
 */
export const ROLE_PERMISSIONS: Record<RoleId, readonly Permission[]> = {
  [ROLE.applicant]: [],
  [ROLE.learner]: [],
  [ROLE.standardized_patient]: ['user.availability'],
  [ROLE.observer]: ['user.availability'],
  [ROLE.trainer]: ['user.availability', 'training_session.schedule', 'applicant.view'],
  [ROLE.admin]: [
    'applicant.view',
    'user.view_list',
    'user.edit',
    'user_role.edit',
    'user_role.standardized_patient',
    'user_role.observer',
    'user_role.trainer',
    'user_role.reviewer',
    'user_role.author',
    'user_role.head_trainer',
    'user_role.client_admin',
    'user_role.exclude_from_reports',
    'user_role.report_manager',
    'scenario.admin',
    'scenario.clone',
    'training_session.schedule',
    'visit.transfer',
    'visit.generate_reschedule_link',
  ],
  [ROLE.head_trainer]: [
    'user.availability',
    'applicant.view',
    'training_session.schedule',
    'scenario.admin',
    'scenario.clone',
    'user.view_list',
    'user_role.edit',
    'user_role.standardized_patient',
    'user_role.observer',
    'user_role.trainer',
  ],
  [ROLE.reviewer]: ['scenario.review'],
  [ROLE.author]: ['scenario.create', 'scenario.clone'],
  [ROLE.client_admin]: ['user.view_list'],
  [ROLE.exclude_from_reports]: [],
  [ROLE.report_manager]: ['financial_report.access'],
  [ROLE.financial_admin]: ['financial_report.access'],
  [ROLE.partner]: [],
};

export interface RoleGrant {
  role_id: number;
  partner_id: number;
  is_approved: boolean;
}

/** Permissions a user holds at a partner: super admins hold all; others the union of their approved roles there. */
export function permissionsAt(grants: readonly RoleGrant[], partnerId: number | null, isSuperAdmin: boolean): Permission[] {
  if (isSuperAdmin) return [...PERMISSIONS];
  if (partnerId === null) return [];
  const held = new Set<Permission>();
  for (const g of grants) {
    if (!g.is_approved || g.partner_id !== partnerId) continue;
    for (const p of ROLE_PERMISSIONS[g.role_id as RoleId] ?? []) held.add(p);
  }
  return PERMISSIONS.filter((p) => held.has(p));
}
