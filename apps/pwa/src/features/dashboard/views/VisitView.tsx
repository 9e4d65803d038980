import type { DashboardView } from '@simvisit/schema';
import { VisitDashboard, type VisitDashboardView } from '../../visit-dashboard';

const VISIT_VIEWS: readonly DashboardView[] = ['learner', 'standardized_patient', 'observer', 'admin', 'client_admin'];
const isVisitView = (view: DashboardView): view is VisitDashboardView => VISIT_VIEWS.includes(view);

/** The visit dashboards (learner, SP, observer, admin, client admin); a new view starts on its first tab. */
export default function VisitView({ view }: { view: DashboardView }) {
  return isVisitView(view) ? <VisitDashboard key={view} view={view} /> : null;
}
