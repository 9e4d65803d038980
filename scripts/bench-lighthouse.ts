/**
 * npm run bench, part 3 (issue 22 item 1, decision 0085): Lighthouse mobile (its default: simulated slow 4G, 4x CPU
 * slowdown, a phone screen) in Debian's Chromium against the production build, served as the journeys serve it
 * (tests/playwright.config.ts) on a fresh PGlite folder with the demo data. Signed-in pages carry the session cookie
 * of a sign-in over HTTP (as scripts/smoke.ts signs in). For each learner page it prints the performance score,
 * LCP, TBT, CLS and FCP (the median run of BENCH_LH_RUNS, 3 unless told) and the initial JavaScript the bundle
 * budget counts (scripts/bundle-budget.ts), next to the aims of the issue.
 */

import { type ChildProcess, execSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium } from '@playwright/test';
import { ROLE } from '@simvisit/schema';
import lighthouse from 'lighthouse';
import { CHROMIUM_LAUNCH } from '../tests/support/chromium';
import { gzipSizeIn, INITIAL_JS_AIM, measurePages, readManifest } from './bundle-budget';

const PORT = Number(process.env.BENCH_LH_PORT ?? 8898);
const DEBUG_PORT = Number(process.env.BENCH_LH_DEBUG_PORT ?? 9333);
const RUNS = Math.max(1, Number(process.env.BENCH_LH_RUNS ?? 3));
const BASE = `http://localhost:${PORT}`;
const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'apps/pwa/dist');
const DEMO_PASSWORD = 'demo-pass-2026';

/** The issue's aims: performance score, LCP and TBT in ms, CLS. */
const AIM = { score: 95, lcp: 2500, tbt: 200, cls: 0.1 };

function startServer(dataDir: string): ChildProcess {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(PORT), APP_URL: BASE, PGLITE_DIR: dataDir, DEMO_MODE: 'true' };
  delete env.NODE_ENV;
  return spawn('node', ['--import', 'tsx', 'apps/sync-server/src/main.ts'], { cwd: root, env, detached: true, stdio: 'ignore' });
}

async function waitForServer(child: ChildProcess): Promise<void> {
  for (let i = 0; i < 180; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const ok = await fetch(`${BASE}/api/config`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error(`no answer from ${BASE} within 180 s`);
}

/** Signs in over HTTP; answers the Cookie header of the session and a JSON caller with it. */
async function signIn(email: string) {
  const cookies = new Map<string, string>();
  const call = async (method: string, pathname: string, body?: unknown) => {
    const headers: Record<string, string> = { accept: 'application/json', cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') };
    const xsrf = cookies.get('XSRF-TOKEN');
    if (xsrf) headers['x-xsrf-token'] = decodeURIComponent(xsrf);
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${BASE}${pathname}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      cookies.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim());
    }
    if (!res.ok) throw new Error(`${method} ${pathname} as ${email} answered ${res.status}`);
    const text = await res.text();
    return (text ? JSON.parse(text) : {}) as Record<string, unknown>;
  };
  await call('GET', '/sanctum/csrf-cookie');
  await call('POST', '/api/login', { email, password: DEMO_PASSWORD });
  return {
    cookies: () =>
      [...cookies].map(([name, value]) => ({ name, value, domain: 'localhost', path: '/', secure: true, sameSite: 'Lax' as const })),
    call,
  };
}

type VisitList = Record<string, { id: number; scenario: { id: number } }[] | undefined>;

/** The first visit of a dashboard list of the demo data (spec 000 §2.8). */
async function firstVisit(caller: Awaited<ReturnType<typeof signIn>>, role: number, type: 'scheduled' | 'completed') {
  const answer = (await caller.call('POST', '/api/visit/get-user-visits', { role_id: role, page_start: 0, type })) as unknown as VisitList;
  const visit = answer[`${type}_visits`]?.[0];
  if (!visit) throw new Error(`the demo data has no ${type} visit for role ${role}`);
  return visit;
}

interface Measure {
  score: number;
  lcp: number;
  tbt: number;
  cls: number;
  fcp: number;
}

/**
 * Lighthouse's own storage reset would drop the session cookie too, and a Cookie header it adds is not sent with the
 * app's own calls. So the browser holds the person's cookies (a Playwright context on the browser Lighthouse drives),
 * and before each run everything else of the origin is cleared here: every run is a first visit of a signed-in person.
 */
async function audit(url: string, context: BrowserContext, cookies: Parameters<BrowserContext['addCookies']>[0] | null): Promise<Measure> {
  await context.clearCookies();
  if (cookies) await context.addCookies(cookies);
  const page = context.pages()[0] ?? (await context.newPage());
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Storage.clearDataForOrigin', {
    origin: BASE,
    storageTypes: 'file_systems,indexeddb,local_storage,shader_cache,websql,service_workers,cache_storage',
  });
  await cdp.detach();
  const result = await lighthouse(url, {
    port: DEBUG_PORT,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    disableStorageReset: true,
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  // A signed-in page that lands on /login was measured signed out: the figures would be the login page's.
  if (cookies && new URL(lhr.finalDisplayedUrl).pathname === '/login') throw new Error(`${url} was shown signed out`);
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    fcp: value('first-contentful-paint'),
  };
}

