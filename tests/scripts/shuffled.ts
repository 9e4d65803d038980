import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BASE_URL, E2E_PORT } from '../support/accounts';

/*
 * Runs every journey in a shuffled file order (docs/decisions/0039), to show that none relies on another having
 * run first. The seed is printed; E2E_SHUFFLE_SEED=<seed> repeats an order. Arguments go to each Playwright run.
 */
const testsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const e2eDir = path.join(testsDir, 'e2e');

function specsUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory() ? specsUnder(path.join(dir, entry.name)) : entry.name.endsWith('.spec.ts') ? [path.join(dir, entry.name)] : [],
    )
    .sort();
}

/** mulberry32: a small seeded generator, so an order can be run again. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const seed = Number(process.env.E2E_SHUFFLE_SEED || Math.floor(Math.random() * 1_000_000));
const next = random(seed);
const specs = specsUnder(e2eDir).map((file) => path.relative(testsDir, file));
for (let i = specs.length - 1; i > 0; i--) {
  const j = Math.floor(next() * (i + 1));
  [specs[i], specs[j]] = [specs[j]!, specs[i]!];
}
console.log(`Shuffle seed ${seed} (E2E_SHUFFLE_SEED=${seed} repeats it). Order:\n${specs.map((s, i) => `${i + 1}. ${s}`).join('\n')}`);

// Playwright runs the files it is given in its own (alphabetical) order, so each file gets a run of its own, in
// the shuffled order, against one server started here: the files share its database as in a whole-suite run.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'simvisit-e2e-shuffled-'));
const server: ChildProcess = spawn('node', ['--import', 'tsx', '../apps/sync-server/src/main.ts'], {
  cwd: testsDir,
  env: {
    ...process.env,
    NODE_ENV: '',
    PORT: String(E2E_PORT),
    APP_URL: BASE_URL,
    PGLITE_DIR: dataDir,
    DEMO_MODE: 'true',
    TEST_MODE: 'true',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});

async function serverUp(): Promise<void> {
  for (let attempt = 0; attempt < 240; attempt++) {
    const answer = await fetch(`${BASE_URL}/api/config`).catch(() => null);
    if (answer?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`The server did not answer on ${BASE_URL} within 2 minutes`);
}

const failed: string[] = [];
try {
  await serverUp();
  const outputRoot = process.env.E2E_OUTPUT_DIR || path.join(testsDir, 'test-results');
  for (const [index, spec] of specs.entries()) {
    const run = spawnSync('npx', ['playwright', 'test', spec, ...process.argv.slice(2)], {
      cwd: testsDir,
      stdio: 'inherit',
      env: { ...process.env, E2E_EXTERNAL_SERVER: '1', E2E_OUTPUT_DIR: path.join(outputRoot, `${index + 1}`) },
    });
    if (run.status !== 0) failed.push(spec);
  }
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
console.log(
  failed.length ? `Failed (seed ${seed}):\n${failed.join('\n')}` : `All ${specs.length} spec files passed in the order of seed ${seed}.`,
);
process.exit(failed.length ? 1 : 0);
