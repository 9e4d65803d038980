import { ROLE, TIME_ZONE_MESSAGES, updateFieldResponseSchema } from '@simvisit/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, json, signedIn } from './support/client';
import { startTestServer, type TestServer } from './support/test-server';
import { createPerson } from './support/visit-fixtures';
import { icsProp, insertVisit, outboxTo, recordEvent, scenarioId, setSms, userId } from './support/visit-job-fixtures';

/*
 * One time, everywhere (issue 22 item 2, docs/decisions/0086): the profile's zone is set by its IANA name
 * (from the device), and every mail, text, notification and calendar invite shows a visit's time in the
 * reader's profile zone with the zone named — the learner in Los Angeles, the SP in New York.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const zoneOf = async (id: number) =>
  (await server.db
    .selectFrom('users')
    .innerJoin('timezones', 'timezones.id', 'users.timezone_id')
    .select(['timezones.short_name', 'timezones.title'])
    .where('users.id', '=', id)
    .executeTakeFirst()) ?? null;

describe('PUT api/auth/user/time-zone', () => {
  it('sets the profile zone from an IANA name, adding a real zone the list lacks', async () => {
    const id = await createPerson(server, 'tz-set@demo.test', [[ROLE.learner, 1]]);
    const client = await signedIn(server, 'tz-set@demo.test');
    const res = await client.request('PUT', '/api/auth/user/time-zone', { json: { timezone: 'America/Los_Angeles' } });
    expect(res.status).toBe(200);
    const answer = await json(res);
    expect(updateFieldResponseSchema.safeParse(answer).success).toBe(true);
    expect(answer.message).toBe(TIME_ZONE_MESSAGES.updated);
    expect((await zoneOf(id))?.short_name).toBe('America/Los_Angeles');
    expect(answer.user.timezone_id).toBe((await client.get('/api/auth/user').then(json)).user.timezone_id);

    // Vilnius is no curated zone: it joins the list (so the profile's picker shows it) and the profile takes it.
    expect((await client.request('PUT', '/api/auth/user/time-zone', { json: { timezone: 'Europe/Vilnius' } })).status).toBe(200);
    expect(await zoneOf(id)).toEqual({ short_name: 'Europe/Vilnius', title: '(UTC+02:00) Europe/Vilnius' });
    const list = await json(await client.get('/api/timezones'));
    expect(list.filter((z: { short_name: string }) => z.short_name === 'Europe/Vilnius')).toHaveLength(1);
    // Setting it again adds no second row.
    expect((await client.request('PUT', '/api/auth/user/time-zone', { json: { timezone: 'Europe/Vilnius' } })).status).toBe(200);
    expect((await json(await client.get('/api/timezones'))).length).toBe(list.length);
  });

  it('refuses what is no IANA zone with 422 and changes nothing', async () => {
    const id = await createPerson(server, 'tz-refuse@demo.test', [[ROLE.learner, 1]]);
    const client = await signedIn(server, 'tz-refuse@demo.test');
    const before = await zoneOf(id);
    for (const timezone of ['Mars/Olympus_Mons', 'EST', '+05:00', '', 'x'.repeat(65), 'America/New York', 42, null]) {
      const res = await client.request('PUT', '/api/auth/user/time-zone', { json: { timezone } });
      expect(res.status, String(timezone)).toBe(422);
      expect((await json(res)).errors.timezone).toEqual([TIME_ZONE_MESSAGES.invalid]);
    }
    expect(await zoneOf(id)).toEqual(before);
  });

  it('answers 401 without a session', async () => {
    const client = new Client(server);
    await client.get('/sanctum/csrf-cookie');
    expect((await client.request('PUT', '/api/auth/user/time-zone', { json: { timezone: 'UTC' } })).status).toBe(401);
  });
});

describe('a visit’s time in each reader’s profile zone', () => {
  // 14:00 UTC: 7:00 AM in Los Angeles (PDT), 10:00 AM in New York (EDT).
  const start = new Date('2031-09-15T14:00:00Z');
  const LEARNER_TIME = 'Mon, Sep 15, 7:00 AM PDT';
  const SP_TIME = 'Mon, Sep 15, 10:00 AM EDT';
  const MOBILE = '+14155550177';
  let learner: number;
  let visitId: number;

  beforeAll(async () => {
    learner = await createPerson(server, 'tz-learner@demo.test', [[ROLE.learner, 1]]);
    const client = await signedIn(server, 'tz-learner@demo.test');
    expect((await client.request('PUT', '/api/auth/user/time-zone', { json: { timezone: 'America/Los_Angeles' } })).status).toBe(200);
    await setSms(server, learner, MOBILE, new Date('2031-09-09T12:00:00Z'));
    visitId = await insertVisit(server, {
      scenario: await scenarioId(server, 'Annual wellness visit'),
      learner,
      sp: await userId(server, 'sp@demo.test'),
      start,
    });
    await recordEvent(server, { type: 'visit.scheduled', visit_id: visitId, actor_user_id: null });
    await recordEvent(server, { type: 'visit.confirmation_requested', visit_id: visitId, actor_user_id: null });
    await server.services.jobs.run('messages', new Date('2031-09-10T12:00:00Z'));
  });

  it('mails the learner and the SP each in their own zone, naming it, and the invite says so too', async () => {
    const mails = (await outboxTo(server, 'tz-learner@demo.test')).filter((m) => m.body_text.includes(`/visit/${visitId}`));
    const scheduled = mails.find((m) => m.subject === 'Visit scheduled');
    expect(scheduled?.body_text).toContain(`scheduled for ${LEARNER_TIME}.`);
    const ics = scheduled!.attachments.find((a) => a.content_type.startsWith('text/calendar'))!.content;
    expect(icsProp(ics, 'DESCRIPTION')?.replace(/\\([,;\\])/g, '$1')).toContain(`${LEARNER_TIME}. `);

    const spMail = (await outboxTo(server, 'sp@demo.test')).find(
      (m) => m.subject === 'Visit scheduled' && m.body_text.includes(`/visit/${visitId}`),
    );
    expect(spMail?.body_text).toContain(SP_TIME);
  });

  it('texts the confirmation request in the learner’s zone', async () => {
    const texts = (await outboxTo(server, MOBILE, 'sms')).map((m) => m.body_text);
    expect(texts.some((t) => t.includes(`on ${LEARNER_TIME}. Reply YES`))).toBe(true);
  });

  it('notifies in the learner’s zone, linking to the visit instead of printing its address', async () => {
    const notes = await server.db
      .selectFrom('notifications')
      .select(['title', 'content', 'payload'])
      .where('user_id', '=', learner)
      .execute();
    const scheduled = notes.find((n) => n.title === 'Visit scheduled');
    expect(scheduled?.content).toBe(`Your visit "Annual wellness visit" is scheduled for ${LEARNER_TIME}.`);
    expect(scheduled?.payload).toEqual({ link: `/visit/${visitId}` });
    for (const n of notes) expect(n.content).not.toContain('http');
  });
});
