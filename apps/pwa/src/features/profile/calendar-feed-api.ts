import { calendarFeedApi } from '@simvisit/schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../lib/api';
import { queryKeyOf } from '../../lib/query-keys';

/** The caller's calendar feed (issue 12 item 9) as React Query hooks. */
const feedKey = queryKeyOf(calendarFeedApi.status);

/** GET api/profile/calendar-feed: whether the feed is on (its address is shown only when made). */
export function useCalendarFeedStatus(enabled: boolean) {
  return useQuery({ queryKey: feedKey, queryFn: () => apiCall(calendarFeedApi.status), enabled });
}

/** POST api/profile/calendar-feed: turn it on or give it a new address; the answer holds the address once. */
export function useCreateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiCall(calendarFeedApi.create),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: feedKey }),
  });
}

/** DELETE api/profile/calendar-feed: turn it off (the address then answers 404). */
export function useRevokeCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiCall(calendarFeedApi.revoke),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: feedKey }),
  });
}
