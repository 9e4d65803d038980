import { DASHBOARD_VIEW_LABELS } from '@simvisit/schema';
import { ApplicantDashboard } from '../../applications';
import { RegistrationConfirmationNotice, useRegistrationPending } from '../../registration';

/**
 * An unconfirmed learner holds no role yet, so lands on the applicant view. The applicant's cards are not theirs
 * (their calls are refused until the link is followed), so their page is the notice alone, under a heading that
 * claims no role (decision 0051).
 */
export default function ApplicantView() {
  const pending = useRegistrationPending(true);
  return (
    <>
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">
        {pending ? 'Dashboard' : `${DASHBOARD_VIEW_LABELS.applicant} Dashboard`}
      </h1>
      <RegistrationConfirmationNotice />
      {pending ? null : <ApplicantDashboard />}
    </>
  );
}
