import { brandPasswordsApi, type SaveBrandPasswordRequest } from '@simvisit/schema';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../lib/api';

/** Manage Passwords calls (decision 0059), only through their contracts. */
export const brandPasswordsKeys = { all: ['brand-passwords'] as const };

export const brandPasswordsQuery = () =>
  queryOptions({ queryKey: brandPasswordsKeys.all, queryFn: () => apiCall(brandPasswordsApi.list), retry: false });

/** Saves one partner's settings, then reloads the table. */
export function useSaveBrandPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveBrandPasswordRequest) => apiCall(brandPasswordsApi.save, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: brandPasswordsKeys.all }),
  });
}
