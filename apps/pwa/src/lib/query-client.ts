import { onlineManager, QueryClient } from '@tanstack/react-query';
import { isApiError, isConnectionError } from './api';

/**
 * Offline (issue 22 item 4, docs/decisions/0088): React Query's default network mode pauses every query while the
 * browser says offline, so a list with a copy on the device (lib/offline-cache.ts) spun forever instead of
 * showing that copy. Queries and mutations always run: a list answers from the device, and a call that needs the
 * network fails at once with the connection message rather than waiting silently.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        networkMode: 'always',
        // A 4xx will answer the same again; only a lost connection or a server error is worth one retry, and a
        // lost connection only while the browser still believes it is online.
        retry: (failureCount, error) =>
          failureCount < 1 &&
          !(isApiError(error) && error.status >= 400 && error.status < 500) &&
          !(isConnectionError(error) && !onlineManager.isOnline()),
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      mutations: { networkMode: 'always' },
    },
  });
}
