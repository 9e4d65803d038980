import { type ApplyRequest, applyingApi } from '@simvisit/schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall, apiUploadCall } from '../../lib/api';

/** The form's frame at a partner: its registration fields and the roles (GET api/apply/form). */
export function applyFormQuery(partnerSlug: string) {
  return queryOptions({
    queryKey: ['apply', 'form', partnerSlug],
    queryFn: () => apiCall(applyingApi.form, { query: { partner_slug: partnerSlug } }, { onUnauthenticated: 'ignore' }),
    retry: false,
  });
}

export function useApplyForm(partnerSlug: string) {
  return useQuery(applyFormQuery(partnerSlug));
}

/** POST api/apply: the fields as JSON beside the two files, in one multipart body. */
export function sendApplication(body: ApplyRequest, files: { resume: File | null; headshot: File | null }) {
  const form = new FormData();
  form.set('application', JSON.stringify(body));
  if (files.resume) form.set('resume', files.resume);
  if (files.headshot) form.set('headshot', files.headshot);
  return apiUploadCall(applyingApi.apply, form);
}

export function confirmEmail(token: string) {
  return apiCall(applyingApi.confirmEmail, { body: { token } }, { onUnauthenticated: 'ignore' });
}
