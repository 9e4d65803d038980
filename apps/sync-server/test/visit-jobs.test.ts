import { CANCELED_REASONS, canceledReason, slotToInstant } from '@simvisit/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app';
import { openDatabase } from '../src/db/database';
import { createServices } from '../src/services';
import { Client, json, signedIn } from './support/client';
import { startTestServer, TEST_DB, type TestServer } from './support/test-server';
import { DAY, eventsOf, HOUR, insertVisit, mentionsVisit, outboxTo, scenarioId, setSms, userId } from './support/visit-job-fixtures';

/*
 * The timed visit rules (issue 5 item 6; DESIGN.md §4 Jobs; spec 002 §4; SECURITY.md LOAD-06): confirmation
 * requests 3 days before, the system cancellation 21 hours before, reminders 24 hours before and request expiry,
 * each acting once when run twice or by two runners at once. Rows are written straight to the database and the
 * rules run with an explicit `now`; each test has its own stretch of time (far from the seeded visits) so the
 * runs of one test never meet the visits of another.
 */
let server: TestServer;
let awv: string;
let learner: number;
let learner2: number;
let sp: number;
let observer: number;
const MOBILE = '+14155550101';

beforeAll(async () => {
  server = await startTestServer();
  awv = await scenarioId(server, 'Annual wellness visit');
  learner = await userId(server, 'learner@demo.test');
  learner2 = await userId(server, 'learner2@demo.test');
  sp = await userId(server, 'sp@demo.test');
  observer = await userId(server, 'observer@demo.test');
});
afterAll(async () => {
  await server?.close();
});

const visitRow = (id: number) => server.db.selectFrom('visits').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const lastOutboxId = async () =>
  (
    await server.db
      .selectFrom('outbox')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst()
  )?.id ?? 0;
const notificationsOf = (user: number, title: string) =>
  server.db
    .selectFrom('notifications')
    .select(['title', 'content', 'payload'])
    .where('user_id', '=', user)
    .where('title', '=', title)
    .execute();

describe('SMS confirmation request 3 days before the start', () => {
  const T = new Date('2031-01-13T15:00:00Z');

  it('asks once by SMS when the learner has SMS on and a verified number, by email otherwise', async () => {
    await setSms(server, learner, MOBILE, new Date(T.getTime() - DAY));
    const inside = await insertVisit(server, { scenario: awv, learner, sp, start: new Date(T.getTime() + 3 * DAY - 60_000) });
    const outside = await insertVisit(server, { scenario: awv, learner, sp, start: new Date(T.getTime() + 3 * DAY + HOUR) });
    const byMail = await insertVisit(server, { scenario: awv, learner: learner2, sp, start: new Date(T.getTime() + 2 * DAY) });
    const confirmed = await insertVisit(server, {
      scenario: awv,
      learner,
      sp,
      start: new Date(T.getTime() + 2 * DAY + 2 * HOUR),
      confirmed: true,
    });

    const first = await server.services.jobs.runDue(T);
    expect(first.errors).toEqual([]);
    expect(first.confirmationRequested).toEqual(expect.arrayContaining([inside, byMail]));
    expect(first.confirmationRequested).not.toContain(outside);
    expect(first.confirmationRequested).not.toContain(confirmed);
    expect((await visitRow(inside)).confirmation_requested_at?.getTime()).toBe(T.getTime());
    expect(await eventsOf(server, inside, 'visit.confirmation_requested')).toHaveLength(1);

    const texts = (await outboxTo(server, MOBILE, 'sms')).filter((m) => mentionsVisit(m.body_text, inside));
    expect(texts).toHaveLength(1);
    expect(texts[0]!.body_text).toContain('Reply YES to confirm');
    expect(texts[0]!.body_text).toContain('Annual wellness visit');
    expect(texts[0]!.body_text).toContain(`${server.config.appUrl}/visit/${inside}`);
    const mails = (await outboxTo(server, 'learner2@demo.test')).filter((m) => mentionsVisit(m.body_text, byMail));
    expect(mails.map((m) => m.subject)).toEqual(['Please confirm your visit']);
    expect(await notificationsOf(learner, 'Please confirm your visit')).not.toHaveLength(0);

    // Run again: nothing more is asked or sent.
    const before = await lastOutboxId();
    const second = await server.services.jobs.runDue(T);
    expect(second.confirmationRequested).toEqual([]);
    expect(second.events).toEqual({ processed: 0, failed: 0 });
    expect(await eventsOf(server, inside, 'visit.confirmation_requested')).toHaveLength(1);
    expect(await lastOutboxId()).toBe(before);

    // The visit outside the window is asked once it enters it.
    const later = await server.services.jobs.runDue(new Date(T.getTime() + 2 * HOUR));
    expect(later.confirmationRequested).toContain(outside);
    await setSms(server, learner, null, null, false);
  });
});

