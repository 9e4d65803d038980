import {
  addDays,
  instantToDate,
  ROLE,
  slotToInstant,
  VISIT_MESSAGES,
  VISIT_REFUSALS,
  VISIT_REQUEST_MESSAGES,
  weekdayOf,
} from '@simvisit/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, json, signedIn } from './support/client';
import { startTestServer, type TestServer } from './support/test-server';
import { auditOf, createPerson, eventsOf, insertVisit, scenarioIdOf, userIdOf, visitRow } from './support/visit-fixtures';

/*
 * The visit page's calls (issue 5 item 5; spec 002 §2.2, §3, §4, §7, §8; SECURITY.md AUTHZ-03, AUTHZ-04) through
 * HTTP: who may see a visit and which fields, cancel, confirm (window edges), reschedule (free scenarios, lead
 * time, an admin's link), the reschedule link, observers, transfer (SP overlap 409), adjust date and recording.
 * Visits are written here with start times relative to now.
 */
const ZONE = 'America/New_York';
const DAY = 24 * 60;

let server: TestServer;
let awv: string;
let lbp: string;
let postOp: string;
const id: Record<string, number> = {};
const c: Record<string, Client> = {};

const get = (who: string, visitId: number | string, tail = '') => c[who]!.get(`/api/visit/${visitId}${tail}`);
const post = (who: string, visitId: number | string, tail: string, body: unknown = {}) =>
  c[who]!.post(`/api/visit/${visitId}${tail}`, body);

/** A weekday at least `from` days ahead in New York (the demo SP's availability is Monday to Friday 08:00–18:00). */
function weekdayAhead(from: number): string {
  let date = addDays(instantToDate(new Date(), ZONE), from);
  while (['Saturday', 'Sunday'].includes(weekdayOf(date))) date = addDays(date, 1);
  return date;
}

beforeAll(async () => {
  server = await startTestServer();
  awv = await scenarioIdOf(server, 'Annual wellness visit');
  lbp = await scenarioIdOf(server, 'Acute low back pain');
  postOp = await scenarioIdOf(server, 'Post-operative care call');
  for (const e of ['learner', 'learner2', 'sp', 'observer', 'admin', 'superadmin', 'clientadmin', 'headtrainer']) {
    id[e] = await userIdOf(server, `${e}@demo.test`);
  }
  id.learnerB = await createPerson(server, 'learner-b@visits.test', [[ROLE.learner, 1]], { profession: 'Nurse Practitioner' });
  id.learnerC = await createPerson(server, 'learner-c@visits.test', [[ROLE.learner, 1]], { profession: 'Medical Student' });
  id.sp2 = await createPerson(server, 'sp-two@visits.test', [[ROLE.standardized_patient, 1]], {
    scenarioId: awv,
    scenarioRole: ROLE.standardized_patient,
  });
  id.spOther = await createPerson(server, 'sp-other@visits.test', [[ROLE.standardized_patient, 1]]);
  id.observer2 = await createPerson(server, 'observer-two@visits.test', [[ROLE.observer, 1]]);
  id.observerNf = await createPerson(server, 'observer-nf@visits.test', [[ROLE.observer, 2]]);
  // The scorecard switched on for the free scenario: observers are managed only then (spec 002 §4).
  await server.db.updateTable('scenarios').set({ is_scorecard_enabled: 1 }).where('id', '=', awv).execute();

  c.learner = await signedIn(server, 'learner@demo.test');
  c.learnerB = await signedIn(server, 'learner-b@visits.test');
  c.learnerC = await signedIn(server, 'learner-c@visits.test');
  c.learner2 = await signedIn(server, 'learner2@demo.test', 'northfield');
  c.sp = await signedIn(server, 'sp@demo.test');
  c.sp2 = await signedIn(server, 'sp-two@visits.test');
  c.spOther = await signedIn(server, 'sp-other@visits.test');
  c.observer = await signedIn(server, 'observer@demo.test');
  c.observer2 = await signedIn(server, 'observer-two@visits.test');
  c.admin = await signedIn(server, 'admin@demo.test');
  c.superadmin = await signedIn(server, 'superadmin@demo.test');
  c.clientadmin = await signedIn(server, 'clientadmin@demo.test', 'northfield');
  c.headtrainer = await signedIn(server, 'headtrainer@demo.test');
});
afterAll(async () => {
  await server.close();
});

