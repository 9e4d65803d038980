import { type APIRequestContext, expect, type Page, request } from '@playwright/test';
import { BASE_URL } from './accounts';

/*
 * Test data through the server's test-mode routes (/api/test/*, docs/decisions/0039; the e2e server runs with
 * TEST_MODE=true): each journey makes the people, visits, requests and training sessions it reads or changes, with
 * unique emails, instead of relying on the demo seed's rows and on which spec ran before. Times are relative to
 * the server's test clock, which a journey may move (setServerClock) together with the browser's (page.clock).
 */

/** Role ids of packages/schema's ROLE. */
export const ROLE_ID = {
  learner: 1,
  standardized_patient: 2,
  observer: 3,
  trainer: 4,
  admin: 5,
  head_trainer: 6,
  reviewer: 7,
  author: 8,
  client_admin: 9,
  financial_admin: 12,
} as const;
export type FactoryRole = keyof typeof ROLE_ID;

export interface TestUser {
  id: number;
  email: string;
  password: string;
  first_name: string;
  last_name: string;
  /** "First Last", as the app shows people */
  name: string;
}

export const AWV = 'Annual wellness visit';
export const POST_OP = 'Post-operative care call';

let api: Promise<APIRequestContext> | null = null;

/**
 * One request context per worker, with the XSRF cookie of a session (the test routes change state). Each call on
 * its own connection: the context sits idle between a journey's steps, and a kept-alive socket that the server
 * closes after its idle timeout just as the next call goes out answers ECONNRESET (seen once in CI).
 */
function testApi(): Promise<APIRequestContext> {
  api ??= (async () => {
    const context = await request.newContext({ baseURL: BASE_URL, extraHTTPHeaders: { Connection: 'close' } });
    const handshake = await context.get('/sanctum/csrf-cookie', { headers: { Accept: 'application/json' } });
    expect(handshake.ok(), `GET /sanctum/csrf-cookie answered ${handshake.status()}`).toBe(true);
    return context;
  })();
  return api;
}

