import { randomUUID } from 'node:crypto';
import { ROLE } from '@simvisit/schema';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, json, signedIn } from './support/client';
import { startTestServer, type TestServer } from './support/test-server';
import { createPerson } from './support/visit-fixtures';

/*
 * Change hints reach only the devices whose scope holds the changed row (issue 23 item 5, decision 0095): one
 * person's edit wakes that person's streams and their assigned staff's, not every stream open on the table.
 * A stream that must stay quiet is read up to a marker: a notification for its person, sent once the streams
 * that had to wake did. A wrong wake would have been written in the same turn as the right ones, so before the
 * marker's RESYNC in the stream's ordered events.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

let people = 0;
/** A new person of partner 1 with these roles, signed in. */
async function person(roles: number[]): Promise<{ id: number; client: Client }> {
  const email = `audience-${++people}-${randomUUID().slice(0, 8)}@sync.test`;
  const id = await createPerson(
    server,
    email,
    roles.map((r) => [r, 1]),
  );
  return { id, client: await signedIn(server, email) };
}

/** The combined change stream of a client, read as text. */
async function openStream(client: Client, collections: string) {
  const headers = { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '), host: 'localhost:8080' };
  const res = await server.app.request(`http://localhost:8080/sync/v1/stream?collections=${collections}`, { headers });
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  const stream = {
    /** Reads until the stream holds `count` RESYNCs of the collection (or `ready` when count is 0). */
    async until(collection: string, count: number) {
      const deadline = Date.now() + 15_000;
      while (stream.resyncs(collection) < count || !text.includes('event: ready')) {
        if (Date.now() > deadline) throw new Error(`no RESYNC ${count} of ${collection} in: ${text}`);
        const { value, done } = await reader.read();
        if (done) throw new Error('the stream ended');
        text += decoder.decode(value);
      }
    },
    resyncs: (collection: string) => text.split(`event: RESYNC\ndata: ${collection}\n`).length - 1,
    close: () => reader.cancel(),
  };
  await stream.until(collections, 0);
  return stream;
}

function availability(userId: number, day = 'Monday') {
  return {
    id: randomUUID(),
    write_id: randomUUID(),
    _deleted: false,
    user_id: userId,
    day,
    start_time: '09:00',
    end_time: '12:00',
    timezone: 'America/New_York',
    updated_at: new Date().toISOString(),
  };
}

/** The marker: a notification for the person, which wakes their `notifications` stream. */
async function notify(userId: number) {
  await server.services.notifications.create(userId, {
    title: 'Marker',
    content: 'A change of your own',
    icon: 'message',
    color: 'white',
    type: 'router link',
    payload: { link: '/dashboard' },
  });
}

async function pushAvailability(client: Client, userId: number) {
  const res = await client.post('/sync/v1/availabilities/push', [{ assumedMasterState: null, newDocumentState: availability(userId) }]);
  expect(res.status).toBe(200);
  expect(await json(res)).toEqual({ conflicts: [], rejected: [] });
}

describe('change hints by audience', () => {
  it("wakes only the streams of the person whose availability changed, not another SP's", async () => {
    const a = await person([ROLE.standardized_patient]);
    const b = await person([ROLE.standardized_patient]);
    const streamA = await openStream(a.client, 'availabilities,notifications');
    // A second device of A wakes too: the audience is the person, not the device that wrote.
    const streamA2 = await openStream(a.client, 'availabilities,notifications');
    const streamB = await openStream(b.client, 'availabilities,notifications');

    await pushAvailability(a.client, a.id);
    await streamA.until('availabilities', 1);
    await streamA2.until('availabilities', 1);
    await notify(b.id);
    await streamB.until('notifications', 1);
    expect(streamB.resyncs('availabilities'), "A's edit woke B's stream").toBe(0);

    // And the other way round.
    await pushAvailability(b.client, b.id);
    await streamB.until('availabilities', 1);
    await notify(a.id);
    await streamA.until('notifications', 1);
    expect(streamA.resyncs('availabilities'), "B's edit woke A's stream").toBe(1);
    for (const s of [streamA, streamA2, streamB]) await s.close();
  });

  it("wakes a scenario's author and its reviewer on an edit of its fields, and nobody else on the table", async () => {
    const author = await signedIn(server, 'author@demo.test');
    const reviewer = await person([ROLE.reviewer]);
    const outsider = await person([ROLE.author]);
    const draft = await json(await author.post('/api/scenario', {}));
    expect(draft.id).toEqual(expect.any(Number));
    await server.db.updateTable('scenarios').set({ reviewer_user_id: reviewer.id }).where('id', '=', String(draft.id)).execute();

    const streams = {
      author: await openStream(author, 'scenario_field_values'),
      reviewer: await openStream(reviewer.client, 'scenario_field_values'),
      outsider: await openStream(outsider.client, 'scenario_field_values,notifications'),
    };
    const value = {
      id: `${draft.id}-3`,
      write_id: randomUUID(),
      _deleted: false,
      scenario_id: String(draft.id),
      field_id: 3,
      value: 'Written offline',
      updated_at: new Date().toISOString(),
    };
    const res = await author.post('/sync/v1/scenario_field_values/push', [{ assumedMasterState: null, newDocumentState: value }]);
    expect(await json(res)).toEqual({ conflicts: [], rejected: [] });
    await streams.author.until('scenario_field_values', 1);
    await streams.reviewer.until('scenario_field_values', 1);
    await notify(outsider.id);
    await streams.outsider.until('notifications', 1);
    expect(streams.outsider.resyncs('scenario_field_values'), "another person's scenario woke the outsider").toBe(0);
    for (const s of Object.values(streams)) await s.close();
  });

  it('wakes every stream of the table when a change names no row', async () => {
    const a = await person([ROLE.standardized_patient]);
    const b = await person([ROLE.standardized_patient]);
    const streamA = await openStream(a.client, 'availabilities');
    const streamB = await openStream(b.client, 'availabilities,notifications');
    // A notification without an id (an older trigger during an upgrade) cannot be resolved: everyone pulls.
    await sql`SELECT pg_notify('sync', 'availabilities')`.execute(server.db);
    await streamA.until('availabilities', 1);
    await streamB.until('availabilities', 1);
    expect(streamB.resyncs('notifications')).toBe(0);
    for (const s of [streamA, streamB]) await s.close();
  });
});
