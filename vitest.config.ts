import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Every test sees the same zone, whatever the machine's (date rules are tested across zones explicitly).
process.env.TZ = 'UTC';

export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores, so one worker on these 2-core machines: the unit projects
    // ran their files one after another. Their files are small and independent; the server project sets its own.
    maxWorkers: 2,
    projects: [
      // The lint's own rules proved on deliberate violations (scripts/test).
      { test: { name: 'tooling', include: ['scripts/test/**/*.test.ts'], environment: 'node', testTimeout: 60_000 } },
      { test: { name: 'schema', include: ['packages/schema/test/**/*.test.ts'], environment: 'node', sequence: { groupOrder: 0 } } },
      {
        test: {
          name: 'server',
          include: ['apps/sync-server/test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Migrates and seeds one template database per run; each file copies it (decision 0067).
          globalSetup: ['apps/sync-server/test/support/global-setup.ts'],
          // PGlite instances are memory hungry and the machines have 2 cores.
          maxWorkers: 2,
          // A worker runs its files one after another in one module graph: importing the server once per worker
          // rather than once per file halves the suite's CPU time (decision 0084). Module state a file changes
          // (the test clock) is reset by startTestServer.
          isolate: false,
          sequence: { groupOrder: 1 },
        },
      },
      // The PWA's own logic (forms, the local store) in a simulated DOM; journeys stay in tests/e2e.
      {
        test: {
          name: 'pwa',
          include: ['apps/pwa/test/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['apps/pwa/test/setup.ts'],
          testTimeout: 15_000,
        },
        // The router's shell reaches the service worker's registration, a module only the PWA plugin's build has.
        resolve: { alias: { 'virtual:pwa-register': fileURLToPath(new URL('apps/pwa/test/support/pwa-register.ts', import.meta.url)) } },
      },
    ],
  },
});