describe('GET api/visit/{id}: who sees it (AUTHZ-03)', () => {
  it('answers the learner, the SP, an assigned observer, admins, head trainers and super admins', async () => {
    const v = await insertVisit(server, {
      learner: id.learnerB!,
      sp: id.sp2!,
      scenario: awv,
      startInMinutes: 5 * DAY,
      observers: [id.observer!],
    });
    for (const who of ['learnerB', 'sp2', 'observer', 'admin', 'headtrainer', 'superadmin']) {
      const res = await get(who, v);
      expect(res.status, who).toBe(200);
      expect((await json(res)).visit.id).toBe(v);
    }
  });

  it('refuses another learner (403 same partner, 404 other partner), an unassigned SP and observer, and audits', async () => {
    const v = await insertVisit(server, { learner: id.learnerB!, sp: id.sp2!, scenario: awv, startInMinutes: 5 * DAY + 60 });
    const before = (await auditOf(server, v, 'visit.access_denied')).length;
    expect((await get('learnerC', v)).status).toBe(403);
    expect((await get('spOther', v)).status).toBe(403);
    expect((await get('observer2', v)).status).toBe(403);
    const other = await get('learner2', v);
    expect(other.status).toBe(404);
    // The other partner's answer is the one of a visit that does not exist.
    const missing = await get('learner2', 999_999);
    expect(await json(other)).toEqual(await json(missing));
    expect((await get('learner', 'abc')).status).toBe(404);
    const denied = await auditOf(server, v, 'visit.access_denied');
    expect(denied.length - before).toBe(4);
    expect(denied.map((a) => (a.details as { same_partner: boolean }).same_partner).sort()).toEqual([false, true, true, true]);
  });

  it("a client admin sees their partners' visits only", async () => {
    const nf = await insertVisit(server, { learner: id.learner2!, sp: id.sp!, scenario: postOp, partner: 2, startInMinutes: 9 * DAY });
    expect((await get('clientadmin', nf)).status).toBe(200);
    const own = await insertVisit(server, { learner: id.learnerB!, sp: id.sp2!, scenario: awv, startInMinutes: 9 * DAY });
    expect((await get('clientadmin', own)).status).toBe(404);
  });
});

