import { z } from 'zod/mini';
import type { RoleGrant } from './permissions';
import { ROLE } from './roles';

/** The dashboard views of spec 000 §2.7. Head trainers use the trainer view. */
export const DASHBOARD_VIEWS = [
  'admin',
  'applicant',
  'author',
  'learner',
  'standardized_patient',
  'observer',
  'reviewer',
  'trainer',
  'client_admin',
] as const;
export const dashboardViewSchema = z.enum(DASHBOARD_VIEWS);
export type DashboardView = z.infer<typeof dashboardViewSchema>;

export const DASHBOARD_VIEW_LABELS: Record<DashboardView, string> = {
  admin: 'Admin',
  applicant: 'Applicant',
  author: 'Author',
  learner: 'Learner',
  standardized_patient: 'Standardized Patient',
  observer: 'Observer',
  reviewer: 'Reviewer',
  trainer: 'Trainer',
  client_admin: 'Client Admin',
};

const VIEW_OF_ROLE: Partial<Record<number, DashboardView>> = {
  [ROLE.learner]: 'learner',
  [ROLE.standardized_patient]: 'standardized_patient',
  [ROLE.observer]: 'observer',
  [ROLE.trainer]: 'trainer',
  [ROLE.admin]: 'admin',
  [ROLE.head_trainer]: 'trainer',
  [ROLE.reviewer]: 'reviewer',
  [ROLE.author]: 'author',
  [ROLE.client_admin]: 'client_admin',
  [ROLE.applicant]: 'applicant',
};

/** Approved role ids at a partner, in id order. */
export function approvedRoleIdsAt(grants: readonly RoleGrant[], partnerId: number | null): number[] {
  if (partnerId === null) return [];
  const ids = new Set<number>();
  for (const g of grants) if (g.is_approved && g.partner_id === partnerId) ids.add(g.role_id);
  return [...ids].sort((a, b) => a - b);
}

/**
 * The dashboard views a user may switch between at the current partner (spec 000 §4, §6):
 * super admins get the admin view first; admin counts only for super admins; trainer only with an approved
 * head trainer role; financial admin, exclude-from-reports, report manager and partner never count.
 * The applicant view (role 0) comes last so that a real role wins (docs/decisions/0005-dashboard-selection.md).
 */
export function dashboardViews(grants: readonly RoleGrant[], partnerId: number | null, isSuperAdmin: boolean): DashboardView[] {
  const roleIds = approvedRoleIdsAt(grants, partnerId);
  const hasHeadTrainer = roleIds.includes(ROLE.head_trainer);
  const views: DashboardView[] = isSuperAdmin ? ['admin'] : [];
  const ordered = [...roleIds.filter((id) => id !== ROLE.applicant), ...roleIds.filter((id) => id === ROLE.applicant)];
  for (const id of ordered) {
    if (id === ROLE.admin && !isSuperAdmin) continue;
    if (id === ROLE.trainer && !hasHeadTrainer) continue;
    const view = VIEW_OF_ROLE[id];
    if (view && !views.includes(view)) views.push(view);
  }
  return views;
}

/**
 * The view shown when none is chosen, or when the chosen one is no longer allowed.
 * A user with no eligible role sees the applicant view, where they can apply for a role.
 */
export function selectDashboardView(
  grants: readonly RoleGrant[],
  partnerId: number | null,
  isSuperAdmin: boolean,
  requested?: DashboardView | null,
): DashboardView {
  const views = dashboardViews(grants, partnerId, isSuperAdmin);
  if (requested && views.includes(requested)) return requested;
  return views[0] ?? 'applicant';
}

/** Sub-header role buttons: one per view, only when there is more than one (spec 000 §2.2). */
export function roleSwitcherViews(grants: readonly RoleGrant[], partnerId: number | null, isSuperAdmin: boolean): DashboardView[] {
  const views = dashboardViews(grants, partnerId, isSuperAdmin);
  return views.length > 1 ? views : [];
}

/** Where /dashboard sends someone with no dashboard of their own who may read the reports (decision 0078). */
export const FINANCIAL_REPORT_PATH = '/reports/financial';

/**
 * Where someone lands after sign-in and on /dashboard: a dashboard view, or the financial report for someone
 * whose approved roles at the current partner give no dashboard view (financial admin and report manager are no
 * dashboard roles, spec 000 §6) but who holds `financial_report.access` there. Super admins always have the admin
 * view; anyone with a dashboard role keeps their dashboard.
 */
export function dashboardLanding(
  grants: readonly RoleGrant[],
  partnerId: number | null,
  isSuperAdmin: boolean,
  permissions: readonly string[],
): 'dashboard' | 'financial_report' {
  if (dashboardViews(grants, partnerId, isSuperAdmin).length > 0) return 'dashboard';
  return permissions.includes('financial_report.access') ? 'financial_report' : 'dashboard';
}
