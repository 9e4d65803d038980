import type { VisitListRole } from '@simvisit/schema';
import { FinancialOverviewCard } from '../financial';
import { SessionCounterCard } from '../session-counter';
import { FiltersCard, VisitStatsCard } from './DashboardSideCards';
import type { DashboardFilter } from './visit-dashboard-queries';

export interface DashboardToolsProps {
  view: 'standardized_patient' | 'observer' | 'admin' | 'client_admin';
  role: VisitListRole;
  withFilters: boolean;
  withSessionCounter: boolean;
  withFinancials: boolean;
  filter: DashboardFilter;
  onFilter: (filter: DashboardFilter) => void;
}

/**
 * The side cards of the SP, observer, admin and client admin dashboards: the filters, the session counter, the visit
 * stats and the financial overview (spec 000 §2.8, §2.12). Their own chunk: a learner's dashboard shows none of them
 * (decision 0085, third pass).
 */
export default function DashboardTools({
  view,
  role,
  withFilters,
  withSessionCounter,
  withFinancials,
  filter,
  onFilter,
}: DashboardToolsProps) {
  return (
    <aside className="space-y-4" aria-label="Dashboard tools">
      {withFilters ? <FiltersCard role={role} applied={filter} onApplied={onFilter} /> : null}
      {withSessionCounter ? <SessionCounterCard clientAdmin={view === 'client_admin'} /> : null}
      {view === 'admin' ? <VisitStatsCard filter={filter} /> : null}
      {withFinancials ? <FinancialOverviewCard adminMode={view === 'admin'} filter={view === 'admin' ? filter : undefined} /> : null}
    </aside>
  );
}
