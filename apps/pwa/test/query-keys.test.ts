import { rubricsApi, scenariosApi } from '@simvisit/schema';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { callPrefix, contractKey, invalidateCalls, queryKeyOf } from '../src/lib/query-keys';

describe('query keys derived from the contract and its input', () => {
  it('names the call by its method and path, then the input as the URL carries it', () => {
    expect(queryKeyOf(scenariosApi.detail, { params: { id: 7 } })).toEqual(['GET /api/scenario/:id', { params: { id: '7' } }]);
    expect(contractKey(scenariosApi.detail)).toBe('GET /api/scenario/:id');
  });

  it('gives one call with one input one key, however the input is written', () => {
    const a = queryKeyOf(scenariosApi.detail, { params: { id: 7 } });
    const b = queryKeyOf(scenariosApi.detail, { params: { id: '7' as unknown as number } });
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    const client = new QueryClient();
    client.setQueryData(a, 'first');
    client.setQueryData(b, 'second');
    expect(client.getQueryCache().getAll()).toHaveLength(1);
    expect(client.getQueryData(a)).toBe('second');
  });

  it('leaves absent query values out and keeps other inputs apart', () => {
    expect(queryKeyOf(rubricsApi.all, { query: { page_start: 0 } })).toEqual(['GET /api/rubric/all', { query: { page_start: '0' } }]);
    expect(queryKeyOf(rubricsApi.all, { query: { page_start: 10 } })).not.toEqual(queryKeyOf(rubricsApi.all, { query: { page_start: 0 } }));
    expect(queryKeyOf(scenariosApi.detail, { params: { id: 7 } })).not.toEqual(queryKeyOf(scenariosApi.detail, { params: { id: 8 } }));
  });

  it('invalidates every input of a call by its prefix, and one object across calls by its params', async () => {
    const client = new QueryClient();
    const page1 = queryKeyOf(rubricsApi.all, { query: { page_start: 0 } });
    const page2 = queryKeyOf(rubricsApi.all, { query: { page_start: 10 } });
    const detail7 = queryKeyOf(scenariosApi.detail, { params: { id: 7 } });
    const detail8 = queryKeyOf(scenariosApi.detail, { params: { id: 8 } });
    const display7 = queryKeyOf(scenariosApi.scorecardDisplay, { params: { id: 7 } });
    for (const key of [page1, page2, detail7, detail8, display7]) client.setQueryData(key, 'cached');
    const stale = () =>
      client
        .getQueryCache()
        .getAll()
        .filter((q) => q.state.isInvalidated)
        .map((q) => q.queryKey);

    await client.invalidateQueries({ queryKey: callPrefix(rubricsApi.all) });
    expect(stale()).toEqual([page1, page2]);

    await invalidateCalls(client, [scenariosApi.detail, scenariosApi.scorecardDisplay], { params: { id: 7 } });
    expect(stale()).toEqual([page1, page2, detail7, display7]);
  });
});
