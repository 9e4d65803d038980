import { REGISTRATION_MESSAGES } from '@simvisit/schema';
import { ConfirmationNotice } from '../applications';
import { resendRegistrationConfirmation, useRegistrationConfirmation } from './registration-api';

/**
 * A learner who signs in before following the emailed link holds no role at the partner yet (decision 0051):
 * the dashboard says why and offers a new link. Nothing shows while loading, on a failure, or when confirmed.
 */
export function RegistrationConfirmationNotice() {
  const { data } = useRegistrationConfirmation();
  if (!data?.confirmation_pending) return null;
  return <ConfirmationNotice message={REGISTRATION_MESSAGES.confirmNotice} resend={resendRegistrationConfirmation} />;
}

/**
 * Whether the signed-in person is a learner whose registration still waits for its emailed link. Asked only where
 * `enabled` (the applicant view, where such a learner lands); false while loading, offline or on a failure, so a
 * real applicant's dashboard never waits on it.
 */
export function useRegistrationPending(enabled: boolean): boolean {
  const { data } = useRegistrationConfirmation(enabled);
  return enabled && Boolean(data?.confirmation_pending);
}
