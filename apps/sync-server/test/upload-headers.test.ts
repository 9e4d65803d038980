import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from './support/client';
import { startTestServer, type TestServer } from './support/test-server';

/*
 * Issue 21 item 5: every user upload is served with `Content-Security-Policy: sandbox` and nosniff, and the app's
 * own security headers never replace a route's. Each download is a stored file fetched over HTTP.
 */
let server: TestServer;
const NAME = '0b6d1f2e-7c1a-4c55-9a55-2f7d7c8e9a10.png';
const PNG = Buffer.from('89504e470d0a1a0a', 'hex');

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

function expectSandboxed(res: Response, what: string) {
  expect(res.status, what).toBe(200);
  const csp = res.headers.get('content-security-policy') ?? '';
  expect(
    csp.split(';').map((d) => d.trim()),
    what,
  ).toContain('sandbox');
  expect(csp, what).toContain("default-src 'none'");
  expect(res.headers.get('x-content-type-options'), what).toBe('nosniff');
}

describe('headers of every upload download', () => {
  it('serves images in the app (profile, social, article, logo) sandboxed and nosniff', async () => {
    for (const dir of ['profile-images', 'social-images', 'articles', 'partner-logos'])
      await server.services.files.put(`${dir}/${NAME}`, PNG);
    const superadmin = await signedIn(server, 'superadmin@demo.test');
    for (const dir of ['profile-images', 'social-images', 'articles', 'partner-logos']) {
      const res = await superadmin.get(`/api/files/${dir}/${NAME}`);
      expectSandboxed(res, dir);
      expect(res.headers.get('content-type'), dir).toBe('image/png');
      await res.arrayBuffer();
    }
  });

  it('serves resumes and headshots (recruitment and user management) sandboxed, nosniff and as attachments', async () => {
    const user = (await server.services.users.byEmail('applicant@demo.test'))!;
    await server.services.files.put('resumes/headers-test.pdf', Buffer.from('%PDF-1.4 test'));
    await server.services.files.put('headshots/headers-test.png', PNG);
    await server.db
      .updateTable('users')
      .set({ resume_path: 'resumes/headers-test.pdf', headshot_path: 'headshots/headers-test.png' })
      .where('id', '=', user.id)
      .execute();
    const own = await signedIn(server, 'applicant@demo.test');
    for (const path of ['/api/user', '/api/recruitment/user'])
      for (const kind of ['resume', 'headshot']) {
        const res = await own.get(`${path}/${user.id}/${kind}`);
        expectSandboxed(res, `${path} ${kind}`);
        expect(res.headers.get('content-disposition'), `${path} ${kind}`).toMatch(/^attachment;/);
        await res.arrayBuffer();
      }
  });

  it("keeps the app's CSP on every other response", async () => {
    const res = await (await signedIn(server, 'learner@demo.test')).get('/api/user');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('content-security-policy')).not.toContain('sandbox');
  });
});