describe('GET api/visit/{id}: fields by role (AUTHZ-04)', () => {
  let v: number;
  let nf: number;
  beforeAll(async () => {
    v = await insertVisit(server, {
      learner: id.learnerB!,
      sp: id.sp2!,
      scenario: awv,
      startInMinutes: 6 * DAY,
      observers: [id.observer!],
    });
    nf = await insertVisit(server, { learner: id.learner2!, sp: id.sp!, scenario: postOp, partner: 2, startInMinutes: 10 * DAY });
  });

  const secrets = (body: unknown) => {
    const text = JSON.stringify(body);
    for (const s of ['DEA-SECRET-1', 'NPI-SECRET-1', '1990-01-02', '"dob"', 'dea_number', 'npi_number', 'password']) {
      expect(text, s).not.toContain(s);
    }
  };

  it('the learner sees no SP data (name, email, timezone) and no learner type', async () => {
    const body = await json(await get('learnerB', v));
    secrets(body);
    expect(body.visit.standardized_patient).toBeNull();
    expect(body.timezones).toEqual({ learner: ZONE, sp: null });
    expect(body.learner_type).toBeNull();
    expect(body.visit.learner.email).toBe('learner-b@visits.test');
    expect(body.visit.observer_users[0].user.email).toBeUndefined();
    expect(body.visit.viewer.is_learner).toBe(true);
  });

  it('the SP sees the participant name, profession and specialty but no email, timezone or learner type', async () => {
    const body = await json(await get('sp2', v));
    secrets(body);
    expect(body.visit.learner.name).toBe('learner-b Tester');
    expect(body.visit.learner.profession).toEqual({ title: 'Nurse Practitioner' });
    expect(body.visit.learner).toHaveProperty('specialty');
    expect(body.visit.learner.email).toBeUndefined();
    expect(body.timezones.learner).toBeNull();
    expect(body.learner_type).toBeNull();
    expect(body.visit.standardized_patient).toEqual({ name: 'sp-two Tester', email: 'sp-two@visits.test' });
    // The SP's scenario card carries the SP's fields; the learner's does not.
    expect(body.visit.scenario.fields.some((f: { id: number }) => f.id === 3)).toBe(true);
    const learnerCard = await json(await get('learnerB', v));
    expect(learnerCard.visit.scenario.fields.every((f: { id: number }) => f.id === 1 || f.id === 2)).toBe(true);
  });

  it('an observer sees the participant name but no emails', async () => {
    const body = await json(await get('observer', v));
    secrets(body);
    expect(body.visit.learner.email).toBeUndefined();
    expect(body.visit.standardized_patient).toBeNull();
    expect(body.timezones).toEqual({ learner: null, sp: null });
  });

  it('admins and super admins see the participant and the SP with emails, time zones and learner type', async () => {
    for (const who of ['admin', 'superadmin']) {
      const body = await json(await get(who, v));
      secrets(body);
      expect(body.visit.learner.email).toBe('learner-b@visits.test');
      expect(body.visit.standardized_patient.email).toBe('sp-two@visits.test');
      expect(body.timezones).toEqual({ learner: ZONE, sp: ZONE });
      expect(body.learner_type).toBe('Nurse Practitioner');
      expect(body.visit.observer_users[0].user.email).toBe('observer@demo.test');
    }
  });

  it('a client admin sees the participant with email, timezone and learner type, but no SP data', async () => {
    const body = await json(await get('clientadmin', nf));
    secrets(body);
    expect(body.visit.learner.email).toBe('learner2@demo.test');
    expect(body.visit.standardized_patient).toBeNull();
    expect(body.timezones.sp).toBeNull();
    expect(body.timezones.learner).toBe(ZONE);
  });

  it('carries the scenario summary, flags and partner dates of spec 002 §3', async () => {
    const body = await json(await get('learnerB', v));
    expect(body.visit.scenario).toMatchObject({
      id: Number(awv),
      title: 'Annual wellness visit',
      fee: 0,
      is_scorecard_enabled: 1,
      is_feedback_form_enabled: expect.any(Number),
      is_participant_feedback_enabled: expect.any(Number),
      scorecard_display_type_id: expect.any(Number),
    });
    expect(body.visit.scenario.patient_image).toHaveProperty('location');
    expect(body.partner_dates).toEqual({ start_date: null, end_date: null });
    expect(body.partner_disabled_dates).toEqual([]);
    for (const k of [
      'is_complete',
      'is_canceled',
      'is_confirmed',
      'no_show',
      'learner_technical_issue',
      'is_scorecard_complete',
      'is_feedback_form_complete',
      'is_participant_feedback_complete',
    ]) {
      expect(typeof body.visit[k], k).toBe('boolean');
    }
    expect(body.visit.local_time).toBe(`${instantToDate(new Date(body.visit.start_at), ZONE)} ${body.visit.local_time.slice(11)}`);
  });
});

describe('cancel', () => {
  it('refuses other people without a change; the learner cancels once', async () => {
    const v = await insertVisit(server, { learner: id.learnerB!, sp: id.sp2!, scenario: awv, startInMinutes: 4 * DAY });
    expect((await post('learnerC', v, '/cancel')).status).toBe(403);
    expect((await post('learner2', v, '/cancel')).status).toBe(404);
    expect((await post('observer', v, '/cancel')).status).toBe(403);
    expect((await visitRow(server, v)).is_canceled).toBe(false);
    const res = await post('learnerB', v, '/cancel');
    expect(res.status).toBe(200);
    expect((await json(res)).message).toBe(VISIT_MESSAGES.cancelled);
    const row = await visitRow(server, v);
    expect(row).toMatchObject({ is_canceled: true, canceled_by_user_id: id.learnerB, is_sp_cancellation: false });
    expect(await eventsOf(server, v)).toEqual(['visit.canceled']);
    expect(await auditOf(server, v, 'visit.canceled')).toHaveLength(1);
    const again = await post('learnerB', v, '/cancel');
    expect(again.status).toBe(409);
    expect((await json(again)).message).toBe(VISIT_REFUSALS.notOpen);
    expect(await eventsOf(server, v)).toEqual(['visit.canceled']);
  });

  it("an SP's cancellation is marked as one; a started visit is no longer the learner's to cancel", async () => {
    const v = await insertVisit(server, { learner: id.learnerB!, sp: id.sp2!, scenario: awv, startInMinutes: 4 * DAY + 60 });
    expect((await post('sp2', v, '/cancel')).status).toBe(200);
    expect(await visitRow(server, v)).toMatchObject({ is_canceled: true, is_sp_cancellation: true, canceled_by_user_id: id.sp2 });
    const started = await insertVisit(server, { learner: id.learnerB!, sp: id.sp2!, scenario: awv, startInMinutes: -5 });
    const res = await post('learnerB', started, '/cancel');
    expect(res.status).toBe(409);
    expect((await json(res)).message).toBe(VISIT_REFUSALS.started);
    // An admin still may (the visit did not take place).
    expect((await post('admin', started, '/cancel')).status).toBe(200);
  });

  it('a learner technical issue cannot be cancelled by the learner', async () => {
    const v = await insertVisit(server, {
      learner: id.learnerB!,
      sp: id.sp2!,
      scenario: awv,
      startInMinutes: -3 * DAY,
      technicalIssue: true,
    });
    const res = await post('learnerB', v, '/cancel');
    expect(res.status).toBe(409);
    expect((await json(res)).message).toBe(VISIT_REFUSALS.technicalIssue);
  });
});

