import { DASHBOARD_VIEW_LABELS } from '@simvisit/schema';
import { Button, Spinner } from '@simvisit/ui';
import { Suspense } from 'react';
import { AppLink } from '../../lib/app-link';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSignedInSession } from '../../platform/session';
import { useDashboardView } from './dashboard-view';
import { dashboardViewPage } from './view-pages';

/**
 * The role dashboard chosen by the current view (spec 000 §2.7). The visit dashboards (learner, SP, observer,
 * admin, client admin) come from features/visit-dashboard; the trainer's from features/training-sessions; each
 * view loads as its own chunk (view-pages.ts).
 */
export function DashboardPage() {
  useDocumentTitle('Dashboard');
  const session = useSignedInSession();
  const { view } = useDashboardView(session);
  const label = DASHBOARD_VIEW_LABELS[view];
  const ViewPage = dashboardViewPage(view);
  return (
    <div className="space-y-6">
      {/* The applicant view names itself: a learner still to confirm their registration lands there too. */}
      {view === 'applicant' ? null : (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{label} Dashboard</h1>
          {view === 'learner' ? (
            <Button asChild>
              <AppLink to="/scenarios">Browse Scenarios</AppLink>
            </Button>
          ) : null}
        </div>
      )}
      {/* Each view is its own chunk (view-pages.ts); the route's loader has fetched the current one already. */}
      <Suspense fallback={<Spinner label="Loading dashboard" />}>
        <ViewPage view={view} />
      </Suspense>
    </div>
  );
}
