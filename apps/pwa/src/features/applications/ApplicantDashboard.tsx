import { APPLYING_MESSAGES, applyingApi } from '@simvisit/schema';
import { Spinner } from '@simvisit/ui';
import { apiCall } from '../../lib/api';
import { ApplicationAlerts } from './ApplicationAlerts';
import { useApplications } from './applications-query';
import { ConfirmationNotice } from './ConfirmationNotice';
import { QuoteRequestsCard } from './QuoteRequestsCard';
import { RoleApplicationsCard } from './RoleApplicationsCard';

/** The applicant dashboard of spec 000 §2.10: alerts, role applications and quote requests. */
export function ApplicantDashboard() {
  const { data, isPending } = useApplications();
  if (isPending) return <Spinner label="Loading applications" />;
  // A failed load is only logged (spec 000 §8), so there is nothing to list.
  if (!data) return null;
  return (
    <div className="space-y-6">
      {data.confirmation_pending ? (
        <ConfirmationNotice message={APPLYING_MESSAGES.confirmNotice} resend={() => apiCall(applyingApi.resendConfirmation)} />
      ) : null}
      <ApplicationAlerts alerts={data.alerts} />
      <RoleApplicationsCard applications={data.applications} applicant={data.applicant} />
      <QuoteRequestsCard requests={data.quote_requests} />
    </div>
  );
}