describe('auto-cancel of unconfirmed visits 21 hours before the start', () => {
  const T = new Date('2031-02-10T15:00:00Z');

  it('cancels as a System Cancellation at start − 21 h, once', async () => {
    const due = await insertVisit(server, { scenario: awv, learner, sp, start: new Date(T.getTime() + 21 * HOUR), minutes: 1 });
    const notYet = await insertVisit(server, { scenario: awv, learner, sp, start: new Date(T.getTime() + 21 * HOUR + 60_000) });
    const confirmed = await insertVisit(server, { scenario: awv, learner, sp, start: new Date(T.getTime() + 20 * HOUR), confirmed: true });
    await server.db.insertInto('visit_observers').values({ visit_id: due, user_id: observer }).execute();

    const run = await server.services.jobs.runDue(T);
    expect(run.errors).toEqual([]);
    expect(run.autoCanceled).toContain(due);
    expect(run.autoCanceled).not.toContain(notYet);
    expect(run.autoCanceled).not.toContain(confirmed);

    const row = await visitRow(due);
    expect(row).toMatchObject({ is_canceled: true, canceled_by_user_id: null, is_confirmed: false });
    expect(row.canceled_at?.getTime()).toBe(T.getTime());
    expect(canceledReason(row)).toBe(CANCELED_REASONS.system);
    const events = await eventsOf(server, due, 'visit.canceled');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ actor_user_id: null, payload: { reason: 'system' } });
    expect(events[0]!.processed_at).not.toBeNull();
    const audit = await server.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'visit.canceled')
      .where('target_id', '=', String(due))
      .execute();
    expect(audit).toHaveLength(1);
    expect((await visitRow(notYet)).is_canceled).toBe(false);
    expect((await visitRow(confirmed)).is_canceled).toBe(false);

    // Learner, SP and observer are told, once.
    for (const email of ['learner@demo.test', 'sp@demo.test', 'observer@demo.test']) {
      const mails = (await outboxTo(server, email)).filter((m) => mentionsVisit(m.body_text, due));
      expect(mails.map((m) => m.subject)).toEqual(['Visit cancelled: not confirmed']);
    }
    const told = await notificationsOf(learner, 'Visit cancelled: not confirmed');
    expect(told.some((n) => (n.payload as { link?: string }).link === `/visit/${due}`)).toBe(true);

    const again = await server.services.jobs.runDue(T);
    expect(again.autoCanceled).toEqual([]);
    expect(await eventsOf(server, due, 'visit.canceled')).toHaveLength(1);

    // One minute later the next one is due.
    const next = await server.services.jobs.runDue(new Date(T.getTime() + 60_000));
    expect(next.autoCanceled).toEqual([notYet]);
  });
});

describe('reminders 24 hours before the start', () => {
  const T = new Date('2031-04-14T15:00:00Z');

  it('reminds the learner, the SP and observers of a confirmed visit once, by notification, email and SMS', async () => {
    await setSms(server, learner, MOBILE, new Date(T.getTime() - DAY));
    const due = await insertVisit(server, { scenario: awv, learner, sp, start: new Date(T.getTime() + 24 * HOUR), confirmed: true });
    const notYet = await insertVisit(server, {
      scenario: awv,
      learner,
      sp,
      start: new Date(T.getTime() + 24 * HOUR + 60 * 60_000),
      confirmed: true,
    });
    const unconfirmed = await insertVisit(server, { scenario: awv, learner, sp, start: new Date(T.getTime() + 23 * HOUR) });
    await server.db.insertInto('visit_observers').values({ visit_id: due, user_id: observer }).execute();

    const run = await server.services.jobs.runDue(T);
    expect(run.errors).toEqual([]);
    expect(run.reminded).toEqual([due]);
    expect(run.reminded).not.toContain(unconfirmed);
    expect((await visitRow(due)).reminder_sent_at?.getTime()).toBe(T.getTime());
    expect(await eventsOf(server, due, 'visit.reminder')).toHaveLength(1);
    for (const [email, id] of [
      ['learner@demo.test', learner],
      ['sp@demo.test', sp],
      ['observer@demo.test', observer],
    ] as const) {
      const mails = (await outboxTo(server, email)).filter((m) => mentionsVisit(m.body_text, due));
      expect(mails.map((m) => m.subject)).toEqual(['Visit reminder']);
      expect((await notificationsOf(id, 'Visit reminder')).some((n) => (n.payload as { link?: string }).link === `/visit/${due}`)).toBe(
        true,
      );
    }
    const texts = (await outboxTo(server, MOBILE, 'sms')).filter((m) => mentionsVisit(m.body_text, due));
    expect(texts).toHaveLength(1);
    expect(texts[0]!.body_text).toContain('reminder');

    const again = await server.services.jobs.runDue(T);
    expect(again.reminded).toEqual([]);
    expect((await outboxTo(server, 'sp@demo.test')).filter((m) => mentionsVisit(m.body_text, due))).toHaveLength(1);

    // A learner with email notifications off gets no reminder email (the in-app notification still comes).
    await server.db.updateTable('users').set({ enable_email_notifications: false }).where('id', '=', learner).execute();
    const later = await server.services.jobs.runDue(new Date(T.getTime() + HOUR));
    expect(later.reminded).toEqual([notYet]);
    expect((await outboxTo(server, 'learner@demo.test')).filter((m) => mentionsVisit(m.body_text, notYet))).toEqual([]);
    expect((await outboxTo(server, 'sp@demo.test')).filter((m) => mentionsVisit(m.body_text, notYet))).toHaveLength(1);
    await server.db.updateTable('users').set({ enable_email_notifications: true }).where('id', '=', learner).execute();
    await setSms(server, learner, null, null, false);
  });
});

