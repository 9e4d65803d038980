import { type OutboxMessage, outboxApi } from '@simvisit/schema';
import { queryOptions } from '@tanstack/react-query';
import { apiCall } from '../../lib/api';

function newestFirst(a: OutboxMessage, b: OutboxMessage): number {
  const byTime = Date.parse(b.created_at) - Date.parse(a.created_at);
  if (byTime) return byTime;
  return String(b.id).localeCompare(String(a.id), undefined, { numeric: true });
}

export const outboxQuery = queryOptions({
  queryKey: ['demo', 'outbox'],
  queryFn: async () => {
    const { messages } = await apiCall(outboxApi.list, undefined, { onUnauthenticated: 'ignore' });
    return [...messages].sort(newestFirst);
  },
  staleTime: 0,
});
