import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createBalancer } from '../http/round-robin-proxy';

/**
 * `npm run serve:two` (`npm run start:two` builds the PWA first): two server processes over one PostgreSQL
 * (DATABASE_URL) behind the round-robin balancer, on one machine (issue 23 item 6, decision 0094). The balancer
 * listens on PORT (8080) at HOST; the servers on 127.0.0.1 only, at SERVER_PORTS (PORT+1 and PORT+2), so nothing
 * reaches them past the balancer (they trust its X-Forwarded-For). Every other setting is handed to both. A server
 * that stops after it had started is started again; one that cannot start (a setting it refuses) stops the whole.
 */
const main = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../main.ts');
const env = process.env;

if (!env.DATABASE_URL) {
  console.error(
    '[two] not started: two servers share one PostgreSQL, so set DATABASE_URL=postgres://… (the embedded PGlite belongs to one process).',
  );
  process.exit(1);
}
const port = Number(env.PORT ?? 8080);
const host = env.HOST ?? '0.0.0.0';
const ports = (env.SERVER_PORTS ?? `${port + 1},${port + 2}`).split(',').map((p) => Number(p.trim()));
if (ports.length < 2 || ports.some((p) => !Number.isInteger(p) || p <= 0 || p === port)) {
  console.error('[two] not started: SERVER_PORTS must list two ports other than PORT, e.g. 8081,8082');
  process.exit(1);
}
const childEnv = { ...env, HOST: '127.0.0.1', APP_URL: env.APP_URL ?? `http://localhost:${port}`, TRUST_PROXY: 'true' };

let stopping = false;
const children = new Map<number, ChildProcess>();

function prefixed(name: string, stream: NodeJS.WritableStream) {
  let rest = '';
  return (chunk: Buffer) => {
    const lines = (rest + chunk.toString()).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) stream.write(`[${name}] ${line}\n`);
  };
}

async function answers(serverPort: number): Promise<boolean> {
  try {
    return (await fetch(`http://127.0.0.1:${serverPort}/api/config`)).ok;
  } catch {
    return false;
  }
}

function start(n: number, serverPort: number): void {
  const name = `server ${n}`;
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    env: { ...childEnv, PORT: String(serverPort) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.set(n, child);
  child.stdout?.on('data', prefixed(name, process.stdout));
  child.stderr?.on('data', prefixed(name, process.stderr));
  let started = false;
  const poll = setInterval(async () => {
    if (child.exitCode === null && (await answers(serverPort))) {
      started = true;
      clearInterval(poll);
    }
  }, 500);
  child.once('exit', (code, signal) => {
    clearInterval(poll);
    children.delete(n);
    if (stopping) return;
    if (!started) {
      console.error(`[two] ${name} could not start (exit ${code ?? signal}): stopping`);
      void stop(1);
      return;
    }
    console.error(`[two] ${name} stopped (exit ${code ?? signal}); starting it again`);
    setTimeout(() => !stopping && start(n, serverPort), 1_000);
  });
}

const balancer = createBalancer({ targets: ports.map((p) => `http://127.0.0.1:${p}`) });

async function stop(code = 0): Promise<void> {
  if (stopping) return;
  stopping = true;
  balancer.close();
  balancer.closeAllConnections();
  await Promise.all(
    [...children.values()].map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        }),
    ),
  );
  process.exit(code);
}
process.once('SIGINT', () => void stop());
process.once('SIGTERM', () => void stop());

for (const [i, serverPort] of ports.entries()) start(i + 1, serverPort);
balancer.listen(port, host, () =>
  console.log(`[two] balancer on ${host}:${port} (${childEnv.APP_URL}), round robin over servers at 127.0.0.1:${ports.join(' and :')}`),
);
