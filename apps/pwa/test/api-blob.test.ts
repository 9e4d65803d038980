import { agreementsApi } from '@simvisit/schema';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiBlobCall, onSessionEnded } from '../src/lib/api';

/** The fetch the client makes, answered as given. */
function answerWith(response: Response) {
  const fetch = vi.fn(async () => response);
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('apiBlobCall (a PDF with the session)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('fetches the call’s URL with the cookies and hands back the file', async () => {
    const fetch = answerWith(new Response('%PDF-1.7', { status: 200, headers: { 'Content-Type': 'application/pdf' } }));
    const blob = await apiBlobCall(agreementsApi.pdf, { query: { agreement_id: 7 } });
    expect(await blob.text()).toBe('%PDF-1.7');
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/agreement/pdf?agreement_id=7');
    expect(init.method).toBe('GET');
    expect(init.credentials).toBe('same-origin');
    expect((init.headers as Record<string, string>).Accept).toContain('application/pdf');
  });

  it('turns a refusal into an ApiError with the server’s message', async () => {
    answerWith(new Response(JSON.stringify({ message: 'Agreement not found.' }), { status: 404 }));
    const refusal = await apiBlobCall(agreementsApi.pdf, { query: { agreement_id: 8 } }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ApiError);
    expect((refusal as ApiError).status).toBe(404);
    expect((refusal as ApiError).message).toBe('Agreement not found.');
  });

  it('logs out when the session has ended', async () => {
    const ended = vi.fn();
    onSessionEnded(ended);
    answerWith(new Response(JSON.stringify({ message: 'Unauthenticated.' }), { status: 401 }));
    const refusal = await apiBlobCall(agreementsApi.pdf, { query: { agreement_id: 7 } }).catch((error: unknown) => error);
    expect((refusal as ApiError).sessionEnded).toBe(true);
    expect(ended).toHaveBeenCalledOnce();
  });
});
