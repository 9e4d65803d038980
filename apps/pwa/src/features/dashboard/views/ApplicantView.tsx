import { ApplicantDashboard } from '../../applications';
import { RegistrationConfirmationNotice } from '../../registration';

/** An unconfirmed learner holds no role yet, so lands on the applicant view: the notice says why. */
export default function ApplicantView() {
  return (
    <>
      <RegistrationConfirmationNotice />
      <ApplicantDashboard />
    </>
  );
}