describe('confirm (from 3 days before the start until the start)', () => {
  it('refuses before the window, confirms inside it once, and refuses after the start', async () => {
    const early = await insertVisit(server, { learner: id.learnerB!, sp: id.sp2!, scenario: awv, startInMinutes: 3 * DAY + 2 });
    const res = await post('learnerB', early, '/confirm');
    expect(res.status).toBe(409);
    expect((await json(res)).message).toBe(VISIT_REFUSALS.confirmWindow);

    const inside = await insertVisit(server, { learner: id.learnerB!, sp: id.spOther!, scenario: awv, startInMinutes: 3 * DAY - 2 });
    expect((await post('spOther', inside, '/confirm')).status).toBe(403);
    expect((await post('learnerC', inside, '/confirm')).status).toBe(403);
    const ok = await post('learnerB', inside, '/confirm');
    expect(ok.status).toBe(200);
    expect((await json(ok)).message).toBe(VISIT_MESSAGES.confirmed);
    expect((await visitRow(server, inside)).is_confirmed).toBe(true);
    expect(await eventsOf(server, inside)).toEqual(['visit.confirmed']);
    expect((await json(await post('learnerB', inside, '/confirm'))).message).toBe(VISIT_REFUSALS.alreadyConfirmed);

    const started = await insertVisit(server, { learner: id.learnerB!, sp: id.sp2!, scenario: awv, startInMinutes: -1, minutes: 30 });
    expect((await post('learnerB', started, '/confirm')).status).toBe(409);
    expect((await visitRow(server, started)).is_confirmed).toBe(false);
  });
});

