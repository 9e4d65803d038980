import { createBalancer } from '../http/round-robin-proxy';

/**
 * The round-robin balancer alone, in front of server processes started elsewhere (the replicas of
 * docker-compose.two.yml): `BALANCER_TARGETS=http://app:8080,http://app-b:8080 node --import tsx
 * apps/sync-server/src/cli/balancer.ts`. Listens on PORT (8080) at HOST (0.0.0.0). Decision 0094.
 */
const targets = (process.env.BALANCER_TARGETS ?? '')
  .split(',')
  .map((t) => t.trim())
  .filter(Boolean);
if (targets.length === 0) {
  console.error('[balancer] not started: set BALANCER_TARGETS to the servers, e.g. http://app:8080,http://app-b:8080');
  process.exit(1);
}
const port = Number(process.env.PORT ?? 8080);
const host = process.env.HOST ?? '0.0.0.0';
const balancer = createBalancer({ targets });
balancer.listen(port, host, () => console.log(`[balancer] listening on ${host}:${port}, round robin over ${targets.join(', ')}`));

const stop = () => {
  balancer.close(() => process.exit(0));
  balancer.closeAllConnections();
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
