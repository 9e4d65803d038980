import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, json, signedIn } from './support/client';
import { startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const NUL = 'a\u0000b';

describe('text with a NUL or control character is a 422, never a 500 (issue 11 item 3, VAL-11)', () => {
  it('Contact Us refuses it and queues nothing, instead of thanking for a message it lost', async () => {
    const client = new Client(server);
    await client.csrf();
    const before = (await server.services.mail.latest(200)).length;
    const res = await client.post('/api/contact-us', {
      first_name: 'Dana',
      last_name: 'Doe',
      email: 'dana@example.test',
      mobile_number: '',
      topicKind: 'live_sp_issue',
      user_message: `My SP ${NUL} did not join.`,
    });
    expect(res.status).toBe(422);
    expect((await json(res)).errors.user_message).toEqual(['The user message field must not contain control characters.']);
    await server.services.mail.idle();
    expect((await server.services.mail.latest(200)).length).toBe(before);
  });

  it('a profile field, a playlist name, an address segment and a search keep their data unchanged', async () => {
    const learner = await signedIn(server, 'learner@demo.test');
    const me = async () => json(await learner.get('/api/auth/user'));
    const firstName = (await me()).first_name;
    const field = await learner.request('PATCH', '/api/auth/user/update-field/first_name', { json: { value: NUL } });
    expect(field.status).toBe(422);
    expect((await me()).first_name).toBe(firstName);

    const playlists = async () => (await json(await learner.get('/api/my-playlists'))).length;
    const count = await playlists();
    const created = await learner.post('/api/playlists', { name: NUL, description: '', is_public: false });
    expect(created.status).toBe(422);
    expect(await playlists()).toBe(count);

    expect((await learner.get('/api/playlists/1%00')).status).toBeLessThan(500);
    expect((await learner.get('/api/playlists/%00')).status).toBeLessThan(500);
  });

  it('a push refuses that document alone and stores the rest of the batch', async () => {
    const sp = await signedIn(server, 'sp@demo.test');
    const spId = (await server.services.users.byEmail('sp@demo.test'))!.id;
    const doc = (over: Record<string, unknown>) => ({
      id: randomUUID(),
      write_id: randomUUID(),
      _deleted: false,
      user_id: spId,
      day: 'Sunday',
      start_time: '07:00',
      end_time: '08:00',
      timezone: 'America/New_York',
      updated_at: new Date().toISOString(),
      ...over,
    });
    const bad = doc({ timezone: `America/New_York${NUL}` });
    const good = doc({ day: 'Saturday' });
    const res = await sp.post('/sync/v1/availabilities/push', [
      { assumedMasterState: null, newDocumentState: bad },
      { assumedMasterState: null, newDocumentState: good },
    ]);
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.rejected).toEqual([
      {
        id: bad.id,
        message: 'The timezone field must not contain control characters.',
        errors: { timezone: ['The timezone field must not contain control characters.'] },
      },
    ]);
    const stored = await server.db.selectFrom('availabilities').select('id').where('id', 'in', [bad.id, good.id]).execute();
    expect(stored.map((r) => r.id)).toEqual([good.id]);
  });
});