describe('reschedule', () => {
  const day1 = () => weekdayAhead(8);
  // The weekday after day1, whatever day the test runs on (from a Saturday, weekdayAhead(8) and (9) are one Monday).
  const day2 = () => {
    let date = addDays(day1(), 1);
    while (['Saturday', 'Sunday'].includes(weekdayOf(date))) date = addDays(date, 1);
    return date;
  };
  /*
   * The slots asked for: times the server offers on those days, near 10:00 and 14:30 (what other tests of this
   * file or the demo data hold on those days depends on the day the run starts), and two more for a request of its own.
   */
  const slot = { one: '', two: '', ownOne: '', ownTwo: '' };
  const offered = async (date: string): Promise<string[]> => {
    const res = await c.learnerC!.post('/api/visit-request/available-times', { scenario_id: awv, request_type: 1, date, timezone: ZONE });
    expect(res.status, await res.clone().text()).toBe(200);
    return (await json(res)).times;
  };
  const atOrAfter = (times: string[], hour: string, not: string[] = []) => {
    const found = times.find((t) => t.slice(11) >= hour && !not.includes(t));
    if (!found) throw new Error(`no time offered from ${hour} in ${times.join(', ')}`);
    return found;
  };
  beforeAll(async () => {
    const [first, second] = [await offered(day1()), await offered(day2())];
    slot.one = atOrAfter(first, '10:00:00');
    slot.two = atOrAfter(second, '14:30:00');
    slot.ownOne = atOrAfter(first, '12:30:00', [slot.one]);
    slot.ownTwo = atOrAfter(second, '16:30:00', [slot.two]);
  });
  const dates = () => ({ visit_date_one: slot.one, visit_date_two: slot.two, timezone: ZONE });

  it('a free visit at least 2 days ahead becomes a pending request with the two dates', async () => {
    const v = await insertVisit(server, {
      learner: id.learnerC!,
      sp: id.sp!,
      scenario: awv,
      startInMinutes: 3 * DAY + 120,
      shiftIfBusy: 'later',
    });
    expect((await post('learnerB', v, '/reschedule', dates())).status).toBe(403);
    expect((await post('sp', v, '/reschedule', dates())).status).toBe(403);
    const res = await post('learnerC', v, '/reschedule', dates());
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.message).toBe(VISIT_MESSAGES.rescheduled);
    const request = await server.db.selectFrom('requests').selectAll().where('id', '=', body.id).executeTakeFirstOrThrow();
    expect(request).toMatchObject({
      status: 'pending',
      user_id: id.learnerC,
      scenario_id: awv,
      rescheduled_from_visit_id: v,
      timezone: ZONE,
    });
    const requested = await server.db
      .selectFrom('request_dates')
      .select('start_at')
      .where('request_id', '=', body.id)
      .orderBy('start_at')
      .execute();
    expect(requested.map((r) => new Date(r.start_at).getTime())).toEqual([
      slotToInstant(slot.one, ZONE)!.getTime(),
      slotToInstant(slot.two, ZONE)!.getTime(),
    ]);
    expect(await visitRow(server, v)).toMatchObject({ is_canceled: true, canceled_by_user_id: id.learnerC });
    expect(await eventsOf(server, v)).toEqual(['visit.rescheduled']);
    const created = await server.db.selectFrom('visit_events').select('type').where('request_id', '=', body.id).execute();
    expect(created.map((e) => e.type)).toEqual(['request.created']);
    // The learner GETs the request page of the new request (helper A's page).
    expect((await c.learnerC!.get(`/api/request/${body.id}`)).status).toBe(200);
    // Rescheduling the cancelled visit again is refused.
    expect((await post('learnerC', v, '/reschedule', dates())).status).toBe(409);
    await server.db.updateTable('requests').set({ status: 'canceled' }).where('id', '=', body.id).execute();
  });

  it('refuses a paid scenario, less than 2 days ahead, unavailable and equal dates', async () => {
    const paid = await insertVisit(server, {
      learner: id.learnerC!,
      sp: id.sp!,
      scenario: lbp,
      startInMinutes: 5 * DAY + 30,
      paymentCents: 4665,
    });
    let res = await post('learnerC', paid, '/reschedule', dates());
    expect(res.status).toBe(409);
    expect((await json(res)).message).toBe(VISIT_REFUSALS.rescheduleFee);

    const soon = await insertVisit(server, {
      learner: id.learnerC!,
      sp: id.sp!,
      scenario: awv,
      startInMinutes: 2 * DAY - 10,
      shiftIfBusy: 'earlier',
    });
    res = await post('learnerC', soon, '/reschedule', dates());
    expect(res.status).toBe(409);
    expect((await json(res)).message).toBe(VISIT_REFUSALS.rescheduleLead);

    const free = await insertVisit(server, {
      learner: id.learnerC!,
      sp: id.sp!,
      scenario: awv,
      startInMinutes: 6 * DAY + 30,
      shiftIfBusy: 'later',
    });
    res = await post('learnerC', free, '/reschedule', { ...dates(), visit_date_one: `${day1()} 03:00:00` });
    expect(res.status).toBe(422);
    expect((await json(res)).errors.visit_date_one).toEqual([VISIT_REQUEST_MESSAGES.notAvailable]);
    res = await post('learnerC', free, '/reschedule', {
      ...dates(),
      visit_date_one: `${addDays(instantToDate(new Date(), ZONE), 1)} 10:00:00`,
    });
    expect(res.status).toBe(422);
    res = await post('learnerC', free, '/reschedule', { ...dates(), visit_date_two: slot.one });
    expect(res.status).toBe(422);
    expect((await json(res)).errors.visit_date_two).toEqual([VISIT_REQUEST_MESSAGES.sameDates]);
    expect((await visitRow(server, free)).is_canceled).toBe(false);
    expect(await eventsOf(server, free)).toEqual([]);
  });

  it("an admin's reschedule link lets the learner reschedule a paid no-show once, carrying what was paid", async () => {
    const v = await insertVisit(server, {
      learner: id.learnerC!,
      sp: id.sp!,
      scenario: lbp,
      startInMinutes: -2 * DAY,
      noShow: true,
      paymentCents: 4665,
      shiftIfBusy: 'earlier',
    });
    expect((await post('learnerC', v, '/reschedule-link')).status).toBe(403);
    expect((await post('learnerC', v, '/reschedule', dates())).status).toBe(409);
    const link = await post('admin', v, '/reschedule-link');
    expect(link.status).toBe(200);
    expect(await json(link)).toEqual({ reschedule_link: `http://localhost:8080/visit/${v}?R=1`, message: VISIT_MESSAGES.linkGenerated });
    expect((await json(await get('learnerC', v))).visit.has_reschedule_link).toBe(true);
    const res = await post('learnerC', v, '/reschedule', dates());
    expect(res.status).toBe(200);
    const { id: requestId } = await json(res);
    const request = await server.db.selectFrom('requests').selectAll().where('id', '=', requestId).executeTakeFirstOrThrow();
    expect(request.payment_amount_cents).toBe(4665);
    const row = await visitRow(server, v);
    expect(row.reschedule_token).toBeNull();
    expect(row.no_show).toBe(true);
    expect((await post('learnerC', v, '/reschedule', dates())).status).toBe(409);
    await server.db.updateTable('requests').set({ status: 'canceled' }).where('id', '=', requestId).execute();
  });

  it('a second open request for the scenario is refused (409) and the visit stays', async () => {
    const first = await insertVisit(server, {
      learner: id.learnerC!,
      sp: id.sp!,
      scenario: awv,
      startInMinutes: 7 * DAY,
      shiftIfBusy: 'later',
    });
    const second = await insertVisit(server, {
      learner: id.learnerC!,
      sp: id.sp!,
      scenario: awv,
      startInMinutes: 7 * DAY + 120,
      shiftIfBusy: 'later',
    });
    const ok = await post('learnerC', first, '/reschedule', dates());
    expect(ok.status).toBe(200);
    // Dates of their own, so only the open request stands in the way (not the first request's held dates).
    const res = await post('learnerC', second, '/reschedule', {
      ...dates(),
      visit_date_one: slot.ownOne,
      visit_date_two: slot.ownTwo,
    });
    expect(res.status).toBe(409);
    expect((await json(res)).message).toBe(VISIT_REQUEST_MESSAGES.existingRequest);
    expect((await visitRow(server, second)).is_canceled).toBe(false);
    await server.db
      .updateTable('requests')
      .set({ status: 'canceled' })
      .where('id', '=', (await json(ok)).id)
      .execute();
  });
});

