import { applicationsApi } from '@simvisit/schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiCall, isApiError } from '../../lib/api';

export const applicationsQuery = queryOptions({
  queryKey: ['user', 'applications'],
  queryFn: () => apiCall(applicationsApi.mine),
});

/** GET api/user/applications. A failure is only logged, as for every dashboard list (spec 000 §8). */
export function useApplications() {
  const query = useQuery(applicationsQuery);
  const { error } = query;
  useEffect(() => {
    if (error && !(isApiError(error) && error.sessionEnded)) console.error('Loading role applications failed', error);
  }, [error]);
  return query;
}