async function call<T>(method: 'GET' | 'POST', path: string, data?: unknown): Promise<T> {
  const context = await testApi();
  const cookie = (await context.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN');
  const headers = { Accept: 'application/json', 'X-XSRF-TOKEN': decodeURIComponent(cookie?.value ?? '') };
  const response = method === 'GET' ? await context.get(path, { headers }) : await context.post(path, { data, headers });
  expect(response.ok(), `${method} ${path} answered ${response.status()}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/**
 * A new user with a unique email and the roles asked for (approved), in the New York zone. `welcome` gives the
 * welcome notification, `weekdayHours` the demo SP's weekly hours, `spOf` and `observerOf` the scenarios (titles) they
 * are an SP or observer of: an SP with both takes the visit requests of those scenarios, as sp@demo.test does.
 */
export async function createUser(
  roles: FactoryRole | [role: FactoryRole, partnerId: number, payRate?: number][],
  names: {
    first?: string;
    last?: string;
    prefix?: string;
    welcome?: boolean;
    weekdayHours?: boolean;
    spOf?: string[];
    observerOf?: string[];
  } = {},
): Promise<TestUser> {
  const grants: [FactoryRole, number, number?][] = typeof roles === 'string' ? [[roles, 1]] : roles;
  const user = await call<Omit<TestUser, 'name'>>('POST', '/api/test/users', {
    email_prefix: names.prefix ?? grants[0]![0].replace('_', '-'),
    first_name: names.first ?? 'Test',
    last_name: names.last ?? `${grants[0]![0].replace('_', ' ')} ${Math.random().toString(36).slice(2, 7)}`,
    roles: grants.map(([role, partner_id, pay_rate]) => ({ role_id: ROLE_ID[role], partner_id, pay_rate })),
    welcome: names.welcome ?? false,
    weekday_hours: names.weekdayHours ?? false,
    sp_of: names.spOf ?? [],
    observer_of: names.observerOf ?? [],
  });
  return { ...user, name: `${user.first_name} ${user.last_name}` };
}

/** Only a person's id is needed to put them on a visit. */
type Person = Pick<TestUser, 'id'>;

export interface VisitSpec {
  learner: Person;
  sp: Person;
  observers?: Person[];
  scenario?: string;
  partnerId?: number;
  /** minutes from the server's (test) clock; negative for the past */
  startsInMinutes: number;
  confirmed?: boolean;
  complete?: boolean;
  canceledBy?: 'learner' | 'sp' | 'system';
  noShow?: boolean;
  technicalIssue?: boolean;
  /** the SP's feedback form submitted */
  feedbackFormComplete?: boolean;
  /** observers (of `observers`) who submitted their scorecard, every Likert question answered with `likert` */
  observerScores?: { observer: Person; likert: number }[];
}

/** A visit in the state asked for; answers its id (the page is /visit/<id>). */
export async function createVisit(v: VisitSpec): Promise<number> {
  const made = await call<{ id: number }>('POST', '/api/test/visits', {
    scenario_title: v.scenario ?? AWV,
    partner_id: v.partnerId ?? 1,
    learner_user_id: v.learner.id,
    sp_user_id: v.sp.id,
    observer_user_ids: (v.observers ?? []).map((o) => o.id),
    starts_in_minutes: v.startsInMinutes,
    confirmed: v.confirmed ?? false,
    complete: v.complete ?? false,
    canceled_by: v.canceledBy ?? null,
    no_show: v.noShow ?? false,
    technical_issue: v.technicalIssue ?? false,
    feedback_form_complete: v.feedbackFormComplete ?? false,
    observer_scores: (v.observerScores ?? []).map((o) => ({ user_id: o.observer.id, likert: o.likert })),
  });
  return made.id;
}

/** A pending visit request of the learner with one or two dates (minutes from the server's clock). */
export async function createVisitRequest(r: {
  learner: TestUser;
  datesInMinutes: number[];
  scenario?: string;
  partnerId?: number;
}): Promise<number> {
  const made = await call<{ id: number }>('POST', '/api/test/visit-requests', {
    scenario_title: r.scenario ?? AWV,
    partner_id: r.partnerId ?? 1,
    learner_user_id: r.learner.id,
    dates_in_minutes: r.datesInMinutes,
  });
  return made.id;
}

/** A scenario training session of the trainer with these SPs. */
export async function createTrainingSession(s: {
  trainer: TestUser;
  sps: TestUser[];
  startsInMinutes: number;
  scenario?: string;
}): Promise<number> {
  const made = await call<{ id: number }>('POST', '/api/test/training-sessions', {
    scenario_title: s.scenario ?? AWV,
    partner_id: 1,
    trainer_user_id: s.trainer.id,
    sp_user_ids: s.sps.map((sp) => sp.id),
    starts_in_minutes: s.startsInMinutes,
  });
  return made.id;
}

/** An interview of an applicant with a trainer, one hour long (minutes from the server's clock). */
export async function createInterview(i: {
  applicant: Pick<TestUser, 'id'>;
  trainer: Pick<TestUser, 'id'>;
  startsInMinutes: number;
}): Promise<number> {
  const made = await call<{ id: number }>('POST', '/api/test/interviews', {
    applicant_user_id: i.applicant.id,
    trainer_user_id: i.trainer.id,
    starts_in_minutes: i.startsInMinutes,
  });
  return made.id;
}

export interface TestPartner {
  id: number;
  slug: string;
  short_name: string;
  long_name: string;
}

/** A partner of its own (a unique slug), so a journey may change its dates, seats, passcode or branding. */
export async function createPartner(
  options: {
    prefix?: string;
    isSim?: boolean;
    seats?: number;
    usedSeats?: number;
    passcode?: string | null;
    /** scenarios (by title) in the partner's catalogue, so its learners can open and book them */
    scenarios?: string[];
  } = {},
): Promise<TestPartner> {
  return call<TestPartner>('POST', '/api/test/partners', {
    slug_prefix: options.prefix ?? 'partner',
    is_sim: options.isSim ?? false,
    seats: options.seats ?? 100,
    used_seats: options.usedSeats ?? 0,
    passcode: options.passcode ?? null,
    scenario_titles: options.scenarios ?? [],
  });
}

/** The server's clock now. */
export async function serverNow(): Promise<Date> {
  return new Date((await call<{ now: string }>('GET', '/api/test/clock')).now);
}

/** Moves the server's clock (to a time, or by milliseconds) or puts it back to the real time; answers its time. */
export async function setServerClock(change: { now: Date } | { advanceMs: number } | 'reset'): Promise<Date> {
  const body =
    change === 'reset' ? { reset: true } : 'now' in change ? { now: change.now.toISOString() } : { advance_ms: change.advanceMs };
  return new Date((await call<{ now: string }>('POST', '/api/test/clock', body)).now);
}

/**
 * Moves the server's clock by `ms` and the pages' clocks with it (each page must have had page.clock.install()
 * before it loaded), so the PWA and the server agree on what time it is.
 */
export async function advanceClocks(ms: number, pages: Page[]): Promise<Date> {
  const now = await setServerClock({ advanceMs: ms });
  for (const page of pages) await page.clock.setSystemTime(now);
  return now;
}

/** An applicant with a pending application for these roles (role ids) at a partner (recruitment, decision 0048). */
export async function createApplicantForRecruitment(
  a: { roleIds?: number[]; partnerId?: number; first?: string; last?: string } = {},
): Promise<TestUser & { application_id: number }> {
  const made = await call<Omit<TestUser, 'name'> & { application_id: number }>('POST', '/api/test/applicants', {
    email_prefix: 'applicant',
    first_name: a.first ?? 'Applicant',
    last_name: a.last ?? `Tester ${Math.random().toString(36).slice(2, 7)}`,
    partner_id: a.partnerId ?? 1,
    role_ids: a.roleIds ?? [ROLE_ID.standardized_patient],
  });
  return { ...made, name: `${made.first_name} ${made.last_name}` };
}