describe('reschedule link', () => {
  it('is for admins, not once the visit took place', async () => {
    const done = await insertVisit(server, { learner: id.learnerB!, sp: id.sp2!, scenario: awv, startInMinutes: -3 * DAY, complete: true });
    const res = await post('admin', done, '/reschedule-link');
    expect(res.status).toBe(409);
    expect((await json(res)).message).toBe(VISIT_REFUSALS.linkComplete);
    expect((await post('sp2', done, '/reschedule-link')).status).toBe(403);
    const open = await insertVisit(server, { learner: id.learnerB!, sp: id.sp2!, scenario: awv, startInMinutes: 8 * DAY });
    expect((await post('superadmin', open, '/reschedule-link')).status).toBe(200);
    expect(await auditOf(server, open, 'visit.reschedule_link')).toHaveLength(1);
  });
});

describe('observers (super admins, scorecard enabled)', () => {
  it('lists, adds and removes observers of the partner', async () => {
    const v = await insertVisit(server, {
      learner: id.learnerB!,
      sp: id.sp2!,
      scenario: awv,
      startInMinutes: 11 * DAY,
      observers: [id.observer!],
    });
    expect((await get('admin', v, '/observers')).status).toBe(403);
    expect((await post('admin', v, '/observers/add', { add_observer_id: id.observer2 })).status).toBe(403);
    const list = await json(await get('superadmin', v, '/observers'));
    const ids = list.observer_users.map((o: { id: number }) => o.id);
    expect(ids).toContain(id.observer2);
    expect(ids).not.toContain(id.observer);
    expect(ids).not.toContain(id.observerNf);

    let res = await post('superadmin', v, '/observers/add', { add_observer_id: id.observer2 });
    expect(res.status).toBe(200);
    let body = await json(res);
    expect(body.message).toBe(VISIT_MESSAGES.observerAdded);
    expect(body.visit.observer_users.map((o: { user_id: number }) => o.user_id).sort()).toEqual([id.observer, id.observer2].sort());
    expect((await post('superadmin', v, '/observers/add', { add_observer_id: id.observer2 })).status).toBe(409);
    res = await post('superadmin', v, '/observers/add', { add_observer_id: id.learnerB });
    expect(res.status).toBe(422);
    expect((await post('superadmin', v, '/observers/add', { add_observer_id: id.observerNf })).status).toBe(422);
    // The new observer may now open the visit.
    expect((await get('observer2', v)).status).toBe(200);

    res = await post('superadmin', v, '/observers/remove', { remove_observer_id: id.observer2 });
    expect(res.status).toBe(200);
    body = await json(res);
    expect(body.message).toBe(VISIT_MESSAGES.observerRemoved);
    expect(body.visit.observer_users.map((o: { user_id: number }) => o.user_id)).toEqual([id.observer]);
    expect((await get('observer2', v)).status).toBe(403);
    expect(await eventsOf(server, v)).toEqual(['visit.observer_added', 'visit.observer_removed']);

    await server.db
      .updateTable('visit_observers')
      .set({ is_complete: true })
      .where('visit_id', '=', v)
      .where('user_id', '=', id.observer!)
      .execute();
    res = await post('superadmin', v, '/observers/remove', { remove_observer_id: id.observer });
    expect(res.status).toBe(409);
    expect((await json(res)).message).toBe(VISIT_REFUSALS.observerScored);
  });

  it('is off when the scenario has no scorecard enabled', async () => {
    const v = await insertVisit(server, { learner: id.learnerB!, sp: id.sp!, scenario: lbp, startInMinutes: 11 * DAY });
    await server.db.updateTable('scenarios').set({ is_scorecard_enabled: 0 }).where('id', '=', lbp).execute();
    try {
      const res = await get('superadmin', v, '/observers');
      expect(res.status).toBe(409);
      expect((await json(res)).message).toBe(VISIT_REFUSALS.noScorecard);
      expect((await post('superadmin', v, '/observers/add', { add_observer_id: id.observer2 })).status).toBe(409);
      expect((await json(await get('superadmin', v))).visit.scenario.is_scorecard_enabled).toBe(0);
    } finally {
      await server.db.updateTable('scenarios').set({ is_scorecard_enabled: 1 }).where('id', '=', lbp).execute();
    }
  });
});

