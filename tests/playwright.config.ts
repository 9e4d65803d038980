import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { BASE_URL, E2E_PORT } from './support/accounts';
import { JOURNEY_CHROMIUM_LAUNCH } from './support/chromium';

const testsDir = path.dirname(fileURLToPath(import.meta.url));

/**
 * A fresh, empty PGlite folder per run, so the server seeds the demo data of DESIGN.md §3 at start.
 * Playwright loads this file in the runner and again in every worker: the runner creates the folder and
 * passes it on through the environment, which the workers inherit, and removes it when it exits (after the
 * web server has been stopped).
 */
const PGLITE_ENV = 'SIMVISIT_E2E_PGLITE_DIR';
function e2eDataDir(): string {
  const inherited = process.env[PGLITE_ENV];
  if (inherited) return inherited;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'simvisit-e2e-'));
  process.env[PGLITE_ENV] = dir;
  process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}
const pgliteDir = e2eDataDir();

// Playwright spawns the server with process.env merged under these values; an undefined value is dropped by
// Node's spawn, which is how NODE_ENV is unset (the server must not run in production mode here).
const serverEnv = {
  PORT: String(E2E_PORT),
  APP_URL: BASE_URL,
  PGLITE_DIR: pgliteDir,
  DEMO_MODE: 'true',
  // The test clock and the test data factories of support/factories.ts (docs/decisions/0039).
  TEST_MODE: 'true',
  NODE_ENV: undefined as unknown as string,
};

/**
 * The journeys that move the server's test clock (one clock for the whole server): they run after the others,
 * one at a time, so no other journey sees the time jump (docs/decisions/0068).
 */
const CLOCK_JOURNEYS = [
  '**/visit-journey/visit-journey.spec.ts',
  '**/recruitment/recruitment-journey.spec.ts',
  '**/training-sessions/training-session-journey.spec.ts',
];

const chromium = {
  ...devices['Desktop Chrome'],
  launchOptions: JOURNEY_CHROMIUM_LAUNCH,
};

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  // Each journey makes its own data (support/factories.ts), so two files run at once: one per core.
  workers: 2,
  // No retry: a journey that fails once is a defect to fix (three clean runs in a row before this was set, decision 0068).
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  // E2E_OUTPUT_DIR keeps the traces of a run beside another suite apart (Playwright empties its outputDir).
  outputDir: process.env.E2E_OUTPUT_DIR || './test-results',
  use: {
    baseURL: BASE_URL,
    // A failed journey keeps its trace: every action with the page's DOM before and after it. Without the screencast
    // (screenshots), which made Chromium's compositor paint every frame of every journey: the journeys took 30% longer
    // with it on these 2 cores (251 s against 186 s for the same 18 journeys).
    trace: { mode: 'retain-on-failure', screenshots: false },
    // The demo profiles' zone: the device is where the profile says unless a journey sets another (docs/decisions/0086).
    timezoneId: 'America/New_York',
    // Every new context would install the service worker and precache the whole app (about 200 files) behind each
    // journey: 25% of the journeys' time on these 2 cores. The journeys of what the service worker does (offline,
    // install, push) turn it on with test.use({ serviceWorkers: 'allow' }) (decision 0084, 'Journeys without the
    // service worker').
    serviceWorkers: 'block',
  },
  projects: [
    { name: 'chromium', testIgnore: CLOCK_JOURNEYS, use: chromium },
    { name: 'chromium-clock', testMatch: CLOCK_JOURNEYS, dependencies: ['chromium'], workers: 1, use: chromium },
  ],
  // The shuffled-order run (scripts/shuffled.ts) starts one server itself and runs each file against it.
  webServer: process.env.E2E_EXTERNAL_SERVER
    ? undefined
    : {
        command: 'node --import tsx ../apps/sync-server/src/main.ts',
        cwd: testsDir,
        url: `${BASE_URL}/api/config`,
        reuseExistingServer: false,
        timeout: 120_000,
        stdout: 'ignore',
        stderr: 'pipe',
        gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
        env: serverEnv,
      },
});
