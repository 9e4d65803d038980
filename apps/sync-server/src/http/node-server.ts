import type { Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { serve } from '@hono/node-server';

/** The bounds of the HTTP server on slow and greedy clients (LOAD-07, issue 21 item 12, docs/decisions/0082). */
export interface ConnectionBounds {
  /** the time a client has to send its request line and headers (Node's default is a minute) */
  headersTimeoutMs: number;
  /** the time for a whole request with its body: long, so a slow phone that is really uploading is never cut */
  requestTimeoutMs: number;
  /** open connections one address may hold; 0 for none (behind a proxy every client has the proxy's address) */
  perAddress: number;
  /**
   * How long an idle kept-alive connection stays open. Longer than the clients' and proxies' own idle limits (60 s
   * is usual), so the client closes first: with Node's 5 s the server closed sockets a client was just reusing, and
   * that request failed with ECONNRESET (a journey's download, once in CI; the balancer's calls would answer 503).
   */
  keepAliveMs: number;
}

export const DEFAULT_BOUNDS: ConnectionBounds = {
  headersTimeoutMs: 15_000,
  requestTimeoutMs: 600_000,
  perAddress: 64,
  keepAliveMs: 65_000,
};

/**
 * Serves the app over HTTP with the bounds: a client that trickles its headers is closed after
 * `headersTimeoutMs` (checked every second, not Node's 30 s), and an address over its connection cap has its
 * newest connection closed at once.
 */
export function listen(
  fetch: (req: Request) => Response | Promise<Response>,
  where: { port: number; hostname?: string },
  bounds: ConnectionBounds = DEFAULT_BOUNDS,
  onListen?: (info: AddressInfo) => void,
): Server {
  const server = serve(
    {
      fetch,
      port: where.port,
      hostname: where.hostname,
      serverOptions: {
        headersTimeout: bounds.headersTimeoutMs,
        requestTimeout: bounds.requestTimeoutMs,
        connectionsCheckingInterval: Math.min(1_000, bounds.headersTimeoutMs),
      },
    },
    onListen,
  ) as Server;
  server.keepAliveTimeout = bounds.keepAliveMs;
  if (bounds.perAddress > 0) capPerAddress(server, bounds.perAddress);
  return server;
}

/** Closes an address's newest connection over `cap` at once (the app's own server, and the balancer in front of several). */
export function capPerAddress(server: Server, cap: number): void {
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const count = (open.get(address) ?? 0) + 1;
    if (count > cap) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
