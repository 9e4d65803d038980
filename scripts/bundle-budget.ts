/**
 * The initial JavaScript budget of the learner's pages (issue 22, decision 0085), run by the test command after
 * the PWA's build. It reads Vite's manifest (apps/pwa/dist/.vite/manifest.json) and, for each page, sums the gzip
 * size of the JavaScript the page loads before it can show anything: the entry and its static imports, then the
 * lazy chunks the page draws with (the signed-in frame, the page's route chunk) and their static imports. Other
 * dynamic imports (the offline store, the phone data, the rich-text editor, the card form) load later and do not
 * count. Exits 1, naming each page over its budget.
 */

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** One chunk of Vite's build manifest (the fields this check reads). */
export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
export type BuildManifest = Record<string, ManifestChunk>;

/**
 * A page and the lazy modules it loads before it draws, beside the entry: the signed-in frame's chunk and the page's
 * route chunk (none: the page is in the entry's own chunks, as /login is).
 */
export interface PageBudget {
  page: string;
  routeModules: string[];
  budgetBytes: number;
}

/**
 * The aim of issue 22: 170 KB (170,000 bytes) gzip, what a mid-range phone on slow 4G parses and runs within
 * Lighthouse's TBT and LCP aims. Printed beside each page; the check itself holds each page to its budget below.
 */
export const INITIAL_JS_AIM = 170_000;

/** The signed-in frame (top bar, menus, sidebar, dialogs, sync state): its own chunk, loaded with every signed-in page. */
const SIGNED_IN_FRAME = 'src/platform/shell/AppShell.tsx';

/**
 * Each page's budget: what the build reaches (decision 0085, 'Fourth pass'), plus about 2 %. The signed-in pages do not
 * meet the aim yet: React, the router and query, zod's core, the route definitions and the frame are about 155 KB of each. Lower these as pages shrink, never raise them.
 */
export const PAGE_BUDGETS: PageBudget[] = [
  { page: '/login', routeModules: [], budgetBytes: 155_000 },
  { page: '/register', routeModules: ['src/features/registration/registration-routes.lazy.tsx'], budgetBytes: 162_000 },
  {
    page: 'learner dashboard (/dashboard)',
    // The learner's view of the dashboard is a chunk of its own, loaded beside the page's.
    routeModules: [SIGNED_IN_FRAME, 'src/features/dashboard/dashboard-routes.lazy.tsx', 'src/features/dashboard/views/VisitView.tsx'],
    // Fifth pass: the dashboards' list contract apart from the training sessions' client (177,362 bytes).
    budgetBytes: 181_000,
  },
  {
    page: 'scenario list (/scenarios)',
    routeModules: [SIGNED_IN_FRAME, 'src/features/scenarios/scenarios-routes.lazy.tsx'],
    budgetBytes: 189_000,
  },
  {
    page: 'scheduling page (/scenarios/$id/overview)',
    routeModules: [SIGNED_IN_FRAME, 'src/features/scenarios/scenarios-routes.lazy.tsx'],
    budgetBytes: 189_000,
  },
  {
    page: 'visit page (/visit/$visit_id)',
    routeModules: [SIGNED_IN_FRAME, 'src/features/visits/visits-routes.lazy.tsx'],
    budgetBytes: 192_000,
  },
  {
    page: 'SP scorecard page (/visit/$visit_id/scorecard)',
    routeModules: [SIGNED_IN_FRAME, 'src/features/visit-scorecards/visit-scorecards-routes.lazy.tsx'],
    budgetBytes: 216_000,
  },
];

/** The JavaScript files a chunk loads at once: itself and, transitively, its static imports (not its dynamic ones). */
function staticClosure(manifest: BuildManifest, key: string, files: Set<string>): void {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`The build manifest has no chunk ${key}.`);
  if (!chunk.file.endsWith('.js') || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, files);
}

/** The JavaScript files a page loads initially: the entry's closure, then each of its lazy modules' closures. */
export function initialFiles(manifest: BuildManifest, routeModules: readonly string[]): string[] {
  const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry && chunk.file.endsWith('.js'));
  if (entries.length === 0) throw new Error('The build manifest has no JavaScript entry.');
  const files = new Set<string>();
  for (const [key] of entries) staticClosure(manifest, key, files);
  for (const routeModule of routeModules) staticClosure(manifest, routeModule, files);
  return [...files];
}

export interface PageMeasure {
  page: string;
  bytes: number;
  budgetBytes: number;
  files: string[];
}

/** Each page's initial JavaScript in gzip bytes; gzipSize reads one built file. */
export function measurePages(manifest: BuildManifest, gzipSize: (file: string) => number, pages = PAGE_BUDGETS): PageMeasure[] {
  return pages.map(({ page, routeModules, budgetBytes }) => {
    const files = initialFiles(manifest, routeModules);
    return { page, budgetBytes, files, bytes: files.reduce((sum, file) => sum + gzipSize(file), 0) };
  });
}

/** One line per page over its budget; empty when every page fits. */
export function budgetFailures(measures: PageMeasure[]): string[] {
  return measures
    .filter((m) => m.bytes > m.budgetBytes)
    .map((m) => `${m.page}: ${m.bytes} bytes of initial JavaScript (gzip), over its budget of ${m.budgetBytes} bytes`);
}

/** Gzip (level 9, as the build's precompressed siblings) of a file under dist. */
export function gzipSizeIn(distDir: string): (file: string) => number {
  return (file) => gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length;
}

export function readManifest(distDir: string): BuildManifest {
  return JSON.parse(readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8')) as BuildManifest;
}

function main() {
  const distDir = path.resolve(import.meta.dirname, '../apps/pwa/dist');
  const measures = measurePages(readManifest(distDir), gzipSizeIn(distDir));
  for (const m of measures) {
    console.log(
      `${m.page.padEnd(48)} ${String(m.bytes).padStart(7)} bytes gzip (budget ${m.budgetBytes}, aim ${INITIAL_JS_AIM}), ${m.files.length} files`,
    );
  }
  const failures = budgetFailures(measures);
  if (failures.length > 0) {
    for (const line of failures) console.error(`Bundle budget exceeded: ${line}`);
    process.exit(1);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) main();