describe('transfer (permission visit.transfer)', () => {
  it("moves the visit to another SP of the scenario; an overlap with that SP's visit is 409 and changes nothing", async () => {
    const v = await insertVisit(server, { learner: id.learnerB!, sp: id.sp!, scenario: awv, startInMinutes: 12 * DAY });
    expect((await get('learnerB', v, '/transfer-users')).status).toBe(403);
    expect((await post('sp', v, '/transfer', { sp_id: id.sp2 })).status).toBe(403);
    const users = await json(await get('admin', v, '/transfer-users'));
    expect(users.sp_users.map((u: { id: number }) => u.id)).toEqual([id.sp2]);

    const busy = await insertVisit(server, { learner: id.learnerC!, sp: id.sp2!, scenario: awv, startInMinutes: 12 * DAY + 15 });
    let res = await post('admin', v, '/transfer', { sp_id: id.sp2 });
    expect(res.status).toBe(409);
    expect((await json(res)).message).toBe(VISIT_REFUSALS.overlap);
    expect((await visitRow(server, v)).sp_user_id).toBe(id.sp);
    expect(await eventsOf(server, v)).toEqual([]);

    res = await post('admin', v, '/transfer', { sp_id: id.spOther });
    expect(res.status).toBe(422);

    await server.db.updateTable('visits').set({ is_canceled: true }).where('id', '=', busy).execute();
    res = await post('admin', v, '/transfer', { sp_id: id.sp2 });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.message).toBe(VISIT_MESSAGES.transferred);
    expect(body.visit.sp_user_id).toBe(id.sp2);
    expect(await eventsOf(server, v)).toEqual(['visit.transferred']);
    // The former SP no longer sees the visit.
    expect((await get('sp', v)).status).toBe(403);
  });
});

