import { AVAILABILITY_MESSAGES, weeklyTimeIn } from '@simvisit/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, json, pullSettled, signedIn } from './support/client';
import { startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
let sp: Client;
beforeAll(async () => {
  server = await startTestServer();
  sp = await signedIn(server, 'sp@demo.test');
});
afterAll(async () => {
  await server.close();
});

// sp@demo.test has seeded weekday and Saturday hours (seed/demo-visits.ts); these edits use Sunday.
describe('availability REST calls (spec 000 §7, VAL-01)', () => {
  it('adds, updates and deletes, and each write replicates', async () => {
    const added = await sp.post('/api/user/add-availability', { day: 'Sunday', start_time: '08:00', end_time: '11:30' });
    expect(added.status).toBe(200);
    const body = await json(added);
    expect(body.message).toBe('Availability added!');
    const row = body.availabilities.find((a: { day: string }) => a.day === 'Sunday');
    expect(row).toMatchObject({ start_time: '08:00', end_time: '11:30', timezone: 'America/New_York', local_start_time: '08:00' });

    const updated = await json(
      await sp.post('/api/user/update-availability', { ua_id: row.id, day: 'Sunday', start_time: '09:00', end_time: '11:30' }),
    );
    expect(updated.availabilities.find((a: { id: string }) => a.id === row.id).start_time).toBe('09:00');
    const pulled = (await pullSettled(sp, 'availabilities')).find((d: { id: string }) => d.id === row.id);
    expect(pulled.start_time).toBe('09:00');

    const deleted = await json(await sp.post('/api/user/delete-availability', { id: row.id }));
    expect(deleted.availabilities.find((a: { id: string }) => a.id === row.id)).toBeUndefined();
    const tomb = (await pullSettled(sp, 'availabilities')).find((d: { id: string }) => d.id === row.id);
    expect(tomb._deleted).toBe(true);
  });

  it('deletes a whole day', async () => {
    await sp.post('/api/user/add-availability', { day: 'Friday', start_time: '08:00', end_time: '09:00' });
    await sp.post('/api/user/add-availability', { day: 'Friday', start_time: '13:00', end_time: '14:00' });
    const after = await json(await sp.post('/api/user/delete-availability', { day: 'Friday' }));
    expect(after.availabilities.filter((a: { day: string }) => a.day === 'Friday')).toEqual([]);
  });

  it('answers the spec’s messages for missing times and refuses bad windows', async () => {
    const missing = await sp.post('/api/user/add-availability', { day: 'Monday' });
    expect(missing.status).toBe(422);
    expect((await json(missing)).errors).toEqual({
      start_time: [AVAILABILITY_MESSAGES.startRequired],
      end_time: [AVAILABILITY_MESSAGES.endRequired],
    });
    const grid = await json(await sp.post('/api/user/add-availability', { day: 'Monday', start_time: '09:10', end_time: '10:00' }));
    expect(grid.errors.start_time).toEqual([AVAILABILITY_MESSAGES.grid]);
    const backwards = await json(await sp.post('/api/user/add-availability', { day: 'Monday', start_time: '10:00', end_time: '09:00' }));
    expect(backwards.errors.end_time).toEqual([AVAILABILITY_MESSAGES.endAfterStart]);
  });

  it("answers 404 for another user's ua_id and changes nothing", async () => {
    const observer = await signedIn(server, 'observer@demo.test');
    const mine = (await json(await observer.post('/api/user/add-availability', { day: 'Sunday', start_time: '10:00', end_time: '12:00' })))
      .availabilities[0];
    const res = await sp.post('/api/user/update-availability', { ua_id: mine.id, day: 'Sunday', start_time: '06:00', end_time: '12:00' });
    expect(res.status).toBe(404);
    expect((await sp.post('/api/user/delete-availability', { id: mine.id })).status).toBe(404);
    const still = (await pullSettled(observer, 'availabilities')).find((d: { id: string }) => d.id === mine.id);
    expect(still).toMatchObject({ start_time: '10:00', _deleted: false });
  });

  it('needs user.availability', async () => {
    const learner = await signedIn(server, 'learner@demo.test');
    expect((await learner.post('/api/user/add-availability', { day: 'Monday', start_time: '09:00', end_time: '10:00' })).status).toBe(403);
  });
});

describe('weekly times across time zones', () => {
  it('moves a slot between zones, across midnight and with daylight saving', () => {
    const july = new Date('2026-07-06T12:00:00Z');
    const january = new Date('2026-01-05T12:00:00Z');
    expect(weeklyTimeIn({ day: 'Monday', time: '09:00' }, 'America/New_York', 'America/Los_Angeles', july)).toEqual({
      day: 'Monday',
      time: '06:00',
    });
    expect(weeklyTimeIn({ day: 'Monday', time: '01:00' }, 'America/New_York', 'America/Los_Angeles', july)).toEqual({
      day: 'Sunday',
      time: '22:00',
    });
    expect(weeklyTimeIn({ day: 'Saturday', time: '21:00' }, 'America/New_York', 'UTC', july)).toEqual({ day: 'Sunday', time: '01:00' });
    expect(weeklyTimeIn({ day: 'Saturday', time: '21:00' }, 'America/New_York', 'UTC', january)).toEqual({ day: 'Sunday', time: '02:00' });
  });
});
