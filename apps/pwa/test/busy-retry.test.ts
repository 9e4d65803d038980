import { describe, expect, it, vi } from 'vitest';
import { retryReadWhileBusy } from '../src/lib/busy-retry';

const busy = (retryAfter: string | null) =>
  new Response(JSON.stringify({ message: 'Service Unavailable' }), {
    status: 503,
    headers: retryAfter === null ? {} : { 'Retry-After': retryAfter },
  });
const ok = () => new Response('{}', { status: 200 });

/** Sends the given answers in turn; waits are recorded, not slept. */
function server(...answers: Response[]) {
  const sendOnce = vi.fn(async () => answers.shift()!);
  const waits: number[] = [];
  const wait = async (ms: number) => {
    waits.push(ms);
  };
  return { sendOnce, waits, wait };
}

describe('a read refused while the server is saturated', () => {
  it('is sent again after the Retry-After it was given, and the answer is the page’s', async () => {
    const s = server(busy('2'), ok());
    const response = await retryReadWhileBusy('GET', s.sendOnce, s.wait);
    expect(response.status).toBe(200);
    expect(s.waits).toEqual([2000]);
    expect(s.sendOnce).toHaveBeenCalledTimes(2);
  });

  it('is sent at most three times in all: a server that stays busy is the page’s to show', async () => {
    const s = server(busy('1'), busy('1'), busy('1'), ok());
    expect((await retryReadWhileBusy('GET', s.sendOnce, s.wait)).status).toBe(503);
    expect(s.sendOnce).toHaveBeenCalledTimes(3);
  });

  it('is not sent again without a short Retry-After', async () => {
    for (const retryAfter of [null, '30', 'soon']) {
      const s = server(busy(retryAfter), ok());
      expect((await retryReadWhileBusy('GET', s.sendOnce, s.wait)).status).toBe(503);
      expect(s.sendOnce).toHaveBeenCalledOnce();
    }
  });

  it('never sends a change twice', async () => {
    const s = server(busy('1'), ok());
    expect((await retryReadWhileBusy('POST', s.sendOnce, s.wait)).status).toBe(503);
    expect(s.sendOnce).toHaveBeenCalledOnce();
  });
});
