/** The longest Retry-After a read waits for by itself; a longer one is the page's to show (docs/decisions/0093). */
const MAX_WAIT_SECONDS = 5;
/** How many times a read is sent again after a 503. */
const MAX_RETRIES = 2;

/** Retry-After in seconds (the server sends seconds, never a date), or null when absent or unreadable. */
export function retryAfterOf(response: Response): number | null {
  const seconds = Number(response.headers.get('Retry-After') ?? Number.NaN);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.ceil(seconds) : null;
}

/**
 * A read the server refused because it was saturated (503 with a short Retry-After) is sent again after the wait it
 * asked for, at most twice, so a busy moment does not become an error on the page. Only reads: a refused change is
 * the person's to send again, since a 503 of an outage may come after work beside the database began.
 */
export async function retryReadWhileBusy(
  method: string,
  sendOnce: () => Promise<Response>,
  wait: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<Response> {
  let response = await sendOnce();
  for (let retry = 0; method === 'GET' && response.status === 503 && retry < MAX_RETRIES; retry += 1) {
    const seconds = retryAfterOf(response);
    if (seconds === null || seconds > MAX_WAIT_SECONDS) break;
    await wait(seconds * 1000);
    response = await sendOnce();
  }
  return response;
}
