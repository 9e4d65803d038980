import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/test-server';

// A dist folder of this test's own, laid out as the PWA build writes it (apps/pwa/vite-precompress.ts).
const JS = `export const pages = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ id: i, title: `Page ${i}` })))};\n`;
const HTML = `<!doctype html><html lang="en"><head><title>SimVisit</title><script type="module" src="/assets/app-abc.js"></script></head><body><div id="root"></div>${' '.repeat(200)}</body></html>\n`;
const PLAIN_JS = 'export const plain = 1;\n';
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

let base: string;
let server: TestServer;
beforeAll(async () => {
  base = mkdtempSync(path.join(tmpdir(), 'simvisit-web-'));
  const dist = path.join(base, 'dist');
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  const write = (name: string, content: string | Buffer) => writeFileSync(path.join(dist, name), content);
  for (const [name, content] of [
    ['index.html', HTML],
    ['assets/app-abc.js', JS],
  ] as const) {
    write(name, content);
    write(`${name}.br`, brotliCompressSync(content));
    write(`${name}.gz`, gzipSync(content, { level: 9 }));
  }
  // No siblings: the build leaves them out when they would not be smaller.
  write('assets/plain-def.js', PLAIN_JS);
  write('icon.png', PNG);
  // Beside the dist folder: never reachable.
  writeFileSync(path.join(base, 'secret.txt'), 'not part of the app');
  server = await startTestServer({ pwaDist: dist }, { seed: false });
});
afterAll(async () => {
  await server.close();
  rmSync(base, { recursive: true, force: true });
});

async function get(urlPath: string, acceptEncoding?: string): Promise<Response> {
  const headers: Record<string, string> = acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding };
  return server.app.request(`http://localhost:8080${urlPath}`, { headers });
}

async function bytes(res: Response): Promise<Buffer> {
  return Buffer.from(await res.arrayBuffer());
}

describe('static files in the encoding the request accepts', () => {
  it('sends brotli when the browser accepts it, with the original type', async () => {
    const res = await get('/assets/app-abc.js', 'gzip, deflate, br');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const body = await bytes(res);
    expect(body.length).toBeLessThan(Buffer.byteLength(JS));
    expect(brotliDecompressSync(body).toString()).toBe(JS);
  });

  it('sends gzip when only gzip is accepted', async () => {
    const res = await get('/assets/app-abc.js', 'gzip');
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(gunzipSync(await bytes(res)).toString()).toBe(JS);
  });

  it('follows the q values: the higher weight first, q=0 refuses, * stands for the codings not named', async () => {
    expect((await get('/assets/app-abc.js', 'br;q=0.5, gzip;q=1')).headers.get('content-encoding')).toBe('gzip');
    expect((await get('/assets/app-abc.js', 'br;q=0, gzip')).headers.get('content-encoding')).toBe('gzip');
    expect((await get('/assets/app-abc.js', 'BR;Q=0.8, GZIP;Q=0.8')).headers.get('content-encoding')).toBe('br');
    expect((await get('/assets/app-abc.js', '*')).headers.get('content-encoding')).toBe('br');
    expect((await get('/assets/app-abc.js', 'gzip;q=0, *;q=0.1')).headers.get('content-encoding')).toBe('br');
  });

  it.each([
    ['no Accept-Encoding', undefined],
    ['br;q=0, gzip;q=0', 'br;q=0, gzip;q=0'],
    ['identity only', 'identity'],
    ['an unknown coding', 'zstd'],
    ['a q that is not a number', 'br;q=high, gzip;q=2'],
  ])('sends the file as it is with %s', async (_, header) => {
    const res = await get('/assets/app-abc.js', header);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect((await bytes(res)).toString()).toBe(JS);
  });

  it('sends the file as it is when it has no compressed sibling', async () => {
    const res = await get('/assets/plain-def.js', 'gzip, deflate, br');
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect((await bytes(res)).toString()).toBe(PLAIN_JS);
  });

  it('leaves images alone: no encoding, no Vary', async () => {
    const res = await get('/icon.png', 'gzip, deflate, br');
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('vary')).toBeNull();
    expect(await bytes(res)).toEqual(PNG);
  });
});

describe('the app shell for deep links', () => {
  it('answers /dashboard with index.html, compressed', async () => {
    const res = await get('/dashboard', 'gzip, deflate, br');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(brotliDecompressSync(await bytes(res)).toString()).toBe(HTML);
  });

  it('answers / with index.html as it is when no encoding is accepted', async () => {
    const res = await get('/');
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect((await bytes(res)).toString()).toBe(HTML);
  });
});

describe('what is never served', () => {
  it.each(['/assets/app-abc.js.br', '/assets/app-abc.js.gz', '/index.html.br'])('%s is not an asset of its own (404)', async (urlPath) => {
    const res = await get(urlPath, 'gzip, deflate, br');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).not.toMatch(/javascript|html/);
    expect(res.headers.get('content-encoding')).toBeNull();
  });

  it.each(['/%2e%2e/secret.txt', '/assets/%2e%2e/%2e%2e/secret.txt'])('%s outside the dist folder is 404', async (urlPath) => {
    const res = await get(urlPath, 'gzip, deflate, br');
    expect(res.status).toBe(404);
  });

  it('answers a path that is not valid percent-encoding with 404, not 500', async () => {
    expect((await get('/%E0')).status).toBe(404);
    expect((await get('/assets/%E0%A4%A.js')).status).toBe(404);
  });

  it('answers a missing asset with 404, not index.html', async () => {
    expect((await get('/assets/missing-123.js', 'br')).status).toBe(404);
  });
});
