import { VISIT_MESSAGES } from '@simvisit/schema';
import twilio from 'twilio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVisitMessagesRepository } from '../src/features/visit-messages/visit-messages.repository';
import { createVisitMessages } from '../src/features/visit-messages/visit-messages.service';
import { Client } from './support/client';
import { type FakeTwilio, startFakeTwilio } from './support/fake-twilio';
import { startTestServer, TEST_DB, type TestServer } from './support/test-server';
import {
  DAY,
  eventsOf,
  HOUR,
  icsDate,
  icsLines,
  icsProp,
  insertRequest,
  insertVisit,
  mentionsVisit,
  outboxTo,
  recordEvent,
  scenarioId,
  setSms,
  userId,
} from './support/visit-job-fixtures';

/*
 * Visit messages (issue 5 item 6; DESIGN.md §7 calendar; SECURITY.md SMS-04): the event processor's calendar
 * invites (.ics with METHOD, UID, SEQUENCE, DTSTART), notifications and texts, sent once even when retried, and
 * the inbound SMS confirmation webhook verified with the real `twilio` SDK against a fake Twilio.
 */
const ACCOUNT_SID = `AC${'0123456789abcdef'.repeat(2)}`;
const AUTH_TOKEN = 'fake-twilio-auth-token';
const FROM = '+15005550006';
const MOBILE = '+14155550123';
const INBOUND = '/api/sms/twilio/inbound';

let fake: FakeTwilio;
let server: TestServer;
let awv: string;
let learner: number;
let sp: number;
let sp2: number;
let observer: number;
let sids = 0;

