import v8 from 'node:v8';
import { describe, expect, it } from 'vitest';
import { IDLE_MEMORY, returnMemoryNow, shouldReturnMemory } from '../src/lib/idle-memory';

const MB = 1024 * 1024;

describe('memory given back after a busy moment (docs/decisions/0097)', () => {
  const settled = { floor: 100 * MB, lastAt: 0 };
  const quietAndGrown = { heapTotal: 300 * MB, utilization: 0.02, now: 120_000 };

  it('collects once the server is quiet and its heap has grown well past where it settled', () => {
    expect(shouldReturnMemory(quietAndGrown, settled)).toBe(true);
  });

  it('never under load, never for a small growth, never twice within the gap', () => {
    expect(shouldReturnMemory({ ...quietAndGrown, utilization: IDLE_MEMORY.quietUtilization }, settled)).toBe(false);
    expect(shouldReturnMemory({ ...quietAndGrown, heapTotal: settled.floor + IDLE_MEMORY.growthBytes }, settled)).toBe(false);
    expect(shouldReturnMemory({ ...quietAndGrown, now: IDLE_MEMORY.minGapMs - 1 }, settled)).toBe(false);
  });

  it('gives back the pages a busy moment left committed', async () => {
    // A load's pattern: requests' objects live for a while (a window of them in flight), a few stay (a session, a
    // cache entry), and the rest become garbage spread over many pages of the old generation.
    const kept: { id: number; text: string }[] = [];
    let inFlight: { id: number; text: string }[][] = [];
    for (let round = 0; round < 200; round++) {
      const batch = Array.from({ length: 10_000 }, (_, id) => ({ id, text: `request ${round}-${id}` }));
      inFlight.push(batch);
      if (inFlight.length > 60) inFlight.shift();
      for (let i = 0; i < batch.length; i += 200) kept.push(batch[i]!);
      if (round % 10 === 0) await new Promise((resolve) => setTimeout(resolve, 1));
    }
    inFlight = [];
    const grown = v8.getHeapStatistics().total_heap_size;
    const result = returnMemoryNow();
    expect(result).not.toBeNull();
    expect(inFlight).toHaveLength(0);
    expect(kept).toHaveLength(10_000);
    // The objects in flight took over 100 MB; well over half of the committed heap is given back at once.
    expect(grown).toBeGreaterThan(100 * MB);
    expect(result!.after).toBeLessThan(grown / 2);
  });
});
