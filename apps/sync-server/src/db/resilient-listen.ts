import pg from 'pg';

export interface ListenOptions {
  connectionString: string;
  channel: string;
  onPayload: (payload: string) => void;
  /** Called after the connection came back: notifications sent while it was away are lost, so listeners re-pull. */
  onReconnect: () => void;
  /** First retry delay; doubles on every failed attempt up to maxDelayMs (1 s: see listenWithReconnect). */
  initialDelayMs?: number;
  maxDelayMs?: number;
}

/**
 * LISTEN on a dedicated connection (LISTEN lives as long as its connection) that is opened again, with
 * exponential backoff, whenever PostgreSQL drops it (a restart, pg_terminate_backend, a network cut). Without
 * this, live updates stopped for good after one dropped connection while REST kept working (issue 11 item 2).
 * The first connection must succeed: the caller is starting up. Resolves to the function that stops listening.
 *
 * The delay stops growing at one second: an attempt costs one refused connection, and a delay that kept doubling
 * to 30 s left open streams without their RESYNC for 12 s after a 20 s outage while REST was back at once
 * (issue 21 item 11). Failed attempts are logged once per outage, with their count when the connection is back.
 */
export async function listenWithReconnect(opts: ListenOptions): Promise<() => Promise<void>> {
  const initialDelay = opts.initialDelayMs ?? 250;
  const maxDelay = opts.maxDelayMs ?? 1_000;
  let current: pg.Client | null = null;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let failures = 0;

  const lost = (client: pg.Client, reason: string) => {
    if (stopped || client !== current) return;
    current = null;
    console.error(`[db] listen connection lost (${reason}); reconnecting`);
    client.end().catch(() => {});
    schedule();
  };

  async function connect(): Promise<void> {
    const client = new pg.Client({ connectionString: opts.connectionString });
    client.on('error', (err) => lost(client, err.message));
    client.on('end', () => lost(client, 'connection ended'));
    client.on('notification', (n) => {
      if (n.channel === opts.channel) opts.onPayload(n.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(opts.channel)}`);
    } catch (err) {
      await client.end().catch(() => {});
      throw err;
    }
    if (stopped) {
      await client.end().catch(() => {});
      return;
    }
    current = client;
  }

  function schedule() {
    if (stopped || timer) return;
    const delay = Math.min(maxDelay, initialDelay * 2 ** failures);
    timer = setTimeout(async () => {
      timer = null;
      try {
        await connect();
        const attempts = failures;
        failures = 0;
        if (stopped) return;
        console.warn(`[db] listen connection restored${attempts ? ` after ${attempts} failed attempts` : ''}`);
        opts.onReconnect();
      } catch (err) {
        failures += 1;
        if (failures === 1) console.error(`[db] listen reconnect failed: ${(err as Error).message} (retrying every second)`);
        schedule();
      }
    }, delay);
    // A pending retry must not keep a stopping process alive.
    timer.unref();
  }

  await connect();
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    const client = current;
    current = null;
    await client?.end().catch(() => {});
  };
}
