import { type InstitutionRequest, institutionsApi } from '@simvisit/schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../lib/api';

/** Institution calls of spec 002 §7 as React Query hooks; every change answers the whole list. */
export const institutionKeys = { list: ['institutions'] as const };

export function useInstitutions() {
  return useQuery({ queryKey: institutionKeys.list, queryFn: () => apiCall(institutionsApi.list) });
}

/** POST api/institutions, or api/institutions/{id} with an id. */
export function saveInstitution(body: InstitutionRequest, id?: number) {
  return id === undefined
    ? apiCall(institutionsApi.create, { body })
    : apiCall(institutionsApi.update, { params: { id }, body: { ...body, id } });
}

export function useDeleteInstitution() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiCall(institutionsApi.delete, { params: { id } }),
    onSuccess: (answer) => queryClient.setQueryData(institutionKeys.list, { institutions: answer.institutions }),
  });
}
