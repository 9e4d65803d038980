import { ROLE } from '@simvisit/schema';
import { hashPassword } from '../../src/platform/passwords/password-hasher';
import { DEMO_PASSWORD } from './client';
import type { TestServer } from './test-server';

/*
 * Rows the visit page and joining tests write straight into their own database: extra people (a second learner
 * of partner 1, more SPs and observers) and visits with start times relative to now, so the timed rules (join
 * window, confirm window, reschedule lead time) are tested without a clock and without sleeping.
 */

export async function userIdOf(server: TestServer, email: string): Promise<number> {
  return (await server.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
}

export async function scenarioIdOf(server: TestServer, title: string): Promise<string> {
  return (await server.db.selectFrom('scenarios').select('id').where('title', '=', title).executeTakeFirstOrThrow()).id;
}

let hash: Promise<string> | null = null;

/** A person with approved roles at partners (password demo-pass-2026), in the New York zone. */
export async function createPerson(
  server: TestServer,
  email: string,
  grants: [roleId: number, partnerId: number][],
  extra: { scenarioId?: string; scenarioRole?: number; profession?: string } = {},
): Promise<number> {
  hash ??= hashPassword(DEMO_PASSWORD);
  const tz = await server.db.selectFrom('timezones').select('id').where('short_name', '=', 'America/New_York').executeTakeFirst();
  const profession = extra.profession
    ? await server.db.selectFrom('professions').select('id').where('title', '=', extra.profession).executeTakeFirst()
    : undefined;
  const row = await server.db
    .insertInto('users')
    .values({
      email,
      password: await hash,
      first_name: email.split('@')[0]!,
      last_name: 'Tester',
      timezone_id: tz?.id ?? null,
      profession_id: profession?.id ?? null,
      dob: '1990-01-02',
      dea_number: 'DEA-SECRET-1',
      npi_number: 'NPI-SECRET-1',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (grants.length > 0) {
    await server.db
      .insertInto('user_roles')
      .values(grants.map(([role_id, partner_id]) => ({ user_id: row.id, role_id, partner_id, is_approved: true })))
      .execute();
  }
  if (extra.scenarioId && extra.scenarioRole) {
    await server.db
      .insertInto('scenario_users')
      .values({ scenario_id: extra.scenarioId, user_id: row.id, role_id: extra.scenarioRole })
      .execute();
  }
  return row.id;
}

export const SP_ROLE = ROLE.standardized_patient;

export interface NewVisit {
  learner: number;
  sp: number;
  scenario: string;
  partner?: number;
  /** minutes from now to the start */
  startInMinutes: number;
  minutes?: number;
  confirmed?: boolean;
  complete?: boolean;
  canceled?: boolean;
  noShow?: boolean;
  technicalIssue?: boolean;
  paymentCents?: number;
  recordingUrl?: string | null;
  observers?: number[];
  /**
   * When the SP or the learner is already busy then (the demo people have seeded visits and training sessions at
   * fixed hours of the next days), move the start by 30-minute steps in this direction until both are free, so a
   * test using a demo person does not depend on the hour it runs at. Without it a clash is an error.
   */
  shiftIfBusy?: 'later' | 'earlier';
}

/** The first start from `start`, stepping 30 minutes in `direction`, at which neither person has a commitment. */
async function freeStart(server: TestServer, v: NewVisit, start: Date, direction: 'later' | 'earlier'): Promise<Date> {
  const length = (v.minutes ?? 30) * 60_000;
  const busy = await server.db.selectFrom('commitments').select('period').where('user_id', 'in', [v.sp, v.learner]).execute();
  const periods = busy.map((b) => {
    const [from, to] = String(b.period)
      .replace(/[[\]()"]/g, '')
      .split(',');
    // PostgreSQL writes a range's bounds as '2026-12-01 18:00:00+00': made ISO so Date.parse reads them.
    const iso = (t: string) =>
      t
        .trim()
        .replace(' ', 'T')
        .replace(/([+-]\d\d)$/, '$1:00');
    return [Date.parse(iso(from!)), Date.parse(iso(to!))] as const;
  });
  // The SP's own visits too: completed and no-show visits are no commitments, but two visits of one SP never overlap.
  const visits = await server.db
    .selectFrom('visits')
    .select(['start_at', 'end_at'])
    .where('sp_user_id', '=', v.sp)
    .where('is_canceled', '=', false)
    .execute();
  for (const r of visits) periods.push([new Date(r.start_at).getTime(), new Date(r.end_at).getTime()]);
  let at = start.getTime();
  for (let step = 0; step < 48 && periods.some(([from, to]) => at < to && from < at + length); step++) {
    at += (direction === 'later' ? 1 : -1) * 30 * 60_000;
  }
  return new Date(at);
}

/** A visit with its start relative to now; returns its id. */
export async function insertVisit(server: TestServer, v: NewVisit): Promise<number> {
  const asked = new Date(Date.now() + v.startInMinutes * 60_000);
  const start = v.shiftIfBusy ? await freeStart(server, v, asked, v.shiftIfBusy) : asked;
  const row = await server.db
    .insertInto('visits')
    .values({
      scenario_id: v.scenario,
      partner_id: v.partner ?? 1,
      learner_user_id: v.learner,
      sp_user_id: v.sp,
      start_at: start,
      end_at: new Date(start.getTime() + (v.minutes ?? 30) * 60_000),
      is_confirmed: v.confirmed ?? false,
      is_complete: v.complete ?? v.noShow ?? false,
      completed_at: v.complete || v.noShow ? new Date() : null,
      is_canceled: v.canceled ?? v.technicalIssue ?? false,
      canceled_at: v.canceled || v.technicalIssue ? new Date() : null,
      no_show: v.noShow ?? false,
      learner_technical_issue: v.technicalIssue ?? false,
      payment_amount_cents: v.paymentCents ?? 0,
      recording_url: v.recordingUrl ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const o of v.observers ?? []) await server.db.insertInto('visit_observers').values({ visit_id: row.id, user_id: o }).execute();
  return row.id;
}

export async function visitRow(server: TestServer, id: number) {
  return server.db.selectFrom('visits').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

export async function eventsOf(server: TestServer, visitId: number): Promise<string[]> {
  const rows = await server.db.selectFrom('visit_events').select('type').where('visit_id', '=', visitId).orderBy('id').execute();
  return rows.map((r) => r.type);
}

export async function auditOf(server: TestServer, visitId: number, action: string) {
  return server.db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', action)
    .where('target_type', '=', 'visit')
    .where('target_id', '=', String(visitId))
    .execute();
}

/** A scenario written straight into the tables, as the scenario server stores one, with its job number at each partner given. */
export async function insertScenario(
  server: TestServer,
  s: { title: string; patient: string; status: number; jobs: [partnerId: number, jobNumber: string][] },
): Promise<string> {
  const row = await server.db
    .insertInto('scenarios')
    .values({
      status: s.status,
      title: s.title,
      patient_name: s.patient,
      patient_image: '/patient-images/adult-woman.svg',
      author_user_id: await userIdOf(server, 'author@demo.test'),
      reviewer_user_id: null,
      trainer_user_id: null,
      partner_id: 1,
      credit_text: null,
      cloned_from: null,
      fee: null,
      doc: JSON.stringify({ title: s.title, patient_name: s.patient }),
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [partner_id, job_number] of s.jobs) {
    await server.db.insertInto('scenario_partners').values({ scenario_id: row.id, partner_id, featured: 0, job_number }).execute();
  }
  return row.id;
}
