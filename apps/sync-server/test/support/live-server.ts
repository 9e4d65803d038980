import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server as a real process (`node --import tsx src/main.ts`), for what an in-process app cannot show: a
 * `kill -9` and a restart (issue 11, standing proof 4). Its output is kept for the failure message.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const START_TIMEOUT_MS = 120_000;

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export class LiveServer {
  private child: ChildProcess | null = null;
  private output = '';
  readonly base: string;

  constructor(
    private port: number,
    private env: Record<string, string>,
  ) {
    this.base = `http://127.0.0.1:${port}`;
  }

  get log(): string {
    return this.output.slice(-4000);
  }

  async start(): Promise<void> {
    // The test's own settings last: servers behind a balancer are told its address as their APP_URL.
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(this.port),
      HOST: '127.0.0.1',
      APP_URL: `http://localhost:${this.port}`,
      ...this.env,
    };
    delete env.NODE_ENV;
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/sync-server/src/main.ts'], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString()).slice(-100_000);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    this.child = child;
    const deadline = Date.now() + START_TIMEOUT_MS;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${this.log}`);
      try {
        if ((await fetch(`${this.base}/api/config`)).ok) return;
      } catch {}
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(`the server did not answer within ${START_TIMEOUT_MS / 1000} s:\n${this.log}`);
  }

  /** `kill -9`: no shutdown hook runs, open connections drop mid-request. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    this.child = null;
  }
}

/**
 * A cookie-keeping HTTP client of a live server (or of the balancer in front of several), echoing the CSRF cookie
 * as the PWA does. A body is sent as JSON, or as it is when it is FormData (an upload).
 */
export class LiveClient {
  constructor(
    private server: { base: string },
    private cookies = new Map<string, string>(),
  ) {}

  /** The same person (the same cookies, shared from now on) talking to another server. */
  via(server: { base: string }): LiveClient {
    return new LiveClient(server, this.cookies);
  }

  async request(method: string, pathname: string, body?: unknown, signal?: AbortSignal): Promise<Response> {
    const headers: Record<string, string> = { accept: 'application/json', host: new URL(this.server.base).host };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const xsrf = this.cookies.get('XSRF-TOKEN');
    if (xsrf) headers['x-xsrf-token'] = decodeURIComponent(xsrf);
    const form = body instanceof FormData;
    if (body !== undefined && !form) headers['content-type'] = 'application/json';
    const res = await fetch(`${this.server.base}${pathname}`, {
      method,
      headers,
      body: body === undefined ? undefined : form ? body : JSON.stringify(body),
      signal,
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const value = pair!.slice(eq + 1).trim();
      if (value === '') this.cookies.delete(pair!.slice(0, eq).trim());
      else this.cookies.set(pair!.slice(0, eq).trim(), value);
    }
    return res;
  }

  async login(email: string, password: string): Promise<void> {
    await this.request('GET', '/sanctum/csrf-cookie');
    const res = await this.request('POST', '/api/login', { email, password, slug: 'sp' });
    if (res.status !== 200) throw new Error(`login of ${email} failed: ${res.status} ${await res.text()}`);
  }
}
