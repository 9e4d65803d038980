import { preApprovedEmailsApi as api, partnersApi } from '@simvisit/schema';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiCall, apiUploadCall } from '../../lib/api';

/** GET api/partner: for a super admin every partner. */
export function usePartnerChoices() {
  return useQuery({ queryKey: ['pre-approved-emails', 'partners'], queryFn: () => apiCall(partnersApi.list) });
}

/** POST api/partner/email-list (multipart: file, partner_id). */
export function useImportEmails() {
  return useMutation({
    mutationFn: ({ partnerId, file }: { partnerId: number; file: File }) => {
      const form = new FormData();
      form.set('partner_id', String(partnerId));
      form.set('file', file, file.name);
      return apiUploadCall(api.import, form);
    },
  });
}
