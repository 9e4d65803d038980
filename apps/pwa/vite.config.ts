import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from './vite-precompress.ts';

// The sync server serves the API and, in production, this build. In development Vite proxies to it so the
// browser sees one origin, which the session and XSRF cookies need.
const SERVER = 'http://localhost:8080';
const proxied = ['/api', '/sanctum', '/sync', '/docs', '/openapi.json'];
const BRAND = '#1c7b93';

/**
 * Installable and offline (DESIGN.md §6): the service worker precaches the app shell and answers every
 * navigation with it, except the server's own paths. Nothing under /api, /sync or /sanctum is cached: data
 * lives in the local store (RxDB), sessions stay with the server. A new version waits for the person's
 * reload (registerType 'prompt'), which the shell offers only when no writes are pending.
 */
const pwa = VitePWA({
  registerType: 'prompt',
  injectRegister: false,
  // globPatterns below already takes every public file; the manifest icons are not added a second time.
  includeManifestIcons: false,
  manifest: {
    id: '/',
    name: 'SimVisit',
    short_name: 'SimVisit',
    description: 'Simulated-patient training visits for healthcare learners.',
    start_url: '/dashboard',
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    theme_color: BRAND,
    background_color: '#f8fafc',
    categories: ['education', 'medical'],
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    globPatterns: ['**/*.{js,css,html,svg,png,ico,woff2,webmanifest}'],
    navigateFallback: 'index.html',
    navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/sync(\/|$)/, /^\/sanctum(\/|$)/, /^\/docs(\/|$)/, /^\/openapi\.json$/],
    // No runtime caching at all: API, sync and session calls always go to the network.
    runtimeCaching: [],
    cleanupOutdatedCaches: true,
    clientsClaim: false,
    skipWaiting: false,
    maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
    // Web Push (the profile's push switch): public/push-sw.js shows pushes and opens their same-origin link.
    importScripts: ['/push-sw.js'],
  },
  devOptions: { enabled: false },
});

export default defineConfig({
  // precompress() runs last (its closeBundle is ordered 'post'), once the PWA plugin has written the service worker.
  plugins: [react(), tailwindcss(), pwa, precompress()],
  // The offline store's worker (platform/sync/storage-worker.ts) as an ES module, as it is started.
  worker: { format: 'es' },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // dist/.vite/manifest.json: which chunks each entry and dynamic import loads, read by the bundle budget check
    // (scripts/bundle-budget.ts, decision 0085).
    manifest: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            // The app code the first page needs (router, guards, shell, login page, shared schema and UI) in one
            // chunk beside the entry. Without this group the bundler splits each module that the lazy route chunks
            // also use into a chunk of its own: some twenty small files preloaded before the first paint. Their
            // libraries stay in the groups below (includeDependenciesRecursively: false); the pages are lazy route
            // chunks (features/<feature>/<feature>-routes.lazy.tsx, decision 0033).
            {
              name: 'app-shell',
              tags: ['$initial'],
              test: /[\\/](apps[\\/]pwa|packages[\\/](schema|ui))[\\/]src[\\/]/,
              includeDependenciesRecursively: false,
            },
            // The dashboards' list contract apart from the training sessions' client (decision 0085, fifth pass): the
            // bundler put both in one chunk (the same pages load them), which made the learner's dashboard load the
            // training sessions' calls and, through them, the meeting, practice, scorecard and rubric schemas.
            {
              name: 'visit-dashboard-contract',
              test: /[\\/]packages[\\/]schema[\\/]src[\\/]((api[\\/])?visit-dashboard|training-session-card)\.ts$/,
              includeDependenciesRecursively: false,
            },
            // Forms that pages show only at a later step, imported dynamically there (decision 0085): kept apart from the
            // small modules those pages use at once (payments-api, the SMS gate), which the bundler would otherwise
            // put in the same chunk and so load the forms with the page.
            {
              name: 'card-form',
              test: /[\\/]features[\\/]payments[\\/]CardPaymentForm\.tsx$/,
              includeDependenciesRecursively: false,
            },
            // Stripe's loader only where a card form with real keys is shown (decision 0090), never in demo mode.
            {
              name: 'stripe',
              test: /([\\/]features[\\/]payments[\\/]stripe-card\.ts$)|([\\/]@stripe[\\/])/,
              includeDependenciesRecursively: false,
            },
            {
              name: 'sms-opt-in',
              test: /[\\/]features[\\/]mobile-verification[\\/](SmsOptInPanel\.tsx|sms-opt-in-form\.ts)$/,
              includeDependenciesRecursively: false,
            },
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            // The library groups take only what the first page loads ($initial): the rest of a library (the table,
            // the dialogs and menus of the signed-in frame, zod's less common schemas) goes with the lazy chunks that
            // use it, not into every page's first JavaScript (decision 0085).
            { name: 'tanstack', tags: ['$initial'], test: /node_modules[\\/]@tanstack[\\/]/ },
            { name: 'radix', tags: ['$initial'], test: /node_modules[\\/](@radix-ui|radix-ui|@floating-ui)[\\/]/ },
            { name: 'zod', tags: ['$initial'], test: /node_modules[\\/]zod[\\/]/ },
            // rxjs's helper library, also used by the dialogs' scroll lock: in the rxdb group (which takes its members'
            // dependencies) it made every dialog load the whole offline store.
            { name: 'tslib', test: /node_modules[\\/]tslib[\\/]/ },
            // The page's part of the store. Dexie and RxDB's Dexie storage run in the store's worker (decision 0099): the
            // bundler builds the worker apart, and in the page they are only the fallback where workers are missing.
            {
              name: 'rxdb',
              test: /node_modules[\\/](rxdb(?![\\/]dist[\\/]esm[\\/]plugins[\\/]storage-dexie)|rxjs|broadcast-channel|oblivious-set|unload|event-reduce-js|custom-idle-queue|array-push-at-sort-position|mingo)[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: SERVER }])),
  },
});
