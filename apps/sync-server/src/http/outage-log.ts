/**
 * Requests refused because the database cannot serve are logged once per outage, not one line each (issue 21
 * item 11: 4,997 lines in three 20 s cuts buried everything else): the first refusal with its cause, then, when a
 * request is answered again, one summary with the count and the length of the outage.
 */
export function createOutageLog(log: (line: string) => void = (line) => console.error(line), now: () => number = Date.now) {
  let since: number | null = null;
  let refused = 0;
  return {
    refused(requestId: string, cause: string): void {
      refused += 1;
      if (since !== null) return;
      since = now();
      log(`[${requestId}] database unavailable: ${cause} (further refusals are counted until it answers again)`);
    },
    answered(): void {
      if (since === null) return;
      log(`[db] database answers again: ${refused} requests refused with 503 over ${((now() - since) / 1000).toFixed(1)} s`);
      since = null;
      refused = 0;
    },
  };
}

/** This process's log of database outages (the error handler and the app's first middleware share it). */
export const outageLog = createOutageLog();