describe('dates across a daylight-saving change', () => {
  it('computes the 21-hour cancellation and the 24-hour reminder on instants, not wall-clock times', async () => {
    const zone = 'America/New_York';
    // Clocks go forward at 02:00 on Sunday 9 March 2031: the day before has 23 hours.
    const unconfirmedStart = slotToInstant('2031-03-09 16:00:00', zone)!;
    const confirmedStart = slotToInstant('2031-03-09 17:00:00', zone)!;
    expect(unconfirmedStart.toISOString()).toBe('2031-03-09T20:00:00.000Z');
    const unconfirmed = await insertVisit(server, { scenario: awv, learner, sp, start: unconfirmedStart });
    const confirmed = await insertVisit(server, { scenario: awv, learner, sp, start: confirmedStart, confirmed: true });

    // The reminder: exactly 24 hours before, 16:00 EST on the 8th (a wall-clock 'same time yesterday' would be 17:00).
    const remindAt = new Date('2031-03-08T21:00:00Z');
    expect((await server.services.jobs.runDue(new Date(remindAt.getTime() - 60_000))).reminded).not.toContain(confirmed);
    expect((await server.services.jobs.runDue(remindAt)).reminded).toContain(confirmed);

    // The cancellation: exactly 21 hours before, 18:00 EST on the 8th (not 19:00, 21 wall-clock hours before).
    const cancelAt = new Date('2031-03-08T23:00:00Z');
    expect((await server.services.jobs.runDue(new Date(cancelAt.getTime() - 60_000))).autoCanceled).not.toContain(unconfirmed);
    expect((await visitRow(unconfirmed)).is_canceled).toBe(false);
    expect((await server.services.jobs.runDue(cancelAt)).autoCanceled).toContain(unconfirmed);
    expect((await visitRow(unconfirmed)).is_canceled).toBe(true);
  });
});

