import { ROLE, VISIT_DETAIL_TEXTS, VISIT_MESSAGES, VISIT_REFUSALS } from '@simvisit/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPatternMeetingProvider, DEFAULT_MEETING_URL_PATTERN } from '../src/platform/meetings/meeting-provider';
import { type Client, json, signedIn } from './support/client';
import { startTestServer, type TestServer } from './support/test-server';
import { auditOf, createPerson, eventsOf, insertVisit, scenarioIdOf, userIdOf, visitRow } from './support/visit-fixtures';

/*
 * Joining sessions (issue 5 item 7; spec 001 §4 'Join sessions', §7, §8; DESIGN.md §7): the join window's edges
 * for the learner, the SP (10 minutes earlier) and assigned observers, links from the meeting provider's URL
 * pattern, and the SP's close actions (complete with the 'feedback' action, no show, learner technical issue).
 * Every visit here has its own SP, so visits near now never overlap (visits_sp_no_overlap).
 */
const PATTERN = 'https://meet.example.test/rooms/{meeting_id}?config.prejoinPageEnabled=true';

let server: TestServer;
let awv: string;
let spCount = 0;
const id: Record<string, number> = {};
const c: Record<string, Client> = {};

/** A visit of the free scenario with a fresh SP of its own (signed in as `sp`). */
async function visitWithOwnSp(startInMinutes: number, extra: { observers?: number[]; confirmed?: boolean } = {}) {
  const email = `sp-join-${++spCount}@joining.test`;
  const sp = await createPerson(server, email, [[ROLE.standardized_patient, 1]], {
    scenarioId: awv,
    scenarioRole: ROLE.standardized_patient,
  });
  const visit = await insertVisit(server, {
    learner: id.learnerB!,
    sp,
    scenario: awv,
    startInMinutes,
    confirmed: extra.confirmed ?? true,
    observers: extra.observers,
  });
  return { visit, sp: await signedIn(server, email) };
}
const join = (client: Client, visitId: number, type = 'visit') => client.post(`/api/meeting/join/${type}`, { id: visitId });
const feedbackForm = (on: 0 | 1) =>
  server.db.updateTable('scenarios').set({ is_feedback_form_enabled: on }).where('id', '=', awv).execute();

beforeAll(async () => {
  server = await startTestServer({ meetingUrlPattern: PATTERN });
  awv = await scenarioIdOf(server, 'Annual wellness visit');
  id.observer = await userIdOf(server, 'observer@demo.test');
  id.learnerB = await createPerson(server, 'learner-b@joining.test', [[ROLE.learner, 1]]);
  id.learnerC = await createPerson(server, 'learner-c@joining.test', [[ROLE.learner, 1]]);
  await createPerson(server, 'observer-two@joining.test', [[ROLE.observer, 1]]);
  c.learnerB = await signedIn(server, 'learner-b@joining.test');
  c.learnerC = await signedIn(server, 'learner-c@joining.test');
  c.learner2 = await signedIn(server, 'learner2@demo.test', 'northfield');
  c.observer = await signedIn(server, 'observer@demo.test');
  c.observer2 = await signedIn(server, 'observer-two@joining.test');
  c.admin = await signedIn(server, 'admin@demo.test');
});
afterAll(async () => {
  await server.close();
});

describe('the meeting provider', () => {
  it('issues links from the URL pattern with an unguessable meeting id, the same link for the same meeting', async () => {
    const provider = createPatternMeetingProvider({ urlPattern: DEFAULT_MEETING_URL_PATTERN, recordingPattern: null });
    const event = { type: 'visit' as const, id: 1, meetingId: null, startAt: new Date(), endAt: new Date(), recordingUrl: null };
    const first = await provider.createJoinLink(event);
    expect(first.meetingId).toMatch(/^[0-9a-f]{32}$/);
    expect(first.link).toBe(`https://meet.jit.si/SimVisit-${first.meetingId}`);
    expect((await provider.createJoinLink({ ...event, meetingId: first.meetingId })).link).toBe(first.link);
    expect(await provider.fetchRecording({ ...event, meetingId: first.meetingId })).toBeNull();
    const recorded = createPatternMeetingProvider({
      urlPattern: DEFAULT_MEETING_URL_PATTERN,
      recordingPattern: 'https://rec.example.test/{meeting_id}.mp4',
    });
    expect(await recorded.fetchRecording({ ...event, meetingId: 'm 1' })).toBe('https://rec.example.test/m%201.mp4');
    expect(() => createPatternMeetingProvider({ urlPattern: 'https://meet.example.test/fixed-room', recordingPattern: null })).toThrow();
    expect(() => createPatternMeetingProvider({ urlPattern: 'javascript:alert({meeting_id})', recordingPattern: null })).toThrow();
  });
});

