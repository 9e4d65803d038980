import { quotesApi as api, type QuoteSave, type QuoteTab } from '@simvisit/schema';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall, isApiError } from '../../lib/api';
import { invalidateCalls, queryKeyOf } from '../../lib/query-keys';

/** Quote management calls of spec 002 §7 (decision 0070) as React Query hooks; keys from the contracts (0066). */

export function useQuoteList(type: QuoteTab, email: string, page: number) {
  const query = { type, email_string: email, page };
  return useQuery({
    queryKey: queryKeyOf(api.list, { query }),
    queryFn: () => apiCall(api.list, { query }),
    placeholderData: keepPreviousData,
  });
}

export function useQuoteDetail(requestId: number) {
  const query = { request_id: requestId };
  return useQuery({
    queryKey: queryKeyOf(api.detail, { query }),
    queryFn: () => apiCall(api.detail, { query }),
    retry: (count, error) => !(isApiError(error) && error.status < 500) && count < 2,
    // The builder is rebuilt from each answer: a read on window focus would throw away what is being typed.
    refetchOnWindowFocus: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** A decision or a save changes the tabs' counts and the quote itself. */
function useQuoteMutation<B>(send: (body: B) => Promise<{ message: string }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => invalidateCalls(queryClient, [api.list]),
  });
}

export const useSaveQuote = () => useQuoteMutation((body: QuoteSave) => apiCall(api.save, { body }));
export const useApproveQuote = () => useQuoteMutation((body: QuoteSave) => apiCall(api.approve, { body }));
export const useRejectQuote = () => useQuoteMutation((body: { request_id: number }) => apiCall(api.reject, { body }));