describe('several runners (LOAD-06)', () => {
  const T = new Date('2031-06-09T15:00:00Z');

  it(`act once when two runners run at the same time (${TEST_DB === 'postgres' ? 'two processes on PostgreSQL' : 'one after the other on PGlite'})`, async () => {
    await setSms(server, learner, MOBILE, new Date(T.getTime() - DAY));
    const toCancel: number[] = [];
    const toAsk: number[] = [];
    const toRemind: number[] = [];
    for (let i = 0; i < 5; i++) {
      toCancel.push(await insertVisit(server, { scenario: awv, learner, sp, start: new Date(T.getTime() + 10 * HOUR + i * HOUR) }));
      toAsk.push(await insertVisit(server, { scenario: awv, learner, sp, start: new Date(T.getTime() + 2 * DAY + i * HOUR) }));
      toRemind.push(
        await insertVisit(server, { scenario: awv, learner, sp, start: new Date(T.getTime() + 16 * HOUR + i * HOUR), confirmed: true }),
      );
    }
    const mine = [...toCancel, ...toAsk, ...toRemind];
    const before = await lastOutboxId();

    let runs: Awaited<ReturnType<TestServer['services']['jobs']['runDue']>>[];
    if (TEST_DB === 'postgres') {
      // A second server process: its own connection pool and services on the same database.
      const other = await openDatabase({ databaseUrl: server.config.databaseUrl, dataDir: 'memory://' });
      try {
        const otherServices = createServices(other.db, server.config);
        runs = await Promise.all([server.services.jobs.runDue(T), otherServices.jobs.runDue(T), server.services.jobs.runDue(T)]);
        await otherServices.mail.idle();
      } finally {
        await other.close();
      }
    } else {
      runs = [await server.services.jobs.runDue(T), await server.services.jobs.runDue(T)];
    }
    for (const run of runs) expect(run.errors).toEqual([]);
    const all = (key: 'autoCanceled' | 'confirmationRequested' | 'reminded') =>
      runs
        .flatMap((r) => r[key])
        .filter((id) => mine.includes(id))
        .sort((a, b) => a - b);
    expect(all('autoCanceled')).toEqual([...toCancel].sort((a, b) => a - b));
    expect(all('confirmationRequested')).toEqual([...toAsk].sort((a, b) => a - b));
    expect(all('reminded')).toEqual([...toRemind].sort((a, b) => a - b));

    // Each runner may have left events to the other; one more pass sends anything still due.
    await server.services.jobs.run('messages', T);
    for (const id of mine) {
      const events = await eventsOf(server, id);
      expect(events).toHaveLength(1);
      expect(events[0]!.processed_at).not.toBeNull();
    }
    const sent = await server.db
      .selectFrom('outbox')
      .select(['recipient', 'channel', 'subject', 'body_text'])
      .where('id', '>', before)
      .execute();
    const about = (id: number) => sent.filter((m) => mentionsVisit(m.body_text, id));
    for (const id of toCancel) {
      expect(
        about(id)
          .filter((m) => m.recipient === 'learner@demo.test')
          .map((m) => m.subject),
      ).toEqual(['Visit cancelled: not confirmed']);
    }
    for (const id of toAsk) expect(about(id).filter((m) => m.recipient === MOBILE)).toHaveLength(1);
    for (const id of toRemind) {
      expect(
        about(id)
          .filter((m) => m.recipient === 'sp@demo.test')
          .map((m) => m.subject),
      ).toEqual(['Visit reminder']);
      expect(about(id).filter((m) => m.recipient === MOBILE)).toHaveLength(1);
    }
    await setSms(server, learner, null, null, false);
  });

  it("gives one outcome when the 21-hour cancellation races the learner's confirmation", async () => {
    const client = await signedIn(server, 'learner@demo.test');
    const now = Date.now();
    // Past their cancellation time (start − 21 h) and inside the confirm window: both may act, only one wins.
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) {
      ids.push(await insertVisit(server, { scenario: awv, learner, sp, start: new Date(now + 20 * HOUR + i * 10 * 60_000), minutes: 5 }));
    }
    const [run, ...answers] = await Promise.all([
      server.services.jobs.runDue(),
      ...ids.map((id) => client.post(`/api/visit/${id}/confirm`)),
    ]);
    expect(run.errors).toEqual([]);
    for (const [i, id] of ids.entries()) {
      const row = await visitRow(id);
      expect(row.is_confirmed !== row.is_canceled).toBe(true);
      const confirmedEvents = await eventsOf(server, id, 'visit.confirmed');
      const canceledEvents = await eventsOf(server, id, 'visit.canceled');
      if (row.is_confirmed) {
        expect(answers[i]!.status).toBe(200);
        expect(confirmedEvents).toHaveLength(1);
        expect(canceledEvents).toHaveLength(0);
        expect(run.autoCanceled).not.toContain(id);
      } else {
        expect(answers[i]!.status).toBe(409);
        expect(canceledEvents).toHaveLength(1);
        expect(confirmedEvents).toHaveLength(0);
        expect(run.autoCanceled).toContain(id);
      }
    }
    // A later run changes nothing of what was decided.
    await server.services.jobs.runDue();
    for (const id of ids) {
      const row = await visitRow(id);
      expect(row.is_confirmed !== row.is_canceled).toBe(true);
    }
  });
});

describe('routes', () => {
  it('answers 404 on the inbound SMS webhook without a Twilio auth token (nothing could verify a signature)', async () => {
    const res = await new Client(server).request('POST', '/api/sms/twilio/inbound', {
      body: 'From=%2B14155550101&Body=YES&MessageSid=SM1',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': 'anything' },
    });
    expect(res.status).toBe(404);
  });

  it('runs the rules now from the demo-only route (CSRF checked), and not outside demo mode', async () => {
    const anonymous = new Client(server);
    expect((await anonymous.post('/api/demo/jobs/run-due', {})).status).toBe(419);
    await anonymous.csrf();
    const res = await anonymous.post('/api/demo/jobs/run-due', {});
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body).toMatchObject({ errors: [], skipped: [] });
    expect(Array.isArray(body.autoCanceled)).toBe(true);

    // The same server without demo mode: the route does not exist.
    const { app } = createApp({
      config: { ...server.config, demoMode: false },
      db: server.db,
      services: server.services,
      feed: server.feed,
    });
    const production = new Client({ ...server, app });
    await production.csrf();
    expect((await production.post('/api/demo/jobs/run-due', {})).status).toBe(404);
  });
});
