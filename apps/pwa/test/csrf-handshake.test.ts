import { afterEach, describe, expect, it, vi } from 'vitest';
import { ensureCsrfCookie } from '../src/lib/api';

/**
 * Calls that start together share one CSRF handshake. Two at once made two guest sessions, the first one's token no
 * longer matched, and the retry's handshake could answer after a sign-in and put a guest cookie back over it.
 */
describe('the CSRF handshake', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    // biome-ignore lint/suspicious/noDocumentCookie: happy-dom has no Cookie Store API
    document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  });

  /** A server whose handshake answers when `answer` is called, setting the cookie as the real one does. */
  function slowHandshake() {
    const answers: (() => void)[] = [];
    const fetch = vi.fn(
      (url: string) =>
        new Promise<Response>((resolve) => {
          answers.push(() => {
            // biome-ignore lint/suspicious/noDocumentCookie: happy-dom has no Cookie Store API
            if (url.includes('csrf-cookie')) document.cookie = `XSRF-TOKEN=token-${answers.length}`;
            resolve(new Response(null, { status: 204 }));
          });
        }),
    );
    vi.stubGlobal('fetch', fetch);
    const answerAll = () => {
      for (const answer of answers.splice(0)) answer();
    };
    return { fetch, answerAll };
  }

  it('is shared by calls that start before its cookie has arrived, a refresh after a 419 included', async () => {
    const server = slowHandshake();
    const first = ensureCsrfCookie();
    const second = ensureCsrfCookie();
    const afterRefusal = ensureCsrfCookie(true);
    expect(server.fetch).toHaveBeenCalledTimes(1);
    server.answerAll();
    await Promise.all([first, second, afterRefusal]);
    expect(document.cookie).toContain('XSRF-TOKEN=token-');

    // Once it has answered, a refresh starts a new one.
    const refreshed = ensureCsrfCookie(true);
    expect(server.fetch).toHaveBeenCalledTimes(2);
    server.answerAll();
    await refreshed;
  });
});
