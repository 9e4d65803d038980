import { clientAdminRequestsApi as api, CLIENT_REQUEST_PAGE_SIZE } from '@simvisit/schema';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall, isApiError } from '../../lib/api';

/** Client admin request calls of spec 002 §7 (and the asking call, decision 0058) as React Query hooks. */
export const clientRequestKeys = {
  all: ['client-admin-requests'] as const,
  list: (email: string, page: number) => [...clientRequestKeys.all, 'list', email, page] as const,
  one: (id: number) => [...clientRequestKeys.all, 'one', id] as const,
  mine: ['client-admin-requests', 'mine'] as const,
};

export function useClientRequests(email: string, page: number) {
  return useQuery({
    queryKey: clientRequestKeys.list(email, page),
    queryFn: () => apiCall(api.list, { body: { email_string: email, page_start: (page - 1) * CLIENT_REQUEST_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
}

export function useClientRequest(id: number) {
  return useQuery({
    queryKey: clientRequestKeys.one(id),
    queryFn: () => apiCall(api.detail, { body: { request_id: id } }),
    retry: (count, error) => !(isApiError(error) && error.status < 500) && count < 2,
  });
}

export function useApproveClientRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { request_id: number; selected_partners: number[] }) => apiCall(api.approve, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientRequestKeys.all }),
  });
}

export function useMyClientRequest(enabled: boolean) {
  return useQuery({ queryKey: clientRequestKeys.mine, queryFn: () => apiCall(api.mine), enabled });
}

export function useAskClientAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiCall(api.ask),
    onSuccess: (answer) => queryClient.setQueryData(clientRequestKeys.mine, answer),
  });
}
