import { DASHBOARD_VIEW_LABELS } from '@simvisit/schema';
import { Button } from '@simvisit/ui';
import { AppLink } from '../../lib/app-link';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSignedInSession } from '../../platform/session';
import { ApplicantDashboard } from '../applications';
import { InterviewsCard } from '../recruitment';
import { RegistrationConfirmationNotice, useRegistrationPending } from '../registration';
import { TrainerDashboard } from '../training-sessions';
import { VisitDashboard } from '../visit-dashboard';
import { AuthorDashboard } from './AuthorDashboard';
import { useDashboardView } from './dashboard-view';
import { ReviewerDashboard } from './ReviewerDashboard';

/**
 * The role dashboard chosen by the current view (spec 000 §2.7). The visit dashboards (learner, SP, observer,
 * admin, client admin) come from features/visit-dashboard; the trainer's from features/training-sessions.
 */
export function DashboardPage() {
  useDocumentTitle('Dashboard');
  const session = useSignedInSession();
  const { view } = useDashboardView(session);
  const label = DASHBOARD_VIEW_LABELS[view];
  // An unconfirmed learner holds no role yet, so lands on the applicant view; its cards are not theirs (their calls
  // are refused until the link is followed), so the page is the notice alone, under a heading that claims no role.
  const pending = useRegistrationPending(view === 'applicant');
  if (pending) {
    return (
      <div className="space-y-6">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Dashboard</h1>
        <RegistrationConfirmationNotice />
      </div>
    );
  }
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{label} Dashboard</h1>
        {view === 'learner' ? (
          <Button asChild>
            <AppLink to="/scenarios">Browse Scenarios</AppLink>
          </Button>
        ) : null}
      </div>
      {view === 'applicant' ? (
        <ApplicantDashboard />
      ) : view === 'author' ? (
        <AuthorDashboard />
      ) : view === 'reviewer' ? (
        <ReviewerDashboard />
      ) : view === 'learner' || view === 'standardized_patient' || view === 'observer' || view === 'admin' || view === 'client_admin' ? (
        // A new view starts on its first tab with its own filter.
        <VisitDashboard key={view} view={view} />
      ) : (
        // The trainer view (head trainers; spec 000 §2.12).
        <TrainerDashboard />
      )}
      {view === 'trainer' ? <InterviewsCard /> : null}
    </div>
  );
}
