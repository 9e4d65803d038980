import type { ParticipantStatus, VisitListRole, VisitListSection } from '@simvisit/schema';

/*
 * The dashboards' query keys and filter, apart from their calls (visit-dashboard-queries.ts): the visit page
 * refreshes the lists by key without loading the lists' contracts and schemas (decision 0085).
 */

/** The applied filter of the admin and client admin dashboards (0: all). */
export interface DashboardFilter {
  partner_id: number;
  scenario_id: number;
}
export const NO_FILTER: DashboardFilter = { partner_id: 0, scenario_id: 0 };

export const visitDashboardKeys = {
  all: ['visit-dashboard'] as const,
  section: (
    partnerId: number | null,
    role: VisitListRole,
    section: VisitListSection,
    page: number,
    f: DashboardFilter,
    cursor: string | null = null,
  ) => [...visitDashboardKeys.all, 'section', partnerId, role, section, page, f.partner_id, f.scenario_id, cursor ?? ''] as const,
  overview: (partnerId: number | null, clientAdmin: boolean, f: DashboardFilter) =>
    [...visitDashboardKeys.all, 'overview', partnerId, clientAdmin, f.partner_id, f.scenario_id] as const,
  participants: (partnerId: number | null, f: DashboardFilter, status: ParticipantStatus) =>
    [...visitDashboardKeys.all, 'participants', partnerId, f.partner_id, f.scenario_id, status] as const,
  featured: (partnerId: number | null) => [...visitDashboardKeys.all, 'featured', partnerId] as const,
};
