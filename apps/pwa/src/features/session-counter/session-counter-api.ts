import { sessionCounterApi as api } from '@simvisit/schema';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiCall, isApiError } from '../../lib/api';
import { useSignedInSession } from '../../platform/session';

export const sessionCounterKeys = {
  all: ['session-counter'] as const,
  show: (userId: number, partnerId: number | null, clientAdmin: boolean) =>
    [...sessionCounterKeys.all, userId, partnerId, clientAdmin] as const,
};

/**
 * POST api/reports/session-counter: the rows of the admin view or (clientAdmin) the client admin view. A failed
 * load is only logged, like the dashboards' other loads (spec 000 §8).
 */
export function useSessionCounter(clientAdmin: boolean) {
  const session = useSignedInSession();
  const query = useQuery({
    queryKey: sessionCounterKeys.show(session.user.id, session.partner?.id ?? null, clientAdmin),
    queryFn: () => apiCall(api.show, { body: { is_client_admin: clientAdmin } }),
  });
  const { error } = query;
  useEffect(() => {
    if (error && !(isApiError(error) && error.sessionEnded)) console.error('Loading the session counter failed', error);
  }, [error]);
  return query;
}
