import { partnerCapacityApi as api, partnersApi } from '@simvisit/schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../lib/api';

const keys = {
  seats: ['partner-capacity', 'seats'] as const,
  dates: ['partner-capacity', 'dates'] as const,
};

/** GET api/partner: for a super admin every partner, with seats and used seats. */
export function usePartnerSeats() {
  return useQuery({ queryKey: keys.seats, queryFn: () => apiCall(partnersApi.list) });
}

/** POST api/partner/{id}/seats; the list is read again afterwards, whatever the answer (another admin may have raised it). */
export function useUpdateSeats() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, seats }: { id: number; seats: number }) => apiCall(api.updateSeats, { params: { id }, body: { seats } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.seats }),
  });
}

/** GET api/partner/dates. */
export function usePartnerDates() {
  return useQuery({ queryKey: keys.dates, queryFn: () => apiCall(api.dates) });
}

export type DatesCall =
  | { kind: 'save'; partner_id: number; start: string | null; end: string | null }
  | { kind: 'saveDisabled'; partner_id: number; start: string | null; end: string | null }
  | { kind: 'clear'; partner_id: number }
  | { kind: 'clearDisabled'; partner_id: number };

/** The four date calls; each answers the partner, put into the list in place. */
export function useDatesCall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (call: DatesCall) => {
      switch (call.kind) {
        case 'save':
          return apiCall(api.saveDates, { body: { partner_id: call.partner_id, start_date: call.start, end_date: call.end } });
        case 'saveDisabled':
          return apiCall(api.saveDisabledDates, {
            body: { partner_id: call.partner_id, start_disabled_date: call.start, end_disabled_date: call.end },
          });
        case 'clear':
          return apiCall(api.clearDates, { body: { partner_id: call.partner_id } });
        case 'clearDisabled':
          return apiCall(api.clearDisabledDates, { body: { partner_id: call.partner_id } });
      }
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.dates }),
  });
}
