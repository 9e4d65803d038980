import { type RegisterRequest, registrationApi } from '@simvisit/schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../lib/api';

/** The form's frame at a partner: its registration fields (GET api/register/form). */
export function registerFormQuery(partnerSlug: string) {
  return queryOptions({
    queryKey: ['register', 'form', partnerSlug],
    queryFn: () => apiCall(registrationApi.form, { query: { partner_slug: partnerSlug } }, { onUnauthenticated: 'ignore' }),
    retry: false,
  });
}

export function useRegisterForm(partnerSlug: string) {
  return useQuery(registerFormQuery(partnerSlug));
}

export function registerLearner(body: RegisterRequest) {
  return apiCall(registrationApi.register, { body }, { onUnauthenticated: 'ignore' });
}

export function confirmRegistration(token: string) {
  return apiCall(registrationApi.confirmEmail, { body: { token } }, { onUnauthenticated: 'ignore' });
}

/** Whether the signed-in user's registration still waits for its emailed link (GET api/register/confirmation). */
export function useRegistrationConfirmation(enabled = true) {
  return useQuery({
    queryKey: ['register', 'confirmation'],
    queryFn: () => apiCall(registrationApi.confirmationStatus),
    enabled,
  });
}

export function resendRegistrationConfirmation() {
  return apiCall(registrationApi.resendConfirmation);
}