describe('POST api/meeting/join/visit: the window (20 minutes before, the SP 30, until 90 after the start)', () => {
  it('the learner joins from 20 minutes before the start, not earlier', async () => {
    const early = await visitWithOwnSp(21);
    let res = await join(c.learnerB!, early.visit);
    expect(res.status).toBe(409);
    expect((await json(res)).message).toBe(VISIT_REFUSALS.joinNotYet);
    // The SP's window is open 30 minutes before.
    expect((await join(early.sp, early.visit)).status).toBe(200);

    const open = await visitWithOwnSp(19);
    res = await join(c.learnerB!, open.visit);
    expect(res.status).toBe(200);
    const { link } = await json(res);
    const meetingId = (await visitRow(server, open.visit)).meeting_id!;
    expect(meetingId).toMatch(/^[0-9a-f]{32}$/);
    expect(link).toBe(`https://meet.example.test/rooms/${meetingId}?config.prejoinPageEnabled=true`);
    // Everyone joins the same meeting.
    expect((await json(await join(open.sp, open.visit))).link).toBe(link);
    expect((await auditOf(server, open.visit, 'visit.joined')).map((a) => (a.details as { role: string }).role)).toEqual(['learner', 'sp']);
  });

  it('the SP joins from 30 minutes before the start, not earlier', async () => {
    const early = await visitWithOwnSp(31);
    const res = await join(early.sp, early.visit);
    expect(res.status).toBe(409);
    expect((await json(res)).message).toBe(VISIT_REFUSALS.joinNotYet);
    const open = await visitWithOwnSp(29);
    expect((await join(open.sp, open.visit)).status).toBe(200);
    expect((await join(c.learnerB!, open.visit)).status).toBe(409);
  });

  it('closes 90 minutes after the start', async () => {
    const open = await visitWithOwnSp(-89);
    expect((await join(c.learnerB!, open.visit)).status).toBe(200);
    const closed = await visitWithOwnSp(-91);
    const res = await join(c.learnerB!, closed.visit);
    expect(res.status).toBe(409);
    expect((await json(res)).message).toBe(VISIT_REFUSALS.joinClosed);
    expect((await join(closed.sp, closed.visit)).status).toBe(409);
  });

  it('assigned observers join; other people are refused (403 same partner, 404 other partner) and audited', async () => {
    const v = await visitWithOwnSp(10, { observers: [id.observer!] });
    expect((await join(c.observer!, v.visit)).status).toBe(200);
    expect((await join(c.observer2!, v.visit)).status).toBe(403);
    expect((await join(c.learnerC!, v.visit)).status).toBe(403);
    // Admins see the visit but do not join it.
    expect((await join(c.admin!, v.visit)).status).toBe(403);
    expect((await join(c.learner2!, v.visit)).status).toBe(404);
    expect((await auditOf(server, v.visit, 'visit.access_denied')).map((a) => (a.details as { action: string }).action)).toEqual([
      'join',
      'join',
      'join',
      'join',
    ]);
  });

  it('a cancelled or completed visit is not joined, and only visits are sessions so far', async () => {
    const v = await visitWithOwnSp(5);
    expect((await join(c.learnerB!, v.visit, 'interview')).status).toBe(404);
    expect((await join(c.learnerB!, v.visit, 'training')).status).toBe(404);
    expect((await c.learnerB!.post('/api/interview/complete', { id: v.visit })).status).toBe(404);
    await server.db.updateTable('visits').set({ is_canceled: true }).where('id', '=', v.visit).execute();
    const res = await join(c.learnerB!, v.visit);
    expect(res.status).toBe(409);
    expect((await json(res)).message).toBe(VISIT_REFUSALS.notOpen);
    expect((await json(await join(c.learnerB!, 999_999))).message).toBe('Visit not found.');
  });
});

