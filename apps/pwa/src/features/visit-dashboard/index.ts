/** The dashboards' visit lists and reports (docs/decisions/0031), used by the dashboard page. */
export { VisitDashboard, type VisitDashboardView } from './VisitDashboard';
export { visitDashboardKeys } from './visit-dashboard-keys';
