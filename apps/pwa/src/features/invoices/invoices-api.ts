import { invoicesApi as api, type Invoice } from '@simvisit/schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall, isApiError } from '../../lib/api';
import { invalidateCalls, queryKeyOf } from '../../lib/query-keys';

/** Invoice requests of spec 002 §7 (packages/schema/src/api/agreements.ts) as React Query hooks. */

export function useInvoices() {
  return useQuery({ queryKey: queryKeyOf(api.list), queryFn: () => apiCall(api.list) });
}

const showKey = (id: number) => queryKeyOf(api.show, { query: { invoice_id: id } });

export function useInvoice(id: number) {
  return useQuery({
    queryKey: showKey(id),
    queryFn: () => apiCall(api.show, { query: { invoice_id: id } }),
    retry: (count, error) => !(isApiError(error) && error.status < 500) && count < 2,
  });
}

/** Mark As Paid: the answer is the paid invoice, shown at once; the list's status changes with it. */
export function useMarkInvoicePaid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiCall(api.markAsPaid, { body: { invoice_id: id } }),
    onSuccess: (answer: { invoice: Invoice }) => {
      queryClient.setQueryData(showKey(answer.invoice.id), { invoice: answer.invoice });
      return invalidateCalls(queryClient, [api.list]);
    },
  });
}
