import type { TestServer } from './test-server';

export const DEMO_PASSWORD = 'demo-pass-2026';
/** The demo brands that ask for a passcode (seed/demo-seed.ts), entered on sign-in unless a test says not to. */
export const DEMO_PASSCODES: Readonly<Record<string, string>> = { northfield: 'NORTH-2026' };

/**
 * A browser-like client over app.request(): keeps cookies, fetches the CSRF cookie and echoes it in
 * X-XSRF-TOKEN, the way the PWA does.
 */
export class Client {
  cookies = new Map<string, string>();
  constructor(
    private server: Pick<TestServer, 'app'>,
    private host = 'localhost:8080',
  ) {}

  get xsrf(): string | undefined {
    const v = this.cookies.get('XSRF-TOKEN');
    return v === undefined ? undefined : decodeURIComponent(v);
  }

  get sessionCookie(): string | undefined {
    for (const [k, v] of this.cookies) if (k.endsWith('simvisit_session')) return v;
    return undefined;
  }

  async request(
    method: string,
    path: string,
    opts: { json?: unknown; body?: RequestInit['body']; headers?: Record<string, string>; csrf?: boolean } = {},
  ): Promise<Response> {
    const headers: Record<string, string> = { accept: 'application/json', host: this.host, ...opts.headers };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (opts.csrf !== false && this.xsrf && !('x-xsrf-token' in headers)) headers['x-xsrf-token'] = this.xsrf;
    let body = opts.body;
    if (opts.json !== undefined) {
      body = JSON.stringify(opts.json);
      headers['content-type'] ??= 'application/json';
    }
    const res = await this.server.app.request(`http://${this.host}${path}`, { method, headers, body });
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attrs.some((a) => /max-age=0/i.test(a) || /expires=Thu, 01 Jan 1970/i.test(a));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  get = (path: string, opts?: Parameters<Client['request']>[2]) => this.request('GET', path, opts);
  post = (path: string, json?: unknown, opts?: Parameters<Client['request']>[2]) => this.request('POST', path, { ...opts, json });

  async csrf(): Promise<void> {
    await this.get('/sanctum/csrf-cookie');
  }

  /**
   * Signs in at the partner and, as the PWA sends a user there first, enters a demo brand's passcode: the server
   * refuses every other call until then (issue 21 item 1). `passcode: false` leaves the brand asking.
   */
  async login(email: string, password = DEMO_PASSWORD, slug = 'sp', o: { passcode?: boolean } = {}): Promise<Response> {
    await this.csrf();
    const res = await this.post('/api/login', { email, password, slug });
    if (res.status !== 200 || o.passcode === false) return res;
    // the partner signed in at, which is not the one asked for when the user has none there
    const at = ((await res.clone().json()) as { partner?: { slug: string } | null }).partner?.slug;
    const passcode = at === undefined ? undefined : DEMO_PASSCODES[at];
    if (passcode) await this.post('/api/user/submit-passcode', { passcode });
    return res;
  }
}

/** A signed-in client; throws when the login did not succeed. */
export async function signedIn(
  server: TestServer,
  email: string,
  slug = 'sp',
  host?: string,
  o: { passcode?: boolean } = {},
): Promise<Client> {
  const client = new Client(server, host);
  const res = await client.login(email, DEMO_PASSWORD, slug, o);
  if (res.status !== 200) throw new Error(`login of ${email} failed: ${res.status} ${await res.text()}`);
  return client;
}

/** The JSON body of a response, typed loosely for assertions. */
// biome-ignore lint/suspicious/noExplicitAny: test assertions read arbitrary JSON
export async function json(res: Response): Promise<any> {
  return res.json();
}

/**
 * A replication pull from the start, pulled again while the server says rows are `pending`: on a PostgreSQL
 * server shared with other test databases, another database's open transaction holds the snapshot horizon
 * back, and the server hides newer rows until it passes (DESIGN.md §5). The PWA pulls again the same way.
 */
// biome-ignore lint/suspicious/noExplicitAny: test assertions read arbitrary documents
export async function pullSettled(client: Client, collection: string, query = ''): Promise<any[]> {
  for (let attempt = 0; attempt < 30; attempt++) {
    const res = await client.get(`/sync/v1/${collection}/pull${query}`);
    if (res.status !== 200) throw new Error(`pull of ${collection} answered ${res.status}: ${await res.text()}`);
    const body = await json(res);
    if (!body.pending) return body.documents;
  }
  throw new Error(`pull of ${collection} stayed pending`);
}
