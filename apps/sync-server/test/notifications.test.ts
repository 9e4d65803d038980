import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, json, pullSettled, signedIn } from './support/client';
import { startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
let learner: Client;
beforeAll(async () => {
  server = await startTestServer();
  learner = await signedIn(server, 'learner@demo.test');
});
afterAll(async () => {
  await server.close();
});

const pullAll = (client: Client) => pullSettled(client, 'notifications');

describe('notifications collection', () => {
  it('replicates the owner’s notifications only', async () => {
    const docs = await pullAll(learner);
    const learnerId = (await server.services.users.byEmail('learner@demo.test'))!.id;
    expect(docs.length).toBeGreaterThan(0);
    expect(docs.every((d: { user_id: number }) => d.user_id === learnerId)).toBe(true);
  });

  it('lets the owner mark one read and archived, which auth/user then leaves out', async () => {
    const [doc] = await pullAll(learner);
    const read = { ...doc, write_id: randomUUID(), is_read: true, is_archived: true };
    const res = await learner.post('/sync/v1/notifications/push', [{ assumedMasterState: doc, newDocumentState: read }]);
    expect(await json(res)).toEqual({ conflicts: [], rejected: [] });
    const row = await server.db
      .selectFrom('notifications')
      .select(['is_read', 'is_archived'])
      .where('id', '=', doc.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ is_read: true, is_archived: true });
    const me = await json(await learner.get('/api/auth/user'));
    expect(me.notifications.map((n: { id: string }) => n.id)).not.toContain(doc.id);
  });

  it('refuses changes to the server-written fields (REP-02) and new notifications from clients', async () => {
    const created = await server.services.notifications.create((await server.services.users.byEmail('learner@demo.test'))!.id, {
      title: 'Your visit is confirmed',
      content: null,
      icon: 'success',
      color: 'green',
      type: 'dismiss',
      payload: null,
    });
    const forged = { ...created, write_id: randomUUID(), title: 'Click here', payload: { link: 'javascript:alert(1)' } };
    expect((await learner.post('/sync/v1/notifications/push', [{ assumedMasterState: created, newDocumentState: forged }])).status).toBe(
      403,
    );
    const fresh = { ...created, id: randomUUID(), write_id: randomUUID() };
    expect((await learner.post('/sync/v1/notifications/push', [{ assumedMasterState: null, newDocumentState: fresh }])).status).toBe(403);
  });

  it("refuses another user's notification", async () => {
    const sp = await signedIn(server, 'sp@demo.test');
    const [theirs] = await pullAll(sp);
    const res = await learner.post('/sync/v1/notifications/push', [
      { assumedMasterState: theirs, newDocumentState: { ...theirs, write_id: randomUUID(), is_read: true } },
    ]);
    expect(res.status).toBe(403);
  });
});

describe('POST api/notifications/delete', () => {
  it('deletes the owner’s notification and replicates the tombstone', async () => {
    const userId = (await server.services.users.byEmail('learner@demo.test'))!.id;
    const doc = await server.services.notifications.create(userId, {
      title: 'Reminder',
      content: 'Your visit starts soon.',
      icon: 'message',
      color: 'white',
      type: 'delete',
      payload: null,
    });
    const res = await learner.post('/api/notifications/delete', { id: doc.id });
    expect(res.status).toBe(200);
    const pulled = (await pullAll(learner)).find((d: { id: string }) => d.id === doc.id);
    expect(pulled._deleted).toBe(true);
    expect((await learner.post('/api/notifications/delete', { id: doc.id })).status).toBe(404);
  });

  it("answers 404 for another user's notification and changes nothing (AUTHZ-13)", async () => {
    const sp = await signedIn(server, 'sp@demo.test');
    const [theirs] = await pullAll(sp);
    expect((await learner.post('/api/notifications/delete', { id: theirs.id })).status).toBe(404);
    const row = await server.db.selectFrom('notifications').select('_deleted').where('id', '=', theirs.id).executeTakeFirstOrThrow();
    expect(row._deleted).toBe(false);
    expect((await learner.post('/api/notifications/delete', {})).status).toBe(422);
  });
});
