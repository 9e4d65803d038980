import { type AppConfig, appConfigSchema } from '@simvisit/schema';
import { queryOptions, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { apiRequest } from './api';

/** The product's name before the configuration has loaded (or when it failed to). */
export const DEFAULT_PRODUCT_NAME = 'SimVisit';

/** The deployment's settings, loaded once before the first route renders (see the root route). */
export const appConfigQuery = queryOptions({
  queryKey: ['config'],
  queryFn: () => apiRequest('/api/config', { schema: appConfigSchema }),
  staleTime: Number.POSITIVE_INFINITY,
});

export function useAppConfig(): AppConfig {
  return useSuspenseQuery(appConfigQuery).data;
}

/** The product name without waiting for the configuration (error pages render when it failed). */
export function useProductName(): string {
  return useQuery(appConfigQuery).data?.product_name ?? DEFAULT_PRODUCT_NAME;
}
