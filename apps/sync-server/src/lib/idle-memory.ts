import { performance } from 'node:perf_hooks';
import v8 from 'node:v8';
import vm from 'node:vm';

/**
 * Memory given back after a busy moment (issue 23 item 4, docs/decisions/0097). Under 200 connections V8 grows the
 * server thread's heap (280 MB committed for 70 MB live in the load bench) and keeps those pages when the load ends:
 * its own memory reducer did not run in a minute of quiet, and an ordinary full collection frees the objects but
 * not the pages. A collection made while V8 optimizes for size compacts the heap and gives the pages back (RSS
 * 712 → 561 MB, a pause of 50 ms). So once the server has been quiet for a check's window and its heap has grown well
 * past where it last settled, it runs one such collection: never under load, at most once a minute.
 */
export const IDLE_MEMORY = {
  /** How often the server looks at its heap and its event loop. */
  checkEveryMs: 5_000,
  /** Quiet: the event loop was busy less than this share of the last window. */
  quietUtilization: 0.1,
  /** The heap must have grown this much past where it last settled: less is not worth a pause. */
  growthBytes: 64 * 1024 * 1024,
  /** At most one such collection in this time. */
  minGapMs: 60_000,
};
export type IdleMemoryRules = typeof IDLE_MEMORY;

export interface HeapReading {
  /** V8's committed heap (total_heap_size), bytes. */
  heapTotal: number;
  /** The event loop's utilization over the last window, 0..1. */
  utilization: number;
  /** A monotonic time, ms. */
  now: number;
}

export interface IdleMemoryState {
  /** The committed heap where it last settled: at start, after a collection, or lower when it shrank alone. */
  floor: number;
  /** When the last collection ran (monotonic ms). */
  lastAt: number;
}

/** Whether this reading calls for a collection that gives memory back. */
export function shouldReturnMemory(reading: HeapReading, state: IdleMemoryState, rules: IdleMemoryRules = IDLE_MEMORY): boolean {
  return (
    reading.utilization < rules.quietUtilization &&
    reading.heapTotal - state.floor > rules.growthBytes &&
    reading.now - state.lastAt >= rules.minGapMs
  );
}

let collector: (() => void) | null | undefined;

/**
 * The full collection that compacts: V8's `gc` (exposed to a new context only, never as a global of the server's
 * own) run while `--optimize-for-size` is set, which makes V8 reduce its footprint in that collection. Null where
 * the runtime refuses either flag: the server then simply keeps its memory, as before.
 */
function memoryReducingCollector(): (() => void) | null {
  if (collector !== undefined) return collector;
  try {
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as unknown;
    if (typeof gc !== 'function') throw new Error('no gc');
    collector = () => {
      v8.setFlagsFromString('--optimize-for-size');
      try {
        // Pages the first collection empties are released by the next one: two in a row give them back at once.
        gc();
        gc();
      } finally {
        v8.setFlagsFromString('--no-optimize-for-size');
      }
    };
  } catch {
    collector = null;
  }
  return collector;
}

const committedHeap = () => v8.getHeapStatistics().total_heap_size;

/** Runs the memory-reducing collection now; answers the committed heap before and after (null: not available). */
export function returnMemoryNow(): { before: number; after: number } | null {
  const collect = memoryReducingCollector();
  if (!collect) return null;
  const before = committedHeap();
  collect();
  return { before, after: committedHeap() };
}

/** Starts the checks (an unref'd timer: it never keeps the process alive); `stop` ends them. */
export function startIdleMemoryReturn(rules: IdleMemoryRules = IDLE_MEMORY): { stop: () => void } {
  if (!memoryReducingCollector()) return { stop: () => {} };
  const state: IdleMemoryState = { floor: committedHeap(), lastAt: Number.NEGATIVE_INFINITY };
  let mark = performance.eventLoopUtilization();
  const timer = setInterval(() => {
    const now = performance.eventLoopUtilization();
    const reading: HeapReading = {
      heapTotal: committedHeap(),
      utilization: performance.eventLoopUtilization(now, mark).utilization,
      now: performance.now(),
    };
    mark = now;
    if (shouldReturnMemory(reading, state, rules)) {
      const result = returnMemoryNow();
      if (result) {
        state.floor = result.after;
        state.lastAt = reading.now;
        const mb = (bytes: number) => Math.round(bytes / (1024 * 1024));
        console.log(`[memory] quiet after a busy moment: heap ${mb(result.before)} → ${mb(result.after)} MB`);
      }
    } else if (reading.heapTotal < state.floor) {
      state.floor = reading.heapTotal;
    }
  }, rules.checkEveryMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