function median(runs: Measure[]): Measure {
  const sorted = [...runs].sort((a, b) => a.score - b.score);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function main() {
  if (!existsSync(path.join(dist, '.vite/manifest.json'))) execSync('npm run build', { cwd: root, stdio: 'inherit' });
  const bytes = new Map(measurePages(readManifest(dist), gzipSizeIn(dist)).map((m) => [m.page, m.bytes]));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'simvisit-lighthouse-'));
  const server = startServer(dataDir);
  const profile = mkdtempSync(path.join(tmpdir(), 'simvisit-lighthouse-profile-'));
  // A persistent context is the browser's default one: the tabs Lighthouse opens share its cookies.
  const context = await chromium.launchPersistentContext(profile, {
    ...CHROMIUM_LAUNCH,
    args: [...CHROMIUM_LAUNCH.args, `--remote-debugging-port=${DEBUG_PORT}`],
  });
  try {
    await waitForServer(server);
    const learner = await signIn('learner@demo.test');
    const sp = await signIn('sp@demo.test');
    const scheduled = await firstVisit(learner, ROLE.learner, 'scheduled');
    const scored = await firstVisit(sp, ROLE.standardized_patient, 'completed');
    const pages: { page: string; url: string; cookies: ReturnType<typeof learner.cookies> | null }[] = [
      { page: '/login', url: '/login', cookies: null },
      { page: '/register', url: '/register', cookies: null },
      { page: 'learner dashboard (/dashboard)', url: '/dashboard', cookies: learner.cookies() },
      { page: 'scenario list (/scenarios)', url: '/scenarios', cookies: learner.cookies() },
      {
        page: 'scheduling page (/scenarios/$id/overview)',
        url: `/scenarios/${scheduled.scenario.id}/overview`,
        cookies: learner.cookies(),
      },
      { page: 'visit page (/visit/$visit_id)', url: `/visit/${scheduled.id}`, cookies: learner.cookies() },
      { page: 'SP scorecard page (/visit/$visit_id/scorecard)', url: `/visit/${scored.id}/scorecard`, cookies: sp.cookies() },
    ];
    console.log(
      `Lighthouse ${RUNS > 1 ? `median of ${RUNS} runs` : '1 run'}, mobile; aims: score >= ${AIM.score}, LCP <= ${AIM.lcp} ms, TBT <= ${AIM.tbt} ms, CLS <= ${AIM.cls}, initial JS <= ${INITIAL_JS_AIM} bytes gzip`,
    );
    console.log(`${'page'.padEnd(48)} score   LCP ms   TBT ms    CLS   FCP ms   initial JS`);
    for (const { page, url, cookies } of pages) {
      const runs: Measure[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await audit(`${BASE}${url}`, context, cookies));
      const m = median(runs);
      const js = bytes.get(page);
      const flag = m.score >= AIM.score && m.lcp <= AIM.lcp && m.tbt <= AIM.tbt && m.cls <= AIM.cls ? '' : '  (below the aim)';
      console.log(
        `${page.padEnd(48)} ${String(m.score).padStart(5)} ${m.lcp.toFixed(0).padStart(8)} ${m.tbt.toFixed(0).padStart(8)} ${m.cls.toFixed(3).padStart(6)} ${m.fcp.toFixed(0).padStart(8)} ${String(js ?? '?').padStart(12)}${flag}`,
      );
    }
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
    if (server.pid !== undefined) {
      try {
        process.kill(-server.pid, 'SIGTERM');
      } catch {}
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