describe('adjust date and time (admins)', () => {
  it("moves the visit to the admin's wall time and sets confirmed as ticked", async () => {
    const v = await insertVisit(server, { learner: id.learnerB!, sp: id.sp!, scenario: awv, startInMinutes: 13 * DAY, minutes: 30 });
    const day = addDays(instantToDate(new Date(), ZONE), 15);
    expect((await post('learnerB', v, '/adjust-date', { start_date: `${day} 09:00:00`, is_confirmed: true, timezone: ZONE })).status).toBe(
      403,
    );
    expect((await post('sp', v, '/adjust-date', { start_date: `${day} 09:00:00`, is_confirmed: true, timezone: ZONE })).status).toBe(403);
    let res = await post('admin', v, '/adjust-date', { start_date: '', is_confirmed: true });
    expect(res.status).toBe(422);
    expect((await json(res)).message).toBe('Please select a date and time');
    res = await post('admin', v, '/adjust-date', { start_date: `${addDays(day, -20)} 09:00:00`, is_confirmed: true, timezone: ZONE });
    expect(res.status).toBe(422);
    expect((await json(res)).message).toBe(VISIT_REFUSALS.datePast);

    res = await post('admin', v, '/adjust-date', { start_date: `${day} 09:00:00`, is_confirmed: true, timezone: ZONE });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.message).toBe(VISIT_MESSAGES.adjusted);
    const start = slotToInstant(`${day} 09:00:00`, ZONE)!;
    expect(body.visit.start_at).toBe(start.toISOString());
    expect(body.visit.is_confirmed).toBe(true);
    const row = await visitRow(server, v);
    expect(row.end_at.getTime() - row.start_at.getTime()).toBe(30 * 60_000);

    // Unticked: the learner confirms the new time again. The admin's profile zone is New York.
    res = await post('admin', v, '/adjust-date', { start_date: `${day} 11:30:00`, is_confirmed: false });
    expect(res.status).toBe(200);
    expect((await json(res)).visit).toMatchObject({ is_confirmed: false, start_at: slotToInstant(`${day} 11:30:00`, ZONE)!.toISOString() });
    expect(await eventsOf(server, v)).toEqual(['visit.adjusted', 'visit.adjusted']);
    expect(await auditOf(server, v, 'visit.adjusted')).toHaveLength(2);
  });

  it("refuses a time that overlaps the SP's other visit", async () => {
    const day = addDays(instantToDate(new Date(), ZONE), 16);
    const a = await insertVisit(server, { learner: id.learnerB!, sp: id.sp2!, scenario: awv, startInMinutes: 14 * DAY });
    const b = await insertVisit(server, { learner: id.learnerC!, sp: id.sp2!, scenario: awv, startInMinutes: 14 * DAY + 120 });
    expect((await post('admin', b, '/adjust-date', { start_date: `${day} 13:00:00`, is_confirmed: false, timezone: ZONE })).status).toBe(
      200,
    );
    const res = await post('admin', a, '/adjust-date', { start_date: `${day} 13:15:00`, is_confirmed: false, timezone: ZONE });
    expect(res.status).toBe(409);
    expect((await json(res)).message).toBe(VISIT_REFUSALS.overlap);
  });
});

describe('recording', () => {
  it('answers the link to the people of the visit and its admins only', async () => {
    const v = await insertVisit(server, {
      learner: id.learnerB!,
      sp: id.sp2!,
      scenario: awv,
      startInMinutes: -DAY,
      complete: true,
      recordingUrl: 'https://recordings.example.test/abc',
      observers: [id.observer!],
    });
    for (const who of ['learnerB', 'sp2', 'observer', 'admin', 'superadmin']) {
      expect(await json(await get(who, v, '/recording')), who).toEqual({ link: 'https://recordings.example.test/abc' });
    }
    expect((await get('learnerC', v, '/recording')).status).toBe(403);
    expect((await get('headtrainer', v, '/recording')).status).toBe(403);
    expect((await get('learner2', v, '/recording')).status).toBe(404);
    expect((await auditOf(server, v, 'visit.access_denied')).map((a) => (a.details as { action: string }).action)).toEqual([
      'recording',
      'recording',
      'recording',
    ]);
    const none = await insertVisit(server, { learner: id.learnerB!, sp: id.sp2!, scenario: awv, startInMinutes: -2 * DAY, complete: true });
    expect(await json(await get('learnerB', none, '/recording'))).toEqual({ link: null });
  });
});