beforeAll(async () => {
  fake = await startFakeTwilio({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN });
  server = await startTestServer({
    twilioAccountSid: ACCOUNT_SID,
    twilioAuthToken: AUTH_TOKEN,
    twilioFrom: FROM,
    twilioApiBase: fake.baseUrl,
  });
  awv = await scenarioId(server, 'Annual wellness visit');
  learner = await userId(server, 'learner@demo.test');
  sp = await userId(server, 'sp@demo.test');
  sp2 = await userId(server, 'sp2@demo.test');
  observer = await userId(server, 'observer@demo.test');
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

const invitesTo = async (email: string, uid: string) =>
  (await outboxTo(server, email)).flatMap((m) =>
    m.attachments
      .filter((a) => a.content_type.startsWith('text/calendar') && icsLines(a.content).includes(`UID:${uid}`))
      .map((a) => ({ mail: m, ics: a.content, type: a.content_type })),
  );
const linkOf = (n: { payload: unknown }) => (n.payload as { link?: string } | null)?.link;
const notificationsOf = (user: number) =>
  server.db.selectFrom('notifications').select(['title', 'content', 'payload']).where('user_id', '=', user).execute();

describe('calendar invites', () => {
  // Far from the seeded visits and from the other tests of this file.
  const T = new Date('2031-09-01T14:00:00Z');
  let requestId: number;
  let visitId: number;
  const first = new Date('2031-09-08T14:00:00Z');
  const second = new Date('2031-09-09T18:30:00Z');
  const third = new Date('2031-09-10T15:00:00Z');

  it('sends the learner tentative holds for the proposed dates of a request, and tells the SPs', async () => {
    // The seeded pending request of the learner for this scenario is out of the way (one open request each).
    await server.db
      .updateTable('requests')
      .set({ status: 'canceled' })
      .where('user_id', '=', learner)
      .where('status', '=', 'pending')
      .execute();
    requestId = await insertRequest(server, { scenario: awv, learner, dates: [first, second] });
    await recordEvent(server, { type: 'request.created', request_id: requestId, actor_user_id: learner });
    await server.services.jobs.run('messages', T);

    const holds = await invitesTo('learner@demo.test', `request-${requestId}-date-1@simvisit`);
    expect(holds).toHaveLength(1);
    const { ics, mail, type } = holds[0]!;
    expect(mail.subject).toBe('Visit request sent');
    expect(type).toBe('text/calendar; method=REQUEST');
    expect(icsProp(ics, 'METHOD')).toBe('REQUEST');
    expect(icsProp(ics, 'UID', 0)).toBe(`request-${requestId}-date-1@simvisit`);
    expect(icsProp(ics, 'UID', 1)).toBe(`request-${requestId}-date-2@simvisit`);
    expect(icsProp(ics, 'STATUS', 0)).toBe('TENTATIVE');
    expect(icsProp(ics, 'SEQUENCE', 0)).toBe('0');
    expect(icsProp(ics, 'DTSTART', 0)).toBe(icsDate(first));
    expect(icsProp(ics, 'DTSTART', 1)).toBe(icsDate(second));
    expect(icsProp(ics, 'DTEND', 0)).toBe(icsDate(new Date(first.getTime() + 30 * 60_000)));
    // The learner's request page, in the learner's zone (New York: EDT in September).
    expect(mail.body_text).toContain('Mon, Sep 8, 10:00 AM EDT or Tue, Sep 9, 2:30 PM EDT');
    expect(mail.body_text).toContain(`${server.config.appUrl}/request/${requestId}`);

    const spNotes = (await notificationsOf(sp)).filter((n) => linkOf(n) === `/request/${requestId}`);
    expect(spNotes.map((n) => n.title)).toEqual(['New visit request']);
    expect(spNotes[0]!.content).toContain('Lee Learner');
    expect(
      (await outboxTo(server, 'sp@demo.test')).filter((m) => m.body_text.includes(`/request/${requestId}`)).map((m) => m.subject),
    ).toEqual(['New visit request']);
    // The learner made the request: no notification to themselves.
    expect((await notificationsOf(learner)).filter((n) => linkOf(n) === `/request/${requestId}`)).toEqual([]);
  });

  it('updates the holds when the request is rescheduled (same UIDs, higher SEQUENCE)', async () => {
    await server.db.deleteFrom('request_dates').where('request_id', '=', requestId).execute();
    await server.db
      .insertInto('request_dates')
      .values([
        { request_id: requestId, start_at: first },
        { request_id: requestId, start_at: third },
      ])
      .execute();
    await recordEvent(server, { type: 'request.rescheduled', request_id: requestId, actor_user_id: learner });
    await server.services.jobs.run('messages', T);
    const holds = await invitesTo('learner@demo.test', `request-${requestId}-date-2@simvisit`);
    expect(holds).toHaveLength(2);
    const { ics, mail } = holds[1]!;
    expect(mail.subject).toBe('Visit request updated');
    expect(icsProp(ics, 'METHOD')).toBe('REQUEST');
    expect(Number(icsProp(ics, 'SEQUENCE', 1))).toBeGreaterThan(0);
    expect(icsProp(ics, 'DTSTART', 1)).toBe(icsDate(third));
  });

  it('invites learner, SP and observers to the visit an SP accepted, and cancels the holds', async () => {
    await server.db.updateTable('requests').set({ status: 'accepted' }).where('id', '=', requestId).execute();
    visitId = await insertVisit(server, { scenario: awv, learner, sp, start: third, requestId });
    await server.db.insertInto('visit_observers').values({ visit_id: visitId, user_id: observer }).execute();
    await recordEvent(server, { type: 'visit.scheduled', request_id: requestId, visit_id: visitId, actor_user_id: sp });
    await server.services.jobs.run('messages', T);

    const uid = `visit-${visitId}@simvisit`;
    for (const email of ['learner@demo.test', 'sp@demo.test', 'observer@demo.test']) {
      const invites = await invitesTo(email, uid);
      expect(invites).toHaveLength(1);
      const { ics } = invites[0]!;
      expect(icsProp(ics, 'METHOD')).toBe('REQUEST');
      expect(icsProp(ics, 'UID')).toBe(uid);
      expect(icsProp(ics, 'SEQUENCE')).toBe('0');
      expect(icsProp(ics, 'STATUS')).toBe('CONFIRMED');
      expect(icsProp(ics, 'DTSTART')).toBe(icsDate(third));
      expect(icsProp(ics, 'DTEND')).toBe(icsDate(new Date(third.getTime() + 30 * 60_000)));
      // Only the recipient is an attendee: the learner never sees the SP's address (spec 002 §2.2).
      const attendees = icsLines(ics).filter((l) => l.startsWith('ATTENDEE'));
      expect(attendees).toHaveLength(1);
      expect(attendees[0]).toContain(email);
    }
    expect((await invitesTo('learner@demo.test', uid))[0]!.mail.subject).toBe('Visit scheduled');
    expect((await invitesTo('observer@demo.test', uid))[0]!.mail.subject).toBe('You were added to a visit');

    const released = await invitesTo('learner@demo.test', `request-${requestId}-date-1@simvisit`);
    const cancel = released.at(-1)!;
    expect(cancel.mail.subject).toBe('Visit request accepted');
    expect(cancel.type).toBe('text/calendar; method=CANCEL');
    expect(icsProp(cancel.ics, 'METHOD')).toBe('CANCEL');
    expect(icsProp(cancel.ics, 'STATUS', 0)).toBe('CANCELLED');
    expect([icsProp(cancel.ics, 'UID', 0), icsProp(cancel.ics, 'UID', 1)]).toEqual([
      `request-${requestId}-date-1@simvisit`,
      `request-${requestId}-date-2@simvisit`,
    ]);
    expect(Number(icsProp(cancel.ics, 'SEQUENCE', 0))).toBeGreaterThan(Number(icsProp(released[1]!.ics, 'SEQUENCE', 0)));

    // The learner is told in the app; the SP who accepted is not.
    expect((await notificationsOf(learner)).filter((n) => linkOf(n) === `/visit/${visitId}`).map((n) => n.title)).toEqual([
      'Visit scheduled',
    ]);
    expect((await notificationsOf(sp)).filter((n) => linkOf(n) === `/visit/${visitId}`)).toEqual([]);
  });

  it('sends an updated invite (same UID, higher SEQUENCE) when the date is adjusted', async () => {
    const moved = new Date('2031-09-11T16:00:00Z');
    await server.db
      .updateTable('visits')
      .set({ start_at: moved, end_at: new Date(moved.getTime() + 30 * 60_000) })
      .where('id', '=', visitId)
      .execute();
    await recordEvent(server, { type: 'visit.adjusted', visit_id: visitId, actor_user_id: await userId(server, 'superadmin@demo.test') });
    await server.services.jobs.run('messages', T);
    for (const email of ['learner@demo.test', 'sp@demo.test', 'observer@demo.test']) {
      const invites = await invitesTo(email, `visit-${visitId}@simvisit`);
      expect(invites).toHaveLength(2);
      const { ics, mail } = invites[1]!;
      expect(mail.subject).toBe('Visit date and time changed');
      expect(icsProp(ics, 'METHOD')).toBe('REQUEST');
      expect(Number(icsProp(ics, 'SEQUENCE'))).toBeGreaterThan(Number(icsProp(invites[0]!.ics, 'SEQUENCE')));
      expect(icsProp(ics, 'DTSTART')).toBe(icsDate(moved));
    }
  });

  it('on transfer cancels the old SP and invites the new one; the learner keeps the invite', async () => {
    await server.db.updateTable('visits').set({ sp_user_id: sp2 }).where('id', '=', visitId).execute();
    await recordEvent(server, {
      type: 'visit.transferred',
      visit_id: visitId,
      actor_user_id: sp,
      payload: { from_sp_user_id: sp, to_sp_user_id: sp2 },
    });
    await server.services.jobs.run('messages', T);
    const uid = `visit-${visitId}@simvisit`;
    const old = (await invitesTo('sp@demo.test', uid)).at(-1)!;
    expect(old.mail.subject).toBe('Visit transferred');
    expect(icsProp(old.ics, 'METHOD')).toBe('CANCEL');
    expect(icsProp(old.ics, 'STATUS')).toBe('CANCELLED');
    const fresh = await invitesTo('sp2@demo.test', uid);
    expect(fresh).toHaveLength(1);
    expect(fresh[0]!.mail.subject).toBe('Visit transferred to you');
    expect(icsProp(fresh[0]!.ics, 'METHOD')).toBe('REQUEST');
    expect(Number(icsProp(fresh[0]!.ics, 'SEQUENCE'))).toBe(Number(icsProp(old.ics, 'SEQUENCE')));
    expect(await invitesTo('learner@demo.test', uid)).toHaveLength(2);
  });

  it('cancels the invites of everyone when the visit is cancelled, once', async () => {
    await server.db
      .updateTable('visits')
      .set({ is_canceled: true, canceled_at: T, canceled_by_user_id: learner })
      .where('id', '=', visitId)
      .execute();
    await recordEvent(server, { type: 'visit.canceled', visit_id: visitId, actor_user_id: learner, payload: { by: 'learner' } });
    await server.services.jobs.run('messages', T);
    await server.services.jobs.run('messages', T);
    const uid = `visit-${visitId}@simvisit`;
    for (const email of ['learner@demo.test', 'sp2@demo.test', 'observer@demo.test']) {
      const invites = await invitesTo(email, uid);
      const last = invites.at(-1)!;
      expect(last.mail.subject).toBe('Visit cancelled');
      expect(icsProp(last.ics, 'METHOD')).toBe('CANCEL');
      expect(invites.filter((i) => icsProp(i.ics, 'METHOD') === 'CANCEL')).toHaveLength(1);
    }
    // The old SP already had the CANCEL: nothing more.
    expect((await invitesTo('sp@demo.test', uid)).filter((i) => icsProp(i.ics, 'METHOD') === 'CANCEL')).toHaveLength(1);
    expect((await notificationsOf(sp2)).filter((n) => n.title === 'Visit cancelled')).toHaveLength(1);
    expect((await notificationsOf(learner)).filter((n) => n.title === 'Visit cancelled')).toEqual([]);
  });

  it('expires a request through the runner (visit-requests) and releases its holds', async () => {
    const now = new Date('2031-09-20T12:00:00Z');
    const id = await insertRequest(server, {
      scenario: awv,
      learner,
      dates: [new Date(now.getTime() + 10 * HOUR), new Date(now.getTime() + 12 * HOUR)],
    });
    await recordEvent(server, { type: 'request.created', request_id: id, actor_user_id: learner });
    await server.services.jobs.run('messages', new Date(now.getTime() - DAY));
    const run = await server.services.jobs.runDue(now);
    expect(run.errors).toEqual([]);
    expect(run.requestsExpired).toBe(1);
    expect((await server.db.selectFrom('requests').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).toBe('expired');
    const holds = await invitesTo('learner@demo.test', `request-${id}-date-1@simvisit`);
    expect(holds.map((h) => icsProp(h.ics, 'METHOD'))).toEqual(['REQUEST', 'CANCEL']);
    expect(holds[1]!.mail.subject).toBe('Request is expired.');
    const notes = (await notificationsOf(learner)).filter((n) => n.title === 'Request is expired.');
    expect(notes.map(linkOf)).toContain(`/scenarios/${awv}/overview`);
    expect((await server.services.jobs.runDue(now)).requestsExpired).toBe(0);
  });

  it('retries a failed event later and sends only what is missing', async () => {
    const start = new Date('2031-10-06T15:00:00Z');
    const id = await insertVisit(server, { scenario: awv, learner, sp, start });
    await recordEvent(server, { type: 'visit.scheduled', visit_id: id, actor_user_id: sp });
    // A mail service that is down for the SP's address on the first try.
    let down = true;
    const flaky = {
      ...server.services.mail,
      async sendAndWait(message: Parameters<TestServer['services']['mail']['sendAndWait']>[0]) {
        if (down && message.to === 'sp@demo.test') throw new Error('SMTP is down');
        return server.services.mail.sendAndWait(message);
      },
    };
    const messages = createVisitMessages({
      repo: createVisitMessagesRepository(server.db),
      mail: flaky,
      sms: server.services.sms,
      notifications: server.services.notifications,
      config: server.config,
    });
    expect(await messages.processDue(start)).toEqual({ processed: 0, failed: 1 });
    const [event] = await eventsOf(server, id, 'visit.scheduled');
    expect(event).toMatchObject({ attempts: 1, last_error: 'SMTP is down', processed_at: null });
    expect(event!.locked_until!.getTime()).toBeGreaterThan(start.getTime());
    // Not again before its retry time.
    expect(await messages.processDue(start)).toEqual({ processed: 0, failed: 0 });
    down = false;
    expect(await messages.processDue(new Date(start.getTime() + HOUR))).toEqual({ processed: 1, failed: 0 });
    const uid = `visit-${id}@simvisit`;
    expect(await invitesTo('learner@demo.test', uid)).toHaveLength(1);
    expect(await invitesTo('sp@demo.test', uid)).toHaveLength(1);
    expect((await notificationsOf(learner)).filter((n) => linkOf(n) === `/visit/${id}`)).toHaveLength(1);
    const [done] = await eventsOf(server, id, 'visit.scheduled');
    expect(done).toMatchObject({ attempts: 2, last_error: null });
    expect(done!.processed_at).not.toBeNull();
  });
});

/** A form post as Twilio sends it, signed with the account's auth token (or not). */
async function inbound(
  params: Record<string, string>,
  signature: string | null = twilio.getExpectedTwilioSignature(AUTH_TOKEN, `${server.config.appUrl}${INBOUND}`, params),
) {
  return new Client(server).request('POST', INBOUND, {
    body: new URLSearchParams(params).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(signature === null ? {} : { 'x-twilio-signature': signature }) },
    csrf: false,
  });
}
const reply = (from: string, body: string, sid = `SM${String(++sids).padStart(32, '0')}`) => ({
  MessageSid: sid,
  SmsMessageSid: sid,
  AccountSid: ACCOUNT_SID,
  From: from,
  To: FROM,
  Body: body,
  NumMedia: '0',
});
const EMPTY = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

describe('SMS confirmation (SMS-04)', () => {
  const visitRow = (id: number) => server.db.selectFrom('visits').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('texts the confirmation request through Twilio (the real SDK against the fake)', async () => {
    const now = new Date('2031-11-03T15:00:00Z');
    await setSms(server, learner, MOBILE, new Date(now.getTime() - DAY));
    const id = await insertVisit(server, { scenario: awv, learner, sp, start: new Date(now.getTime() + 2 * DAY) });
    const run = await server.services.jobs.runDue(now);
    expect(run.confirmationRequested).toContain(id);
    const texts = fake.messages.filter((m) => m.to === MOBILE && mentionsVisit(m.body, id));
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatchObject({ from: FROM, accountSid: ACCOUNT_SID });
    expect(texts[0]!.body).toContain('Reply YES to confirm');
  });

  it('refuses a forged or unsigned post with 403 and changes nothing', async () => {
    await setSms(server, learner, MOBILE, new Date(Date.now() - DAY));
    const id = await insertVisit(server, { scenario: awv, learner, sp, start: new Date(Date.now() + 2 * DAY + 7 * HOUR) });
    const params = reply(MOBILE, 'YES');
    expect((await inbound(params, null)).status).toBe(403);
    expect(
      (await inbound(params, twilio.getExpectedTwilioSignature('another-token', `${server.config.appUrl}${INBOUND}`, params))).status,
    ).toBe(403);
    // Signed for other parameters (the body changed on the way).
    expect(
      (
        await inbound(
          { ...params, Body: 'YES' },
          twilio.getExpectedTwilioSignature(AUTH_TOKEN, `${server.config.appUrl}${INBOUND}`, { ...params, Body: 'NO' }),
        )
      ).status,
    ).toBe(403);
    expect((await visitRow(id)).is_confirmed).toBe(false);
    expect(
      await server.db.selectFrom('sms_inbound_messages').select('message_sid').where('message_sid', '=', params.MessageSid).execute(),
    ).toEqual([]);
    await server.db.updateTable('visits').set({ is_canceled: true, canceled_by_user_id: learner }).where('id', '=', id).execute();
  });

  it("ignores a reply from a number that is not the learner's verified mobile, and replies outside the window", async () => {
    await setSms(server, learner, MOBILE, new Date(Date.now() - DAY));
    // The learner's other open unconfirmed visits (the seeded ones) are out of the way.
    await server.db
      .updateTable('visits')
      .set({ is_canceled: true, canceled_by_user_id: learner })
      .where('learner_user_id', '=', learner)
      .where('is_confirmed', '=', false)
      .where('is_canceled', '=', false)
      .execute();
    const outside = await insertVisit(server, { scenario: awv, learner, sp, start: new Date(Date.now() + 4 * DAY + 3 * HOUR) });
    // Outside the window (more than 3 days ahead): ignored.
    let res = await inbound(reply(MOBILE, 'YES'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/xml');
    expect(await res.text()).toBe(EMPTY);
    expect((await visitRow(outside)).is_confirmed).toBe(false);

    const inside = await insertVisit(server, { scenario: awv, learner, sp, start: new Date(Date.now() + 2 * DAY + 3 * HOUR) });
    // Another number: ignored.
    res = await inbound(reply('+14155550999', 'YES'));
    expect(await res.text()).toBe(EMPTY);
    // The learner's number, but verified more than 90 days ago: ignored.
    await setSms(server, learner, MOBILE, new Date(Date.now() - 91 * DAY));
    res = await inbound(reply(MOBILE, 'YES'));
    expect(await res.text()).toBe(EMPTY);
    await setSms(server, learner, MOBILE, new Date(Date.now() - DAY));
    // Not a confirmation word: ignored.
    res = await inbound(reply(MOBILE, 'maybe later'));
    expect(await res.text()).toBe(EMPTY);
    expect((await visitRow(inside)).is_confirmed).toBe(false);
    expect(await eventsOf(server, inside, 'visit.confirmed')).toEqual([]);
    const outcomes = await server.db.selectFrom('sms_inbound_messages').select('outcome').orderBy('received_at').execute();
    expect(outcomes.map((o) => o.outcome)).toEqual(expect.arrayContaining(['no_visit_in_window', 'unknown_number', 'not_a_confirmation']));

    // Then YES from the verified number confirms the visit in the window, once; a replay changes nothing.
    const params = reply(MOBILE, ' yes! ');
    res = await inbound(params);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(
      `<?xml version="1.0" encoding="UTF-8"?><Response><Message>${VISIT_MESSAGES.confirmed}</Message></Response>`,
    );
    const row = await visitRow(inside);
    expect(row.is_confirmed).toBe(true);
    expect(row.confirmed_at).not.toBeNull();
    expect((await visitRow(outside)).is_confirmed).toBe(false);
    const events = await eventsOf(server, inside, 'visit.confirmed');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ actor_user_id: learner, payload: { via: 'sms' } });
    expect(
      await server.db
        .selectFrom('audit_log')
        .select('id')
        .where('action', '=', 'visit.confirmed')
        .where('target_id', '=', String(inside))
        .execute(),
    ).toHaveLength(1);

    // Replays (one after the other, and at once) answer empty and confirm nothing more.
    const other = await insertVisit(server, { scenario: awv, learner, sp, start: new Date(Date.now() + 2 * DAY + 5 * HOUR) });
    const replays = await Promise.all([inbound(params), inbound(params)]);
    for (const r of replays) {
      expect(r.status).toBe(200);
      expect(await r.text()).toBe(EMPTY);
    }
    expect((await visitRow(other)).is_confirmed).toBe(false);
    expect(await eventsOf(server, inside, 'visit.confirmed')).toHaveLength(1);

    // The SP hears of it (in-app), once.
    await server.services.jobs.run('messages');
    await server.services.jobs.run('messages');
    expect((await notificationsOf(sp)).filter((n) => n.title === 'Visit confirmed' && linkOf(n) === `/visit/${inside}`)).toHaveLength(1);
    for (const id of [outside, other])
      await server.db.updateTable('visits').set({ is_canceled: true, canceled_by_user_id: learner }).where('id', '=', id).execute();
  });

  it(`confirms at most once when the reply races the 21-hour cancellation (${TEST_DB})`, async () => {
    await setSms(server, learner, MOBILE, new Date(Date.now() - DAY));
    const id = await insertVisit(server, { scenario: awv, learner, sp, start: new Date(Date.now() + 20 * HOUR + 30 * 60_000), minutes: 5 });
    const params = reply(MOBILE, 'C');
    const [run, res] = await Promise.all([server.services.jobs.runDue(), inbound(params)]);
    expect(res.status).toBe(200);
    const row = await visitRow(id);
    expect(row.is_confirmed !== row.is_canceled).toBe(true);
    const confirmed = await eventsOf(server, id, 'visit.confirmed');
    const canceled = await eventsOf(server, id, 'visit.canceled');
    expect(confirmed.length + canceled.length).toBe(1);
    expect(run.autoCanceled.includes(id)).toBe(row.is_canceled);
    expect(await res.text()).toBe(
      row.is_confirmed
        ? `<?xml version="1.0" encoding="UTF-8"?><Response><Message>${VISIT_MESSAGES.confirmed}</Message></Response>`
        : EMPTY,
    );
  });
});

describe('the demo outbox', () => {
  it('lists a mail with its invite attachment', async () => {
    const client = new Client(server);
    const res = await client.get('/api/demo/outbox');
    expect(res.status).toBe(200);
    const { messages } = (await res.json()) as {
      messages: { subject: string | null; attachments: { filename: string; content_type: string; content: string }[] }[];
    };
    const withInvite = messages.find((m) => m.attachments.length > 0);
    expect(withInvite).toBeDefined();
    expect(withInvite!.attachments[0]!.filename).toMatch(/\.ics$/);
    expect(withInvite!.attachments[0]!.content).toContain('BEGIN:VCALENDAR');
  });
});
