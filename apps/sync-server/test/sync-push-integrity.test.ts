import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, json, signedIn } from './support/client';
import { startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

async function userId(email: string) {
  return (await server.services.users.byEmail(email))!.id;
}

function availability(owner: number, over: Record<string, unknown> = {}) {
  return {
    id: randomUUID(),
    write_id: randomUUID(),
    _deleted: false,
    user_id: owner,
    day: 'Sunday',
    start_time: '09:00',
    end_time: '10:00',
    timezone: 'America/New_York',
    updated_at: new Date().toISOString(),
    ...over,
  };
}

const push = (client: Client, docs: unknown[]) =>
  client.post(
    '/sync/v1/availabilities/push',
    docs.map((doc) => ({ assumedMasterState: null, newDocumentState: doc })),
  );

async function storedIds(owner: number): Promise<string[]> {
  const rows = await server.db.selectFrom('availabilities').select('id').where('user_id', '=', owner).execute();
  return rows.map((r) => r.id);
}

describe('a push is never silently lost (issue 11 item 6)', () => {
  it('stores a new document even when another user already used its write id', async () => {
    const observer = await signedIn(server, 'observer@demo.test');
    const trainer = await signedIn(server, 'trainer@demo.test');
    const writeId = randomUUID();
    const first = availability(await userId('observer@demo.test'), { write_id: writeId });
    expect((await push(observer, [first])).status).toBe(200);

    const second = availability(await userId('trainer@demo.test'), { write_id: writeId, day: 'Saturday' });
    const res = await push(trainer, [second]);
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ conflicts: [], rejected: [] });
    expect(await storedIds(await userId('trainer@demo.test'))).toContain(second.id);
  });

  it('still treats the same writer repeating the same write as done once', async () => {
    const sp = await signedIn(server, 'sp2@demo.test');
    const doc = availability(await userId('sp2@demo.test'));
    expect((await push(sp, [doc])).status).toBe(200);
    const again = await push(sp, [doc]);
    expect(again.status).toBe(200);
    expect(await json(again)).toEqual({ conflicts: [], rejected: [] });
    expect((await storedIds(await userId('sp2@demo.test'))).filter((id) => id === doc.id)).toHaveLength(1);
  });

  it('refuses a document whose time stamp is not a date, and applies the rest of the batch', async () => {
    const author = await signedIn(server, 'headtrainer@demo.test');
    const owner = await userId('headtrainer@demo.test');
    const bad = availability(owner, { updated_at: 'not-a-date' });
    const good = availability(owner, { day: 'Tuesday' });
    const res = await push(author, [bad, good]);
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.rejected.map((r: { id: string }) => r.id)).toEqual([bad.id]);
    const ids = await storedIds(owner);
    expect(ids).toContain(good.id);
    expect(ids).not.toContain(bad.id);
    expect(JSON.stringify(body)).toContain('The updated_at field must be a valid date and time.');
  });
});
