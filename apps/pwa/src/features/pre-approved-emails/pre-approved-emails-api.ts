import { preApprovedEmailsApi as api, type EmailImportRequest, partnersApi } from '@simvisit/schema';
import { useQuery } from '@tanstack/react-query';
import { apiCall, apiUploadCall } from '../../lib/api';

/** GET api/partner: for a super admin every partner. */
export function usePartnerChoices() {
  return useQuery({ queryKey: ['pre-approved-emails', 'partners'], queryFn: () => apiCall(partnersApi.list) });
}

/** POST api/partner/email-list (multipart: partner_id and file, as the form checked them). */
export const importEmails = (body: EmailImportRequest) => apiUploadCall(api.import, body);
