import { type OutboxMessage, outboxResponseSchema } from '@simvisit/schema';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';

function newestFirst(a: OutboxMessage, b: OutboxMessage): number {
  const byTime = Date.parse(b.created_at) - Date.parse(a.created_at);
  if (byTime) return byTime;
  return String(b.id).localeCompare(String(a.id), undefined, { numeric: true });
}

export const outboxQuery = queryOptions({
  queryKey: ['demo', 'outbox'],
  queryFn: async () => {
    const { messages } = await apiRequest('/api/demo/outbox', { schema: outboxResponseSchema, onUnauthenticated: 'ignore' });
    return [...messages].sort(newestFirst);
  },
  staleTime: 0,
});
