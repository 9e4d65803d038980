import { type AppConfig, appConfigSchema, configApi } from '@simvisit/schema';
import { queryOptions, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { apiCall, isConnectionError } from './api';
import { readCached, writeCached } from './offline-cache';

/** The product's name before the configuration has loaded (or when it failed to). */
export const DEFAULT_PRODUCT_NAME = 'SimVisit';

/** The deployment's settings, loaded once before the first route renders (see the root route). */
export const appConfigQuery = queryOptions({
  queryKey: ['config'],
  // Kept on the device too: without a network the app still starts with the last known config.
  queryFn: async () => {
    try {
      const config = await apiCall(configApi.show);
      writeCached('config', config);
      return config;
    } catch (error) {
      const saved = isConnectionError(error) ? readCached('config', appConfigSchema) : null;
      if (saved) return saved;
      throw error;
    }
  },
  staleTime: Number.POSITIVE_INFINITY,
});

export function useAppConfig(): AppConfig {
  return useSuspenseQuery(appConfigQuery).data;
}

/** The product name without waiting for the configuration (error pages render when it failed). */
export function useProductName(): string {
  return useQuery(appConfigQuery).data?.product_name ?? DEFAULT_PRODUCT_NAME;
}
