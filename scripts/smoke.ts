/**
 * Starts the app the way a newcomer and an operator would, and proves it answers (issue 10 item 1 and 2):
 *
 * 1. The README's run command, `npm start`, on its own port with a DATA_DIR that does not exist yet: waits for
 *    it, signs in as a demo account over HTTP, loads `/` and one built asset, stops it.
 * 2. A production run on a fresh PostgreSQL database: `npm run create-admin` with the password on standard
 *    input, then `NODE_ENV=production npm run serve`: no demo data, no demo routes, the admin signs in.
 *
 * `node --import tsx scripts/smoke.ts`; part 2 is skipped (said so) when no PostgreSQL answers.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PG_ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const START_TIMEOUT_MS = 8 * 60_000;

function fail(message: string): never {
  throw new Error(message);
}

/** A running command in its own process group, so stopping it stops npm and the server beneath it. */
function start(label: string, command: string, args: string[], env: NodeJS.ProcessEnv): { child: ChildProcess; log: () => string } {
  let output = '';
  const child = spawn(command, args, { cwd: root, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const keep = (chunk: Buffer) => {
    output += chunk.toString();
    if (output.length > 200_000) output = output.slice(-100_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  console.log(`[smoke] ${label}: ${command} ${args.join(' ')}`);
  return { child, log: () => output };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    return;
  }
  const timer = setTimeout(() => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {}
  }, 10_000);
  await exited;
  clearTimeout(timer);
}

async function waitForServer(base: string, proc: { child: ChildProcess; log: () => string }): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (proc.child.exitCode !== null) fail(`the server exited with ${proc.child.exitCode}:\n${proc.log().slice(-4000)}`);
    try {
      const res = await fetch(`${base}/api/config`);
      if (res.ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 1000));
  }
  fail(`no answer from ${base} within ${START_TIMEOUT_MS / 1000} s:\n${proc.log().slice(-4000)}`);
}

/** A minimal cookie-keeping client: the server's cookies are Secure, which fetch does not enforce. */
class Browser {
  private cookies = new Map<string, string>();
  constructor(private base: string) {}

  async request(method: string, pathname: string, body?: unknown): Promise<Response> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const xsrf = this.cookies.get('XSRF-TOKEN');
    if (xsrf && method !== 'GET') headers['x-xsrf-token'] = decodeURIComponent(xsrf);
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${this.base}${pathname}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim());
    }
    return res;
  }

  async login(email: string, password: string): Promise<void> {
    await this.request('GET', '/sanctum/csrf-cookie');
    const res = await this.request('POST', '/api/login', { email, password });
    if (res.status !== 200) fail(`login of ${email} answered ${res.status}: ${await res.text()}`);
    const check = await this.request('GET', '/api/auth/user');
    if (check.status !== 200) fail(`GET /api/auth/user after login answered ${check.status}`);
    console.log(`[smoke] signed in as ${email}`);
  }
}

async function expectPageAndAsset(base: string): Promise<void> {
  const page = await fetch(`${base}/`);
  const html = await page.text();
  if (page.status !== 200 || !html.includes('<div id="root">')) fail(`GET / answered ${page.status} without the app's page`);
  const asset = html.match(/(?:src|href)="(\/assets\/[^"]+\.js)"/)?.[1] ?? fail('index.html names no built script under /assets');
  const res = await fetch(`${base}${asset}`);
  if (res.status !== 200 || (await res.arrayBuffer()).byteLength === 0) fail(`GET ${asset} answered ${res.status}`);
  console.log(`[smoke] GET / and ${asset}: 200`);
}

async function readmeRunCommand(): Promise<void> {
  const port = 8300 + Math.floor(Math.random() * 500);
  const base = `http://localhost:${port}`;
  // A DATA_DIR two folders deep that does not exist yet: the server must create it.
  const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'simvisit-smoke-')), 'fresh', 'data');
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), APP_URL: base, DATA_DIR: dataDir };
  delete env.NODE_ENV;
  delete env.DATABASE_URL;
  delete env.DEMO_MODE;
  const proc = start('the README run command', 'npm', ['start'], env);
  try {
    await waitForServer(base, proc);
    const config = await (await fetch(`${base}/api/config`)).json();
    if (config.demo_mode !== true) fail('demo mode is not on in the embedded mode');
    await new Browser(base).login('learner@demo.test', 'demo-pass-2026');
    await expectPageAndAsset(base);
    if (!fs.existsSync(path.join(dataDir, 'pglite'))) fail(`the server did not keep its data under ${dataDir}`);
  } finally {
    await stop(proc.child);
    fs.rmSync(path.dirname(path.dirname(dataDir)), { recursive: true, force: true });
  }
  console.log('[smoke] npm start: ok');
}

async function postgresAnswers(): Promise<boolean> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

async function productionRun(): Promise<void> {
  if (!(await postgresAnswers())) {
    console.log(`[smoke] production run: skipped (no PostgreSQL answers at ${PG_ADMIN_URL})`);
    return;
  }
  const name = `simvisit_smoke_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  const port = 8800 + Math.floor(Math.random() * 500);
  const base = `http://localhost:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: url.toString(),
    PORT: String(port),
    APP_URL: base,
  };
  delete env.DEMO_MODE;
  let proc: ReturnType<typeof start> | null = null;
  try {
    const email = 'first-admin@smoke.test';
    const password = `Smoke-${randomBytes(9).toString('base64url')}`;
    const created = spawnSync('npm', ['run', '--silent', 'create-admin', '--', '--email', email, '--password-stdin'], {
      cwd: root,
      env,
      input: `${password}\n`,
      encoding: 'utf8',
    });
    if (created.status !== 0) fail(`create-admin exited ${created.status}: ${created.stdout}${created.stderr}`);
    if (created.stdout.includes(password)) fail('create-admin printed a password it was given');
    console.log(`[smoke] ${created.stdout.trim()}`);

    proc = start('the production run', 'npm', ['run', 'serve'], env);
    await waitForServer(base, proc);
    const config = await (await fetch(`${base}/api/config`)).json();
    if (config.demo_mode !== false) fail('demo mode is on in a production run');
    if ((await fetch(`${base}/api/demo/outbox`)).status !== 404) fail('a demo route answers in a production run');
    const browser = new Browser(base);
    const demo = await browser
      .request('GET', '/sanctum/csrf-cookie')
      .then(() => browser.request('POST', '/api/login', { email: 'learner@demo.test', password: 'demo-pass-2026' }));
    if (demo.status === 200) fail('a demo account signed in to a production run');
    await browser.login(email, password);
    await expectPageAndAsset(base);
  } finally {
    if (proc) await stop(proc.child);
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
  console.log('[smoke] production run and create-admin: ok');
}

try {
  await readmeRunCommand();
  await productionRun();
} catch (error) {
  console.error(`[smoke] FAILED: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