describe('closing the visit (the SP, after the start)', () => {
  it("complete answers 'feedback' while the SP feedback form is pending, else marks the visit complete", async () => {
    const v = await visitWithOwnSp(-5);
    const before = await visitWithOwnSp(5);
    await feedbackForm(1);
    try {
      let res = await before.sp.post('/api/visit/complete', { id: before.visit });
      expect(res.status).toBe(409);
      expect((await json(res)).message).toBe(VISIT_REFUSALS.notStarted);
      expect((await c.learnerB!.post('/api/visit/complete', { id: v.visit })).status).toBe(403);

      res = await v.sp.post('/api/visit/complete', { id: v.visit });
      expect(res.status).toBe(200);
      expect((await json(res)).action).toBe('feedback');
      expect((await visitRow(server, v.visit)).is_complete).toBe(false);
      expect(await eventsOf(server, v.visit)).toEqual([]);

      await server.db.updateTable('visits').set({ is_feedback_form_complete: true }).where('id', '=', v.visit).execute();
      res = await v.sp.post('/api/visit/complete', { id: v.visit });
      expect(await json(res)).toEqual({ action: 'complete', message: VISIT_DETAIL_TEXTS.completed });
    } finally {
      await feedbackForm(1);
    }
    expect((await visitRow(server, v.visit)).is_complete).toBe(true);
    expect(await eventsOf(server, v.visit)).toEqual(['visit.completed']);
    expect(await auditOf(server, v.visit, 'visit.completed')).toHaveLength(1);
    const again = await v.sp.post('/api/visit/complete', { id: v.visit });
    expect(again.status).toBe(409);
    expect((await json(again)).message).toBe(VISIT_REFUSALS.notOpen);
  });

  it('complete marks the visit complete at once when the scenario has no SP feedback form', async () => {
    const v = await visitWithOwnSp(-10);
    await feedbackForm(0);
    try {
      expect(await json(await v.sp.post('/api/visit/complete', { id: v.visit }))).toEqual({
        action: 'complete',
        message: 'Visit marked as complete.',
      });
    } finally {
      await feedbackForm(1);
    }
    expect((await visitRow(server, v.visit)).is_complete).toBe(true);
  });

  it('no show sets no_show and complete', async () => {
    const v = await visitWithOwnSp(-15);
    const early = await visitWithOwnSp(15);
    expect((await early.sp.post('/api/visit/noshow', { visit_id: early.visit })).status).toBe(409);
    expect((await c.learnerB!.post('/api/visit/noshow', { visit_id: v.visit })).status).toBe(403);
    const res = await v.sp.post('/api/visit/noshow', { visit_id: v.visit });
    expect(res.status).toBe(200);
    expect((await json(res)).message).toBe(VISIT_MESSAGES.noShowMarked);
    expect(await visitRow(server, v.visit)).toMatchObject({ no_show: true, is_complete: true, is_canceled: false });
    expect(await eventsOf(server, v.visit)).toEqual(['visit.no_show']);
    expect((await v.sp.post('/api/visit/learnertech', { visit_id: v.visit })).status).toBe(409);
  });

  it('a learner technical issue counts as cancelled', async () => {
    const v = await visitWithOwnSp(-20);
    expect((await c.learnerC!.post('/api/visit/learnertech', { visit_id: v.visit })).status).toBe(403);
    expect((await c.learner2!.post('/api/visit/learnertech', { visit_id: v.visit })).status).toBe(404);
    const res = await v.sp.post('/api/visit/learnertech', { visit_id: v.visit });
    expect(res.status).toBe(200);
    expect((await json(res)).message).toBe(VISIT_DETAIL_TEXTS.techIssueMarked);
    expect(await visitRow(server, v.visit)).toMatchObject({ learner_technical_issue: true, is_canceled: true, is_complete: false });
    expect(await eventsOf(server, v.visit)).toEqual(['visit.technical_issue']);
    // The page now says it was scheduled, and nobody joins.
    expect((await join(c.learnerB!, v.visit)).status).toBe(409);
    expect((await v.sp.post('/api/visit/noshow', { visit_id: v.visit })).status).toBe(409);
  });
});
