import http from 'node:http';
import { ERROR_PAGE_TITLES } from '@simvisit/schema';
import { createProxyServer } from 'http-proxy-3';
import { type ConnectionBounds, capPerAddress, DEFAULT_BOUNDS } from './node-server';

export interface BalancerOptions {
  /** the server processes, e.g. http://127.0.0.1:8081 */
  targets: readonly string[];
  /** how long a server that refused a connection is passed over (it is restarting or gone) */
  restMs?: number;
  /** the bounds on clients the servers behind keep no more (they see only the balancer's address) */
  bounds?: ConnectionBounds;
}

/** Connection failures that mean the server never got the request (safe to send a bodiless request elsewhere). */
const NOT_REACHED = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * The round-robin balancer in front of several server processes over one PostgreSQL (issue 23 item 6, decision
 * 0094): http-proxy-3 (a maintained rewrite of node-http-proxy) does the proxying, this file only picks the server.
 * Each request goes to the next server in turn, the Host header kept (partner subdomains, the origin check) and the
 * client's address appended to X-Forwarded-For, which the servers trust (TRUST_PROXY) and read from the end. A
 * change stream is piped event by event, and a client that goes away closes its request to the server (the
 * server then cancels its work). A server that refuses connections is passed over for `restMs`; a GET or HEAD that
 * failed before any answer is sent to the next one, anything else is answered 503 with Retry-After (its body may
 * have been half sent), as the servers answer while their database is away, so the clients retry.
 */
export function createBalancer(options: BalancerOptions): http.Server {
  if (options.targets.length === 0) throw new Error('The balancer needs at least one server.');
  const restMs = options.restMs ?? 2_000;
  const bounds = options.bounds ?? DEFAULT_BOUNDS;
  const servers = options.targets.map((url) => ({ url, restingUntil: 0 }));
  let turn = 0;
  const agent = new http.Agent({ keepAlive: true });
  const proxy = createProxyServer({ xfwd: true, agent });

  /** The next server in turn that is not resting (every one resting: the next in turn all the same). */
  function pick(except?: string): string {
    const now = Date.now();
    for (let i = 0; i < servers.length; i++) {
      const server = servers[(turn + i) % servers.length]!;
      if (server.restingUntil <= now && server.url !== except) {
        turn = (turn + i + 1) % servers.length;
        return server.url;
      }
    }
    const fallback = servers[turn % servers.length]!;
    turn = (turn + 1) % servers.length;
    return fallback.url;
  }

  function send(req: http.IncomingMessage, res: http.ServerResponse, target: string, retried: boolean): void {
    proxy.web(req, res, { target }, (err) => {
      // The client is gone: nobody to answer.
      if (res.destroyed) return;
      const code = (err as NodeJS.ErrnoException).code ?? '';
      const reached = !NOT_REACHED.has(code);
      if (!reached) {
        const server = servers.find((s) => s.url === target);
        if (server) server.restingUntil = Date.now() + restMs;
      }
      const bodiless =
        (req.method === 'GET' || req.method === 'HEAD') && !req.headers['content-length'] && !req.headers['transfer-encoding'];
      // GET and HEAD may be repeated (HTTP's safe methods), so one that failed before any answer (refused, or a kept-alive
      // connection the server dropped as it stopped) is tried once more on the next server.
      if (bodiless && !retried && servers.length > 1 && !res.headersSent) {
        send(req, res, pick(target), true);
        return;
      }
      if (res.headersSent) {
        res.destroy();
        return;
      }
      res.writeHead(503, { 'Content-Type': 'application/json', 'Retry-After': '1', 'Cache-Control': 'no-store' });
      res.end(JSON.stringify({ message: ERROR_PAGE_TITLES['503'] }));
    });
  }

  const server = http.createServer(
    { headersTimeout: bounds.headersTimeoutMs, requestTimeout: bounds.requestTimeoutMs, connectionsCheckingInterval: 1_000 },
    (req, res) => send(req, res, pick(), false),
  );
  server.keepAliveTimeout = bounds.keepAliveMs;
  if (bounds.perAddress > 0) capPerAddress(server, bounds.perAddress);
  server.on('close', () => agent.destroy());
  return server;
}
