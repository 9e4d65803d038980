import {
  APPLYING_MESSAGES,
  QUOTE_REQUEST_MESSAGES as M,
  MOBILE_INVALID,
  PARTNER_SIM,
  plainTextMessage,
  QUOTE_MESSAGES,
  ROLE,
} from '@simvisit/schema';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestPartner, createTestUser } from '../src/seed/test-factories';
import { Client, json } from './support/client';
import { startTestServer, type TestServer } from './support/test-server';

/* The quote request (issue 19 item 1, decision 0073) through HTTP, anonymous and signed in. */
let server: TestServer;
let published: string[];
let unpublishedAtSim: string;
let foreignScenario: string;
let texas: number;

beforeAll(async () => {
  server = await startTestServer();
  const atSim = (status: 'published' | 'other') =>
    server.db
      .selectFrom('scenarios as s')
      .innerJoin('scenario_partners as sp', 'sp.scenario_id', 's.id')
      .select('s.id')
      .where('sp.partner_id', '=', PARTNER_SIM)
      .where('s.status', status === 'published' ? '=' : '<>', 5)
      .orderBy('s.id')
      .execute();
  // two published scenarios at the sim partner: the seed's, and another published one attached for the test
  const attach = (scenario_id: string) =>
    server.db
      .insertInto('scenario_partners')
      .values({ scenario_id, partner_id: PARTNER_SIM, featured: 0, job_number: 'QUOTE-TEST' })
      .execute();
  const atSimIds = async () =>
    (await server.db.selectFrom('scenario_partners').select('scenario_id').where('partner_id', '=', PARTNER_SIM).execute()).map(
      (r) => r.scenario_id,
    );
  const elsewhere = async (status: 'published' | 'other') =>
    server.db
      .selectFrom('scenarios')
      .select('id')
      .where('id', 'not in', await atSimIds())
      .where('status', status === 'published' ? '=' : '<>', 5)
      .orderBy('id')
      .executeTakeFirstOrThrow();
  if ((await atSim('published')).length < 2) await attach(String((await elsewhere('published')).id));
  published = (await atSim('published')).map((r) => String(r.id));
  foreignScenario = String((await elsewhere('published')).id);
  unpublishedAtSim = String((await elsewhere('other')).id);
  await attach(unpublishedAtSim);
  const tx = server.db.selectFrom('states').select('id').where('short_name', '=', 'TX').where('country_code', '=', 'US');
  texas = (await tx.executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await server.close();
});
// each test requests several times from the one test address; the limit has its own test
const clearLimit = () => sql`delete from rate_limits where key like 'quote-request%'`.execute(server.db);
beforeEach(clearLimit);

let counter = 0;
const uniqueEmail = () => `quoter-${Date.now().toString(36)}-${++counter}@quote.simvisit.test`;

function body(over: Record<string, unknown> = {}) {
  return {
    partner_slug: 'simclusive',
    first_name: 'Quincy',
    last_name: 'Requester',
    email: uniqueEmail(),
    password: 'a-long-secret-2026',
    password_confirmation: 'a-long-secret-2026',
    mobile_number: '(512) 555-0142',
    job_title: 'Simulation Director',
    company_name: 'Lone Star Nursing',
    address_1: '100 Congress Ave',
    address_2: 'Suite 5',
    city: 'Austin',
    state_id: texas,
    zip: '78701',
    scenarios: [
      { scenario_id: published[0], scenario_count: 12 },
      { scenario_id: published[1], scenario_count: 3 },
    ],
    ...over,
  };
}

async function anonymous() {
  const client = new Client(server);
  await client.csrf();
  return client;
}
async function mailTo(email: string) {
  await server.services.mail.idle();
  return (await server.services.mail.latest(200)).filter((m) => m.recipient === email);
}
const requestsOf = (email: string) =>
  server.db
    .selectFrom('quote_requests as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select(['r.id', 'r.partner_id', 'r.title', 'r.mobile_number', 'r.zip', 'u.id as user_id'])
    .where('u.email', '=', email)
    .execute();
const countOf = async (table: 'quote_requests' | 'users') =>
  Number((await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(server.db)).rows[0]!.n);
const counts = async () => ({ requests: await countOf('quote_requests'), users: await countOf('users') });
async function expectRefused(res: Response, status: number, message: string, field?: string) {
  expect(res.status).toBe(status);
  const b = await json(res);
  if (field) expect(b.errors?.[field]).toContain(message);
  else expect([b.message, ...Object.values(b.errors ?? {}).flat()]).toContain(message);
}

describe('an anonymous quote request', () => {
  it('makes an applicant account at the sim partner, stores the request and mails the confirmation and support', async () => {
    const b = body();
    const res = await (await anonymous()).post('/api/request/quote-request', b);
    expect(res.status).toBe(200);
    const answer = await json(res);
    expect(answer).toMatchObject({ message: M.sentConfirm(b.email), account_created: true });
    const [row] = await requestsOf(b.email);
    expect(row).toMatchObject({
      id: answer.quote_request_id,
      partner_id: PARTNER_SIM,
      title: 'Lone Star Nursing',
      mobile_number: '+15125550142',
      zip: '78701',
    });
    const scenarios = await server.db
      .selectFrom('quote_request_scenarios')
      .selectAll()
      .where('quote_request_id', '=', row!.id)
      .orderBy('scenario_id')
      .execute();
    expect(scenarios.map((s) => [s.scenario_id, s.scenario_count, s.scenario_count_invoice])).toEqual([
      [published[0], 12, 0],
      [published[1], 3, 0],
    ]);
    const roles = await server.db.selectFrom('user_roles').selectAll().where('user_id', '=', row!.user_id).execute();
    expect(roles.map((r) => [r.role_id, r.partner_id, r.is_approved])).toEqual([[ROLE.applicant, PARTNER_SIM, true]]);
    const audit = await server.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'quote_request.created')
      .where('target_id', '=', String(row!.id))
      .execute();
    expect(audit).toHaveLength(1);

    const mails = await mailTo(b.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body_text).toContain('Thank you for your quote request.');
    const token = mails[0]!.body_text.match(/confirm-email\/([A-Za-z0-9_-]+)\?partner_slug=simclusive/)![1]!;
    const support = (await mailTo('support@simvisit.test')).find((m) => m.body_text.includes(`/management/quote/${row!.id}`));
    expect(support?.subject).toContain('New quote request from Lone Star Nursing');

    // the link confirms the email and signs the requester in at the sim partner, where the dashboard lists the request
    const client = new Client(server);
    await client.csrf();
    const confirmed = await client.post('/api/apply/confirm-email', { token });
    expect(await json(confirmed)).toEqual({ message: APPLYING_MESSAGES.emailConfirmed });
    const apps = await json(await client.get('/api/user/applications'));
    expect(apps.quote_requests).toEqual([
      expect.objectContaining({ id: row!.id, title: 'Lone Star Nursing', status: 'Awaiting Review', agreement_id: null }),
    ]);
  });

  it('refuses an email that has an account with a message to sign in, and changes nothing', async () => {
    const user = await createTestUser(server.db, {
      email_prefix: 'quote-taken',
      first_name: 'T',
      last_name: 'Aken',
      roles: [{ role_id: ROLE.learner, partner_id: 1 }],
    });
    const before = await counts();
    await expectRefused(
      await (await anonymous()).post('/api/request/quote-request', body({ email: user.email.toUpperCase() })),
      422,
      M.emailTaken,
      'email',
    );
    expect(await counts()).toEqual(before);
    expect(await mailTo(user.email)).toHaveLength(0);
  });

  it('needs a password, typed twice', async () => {
    const before = await counts();
    const anon = await anonymous();
    await expectRefused(
      await anon.post('/api/request/quote-request', body({ password: undefined, password_confirmation: undefined })),
      422,
      M.passwordRequired,
      'password',
    );
    await expectRefused(
      await anon.post('/api/request/quote-request', body({ password_confirmation: 'something-else-2026' })),
      422,
      APPLYING_MESSAGES.passwordConfirmation,
      'password_confirmation',
    );
    await expectRefused(
      await anon.post('/api/request/quote-request', body({ password: 'short', password_confirmation: 'short' })),
      422,
      'The password field must be at least 8 characters.',
      'password',
    );
    expect(await counts()).toEqual(before);
  });
});

describe('a signed-in quote request', () => {
  it('uses the account (not the body email), makes no account, grants the applicant view and acknowledges by mail', async () => {
    const user = await createTestUser(server.db, {
      email_prefix: 'quote-member',
      first_name: 'Mia',
      last_name: 'Member',
      roles: [{ role_id: ROLE.learner, partner_id: PARTNER_SIM }],
    });
    const client = new Client(server);
    expect((await client.login(user.email, user.password, 'simclusive')).status).toBe(200);
    const before = await counts();
    const stranger = uniqueEmail();
    const res = await client.post(
      '/api/request/quote-request',
      body({ email: stranger, password: undefined, password_confirmation: undefined }),
    );
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ message: M.sent, account_created: false });
    expect(await counts()).toEqual({ requests: before.requests + 1, users: before.users });
    expect(await requestsOf(stranger)).toHaveLength(0);
    const [row] = await requestsOf(user.email);
    expect(row!.user_id).toBe(user.id);
    const applicant = await server.db
      .selectFrom('user_roles')
      .selectAll()
      .where('user_id', '=', user.id)
      .where('role_id', '=', ROLE.applicant)
      .execute();
    expect(applicant).toHaveLength(1);
    const mails = await mailTo(user.email);
    expect(mails.map((m) => m.subject)).toEqual([expect.stringContaining('We received your quote request')]);
    expect(await mailTo(stranger)).toHaveLength(0);
    // a second request from the same account: the applicant role is not doubled
    expect((await client.post('/api/request/quote-request', body({ password: undefined }))).status).toBe(200);
    expect(await requestsOf(user.email)).toHaveLength(2);
  });
});

describe('what may be requested', () => {
  it('only scenarios published at that sim partner, at a sim partner, in a US state', async () => {
    const anon = await anonymous();
    const before = await counts();
    for (const scenario_id of [unpublishedAtSim, foreignScenario, 'no-such-scenario']) {
      await expectRefused(
        await anon.post('/api/request/quote-request', body({ scenarios: [{ scenario_id, scenario_count: 1 }] })),
        422,
        M.scenarioUnavailable,
        'scenarios',
      );
    }
    const mixed = [
      { scenario_id: published[0], scenario_count: 1 },
      { scenario_id: foreignScenario, scenario_count: 1 },
    ];
    await expectRefused(await anon.post('/api/request/quote-request', body({ scenarios: mixed })), 422, M.scenarioUnavailable, 'scenarios');
    await clearLimit();
    await expectRefused(await anon.post('/api/request/quote-request', body({ partner_slug: 'sp' })), 404, QUOTE_MESSAGES.unknownPartner);
    const plain = await createTestPartner(server.db, {
      slug_prefix: 'quote-plain',
      is_sim: false,
      passcode: null,
      seats: 10,
      used_seats: 0,
    });
    await expectRefused(
      await anon.post('/api/request/quote-request', body({ partner_slug: plain.slug })),
      404,
      QUOTE_MESSAGES.unknownPartner,
    );
    // the form's choices are offered at a sim partner only, like the request
    expect((await anon.get(`/api/request/quote-form?partner_slug=${plain.slug}`)).status).toBe(404);
    expect((await anon.get('/api/request/quote-form?partner_slug=simclusive')).status).toBe(200);
    const foreignState = await server.db.selectFrom('states').select('id').where('country_code', '<>', 'US').executeTakeFirst();
    if (foreignState)
      await expectRefused(
        await anon.post('/api/request/quote-request', body({ state_id: foreignState.id })),
        422,
        M.stateRequired,
        'state_id',
      );
    await expectRefused(await anon.post('/api/request/quote-request', body({ state_id: 2_000_000_000 })), 422, M.stateRequired, 'state_id');
    expect(await counts()).toEqual(before);
  });

  it('refuses every field out of its bounds with the words of the field, and changes nothing', async () => {
    const anon = await anonymous();
    const before = await counts();
    const long = (n: number) => 'x'.repeat(n);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ scenarios: [] }, 'scenarios', M.scenariosRequired],
      [{ scenarios: undefined }, 'scenarios', M.scenariosRequired],
      [{ scenarios: [{ scenario_id: published[0], scenario_count: 0 }] }, 'scenarios.0.scenario_count', M.countRange],
      [{ scenarios: [{ scenario_id: published[0], scenario_count: 1000 }] }, 'scenarios.0.scenario_count', M.countRange],
      [{ scenarios: [{ scenario_id: published[0], scenario_count: 2.5 }] }, 'scenarios.0.scenario_count', M.countRange],
      [{ scenarios: [{ scenario_id: published[0], scenario_count: -1 }] }, 'scenarios.0.scenario_count', M.countRange],
      [
        {
          scenarios: [
            { scenario_id: published[0], scenario_count: 1 },
            { scenario_id: published[0], scenario_count: 2 },
          ],
        },
        'scenarios',
        M.scenarioDuplicate,
      ],
      [
        { scenarios: Array.from({ length: 101 }, (_, i) => ({ scenario_id: `s${i}`, scenario_count: 1 })) },
        'scenarios',
        M.scenarioUnavailable,
      ],
      [{ first_name: '' }, 'first_name', 'The first name field is required.'],
      [{ last_name: long(101) }, 'last_name', 'The last name field must not be greater than 100 characters.'],
      [{ email: 'not-an-email' }, 'email', 'The email field must be a valid email address.'],
      [{ mobile_number: '12' }, 'mobile_number', MOBILE_INVALID],
      [{ mobile_number: '' }, 'mobile_number', 'The mobile number field is required.'],
      [{ job_title: long(256) }, 'job_title', 'The job title field must not be greater than 255 characters.'],
      [{ company_name: ' ' }, 'company_name', 'The company name field is required.'],
      [{ address_1: '' }, 'address_1', 'The address 1 field is required.'],
      [{ address_2: long(256) }, 'address_2', 'The address 2 field must not be greater than 255 characters.'],
      [{ city: '' }, 'city', 'The city field is required.'],
      [{ state_id: 0 }, 'state_id', M.stateRequired],
      [{ zip: '7870' }, 'zip', M.zipFormat],
      [{ zip: '' }, 'zip', 'The zip field is required.'],
    ];
    for (const [over, field, message] of cases) {
      const res = await anon.post('/api/request/quote-request', body(over));
      expect(res.status, JSON.stringify(over).slice(0, 80)).toBe(422);
      expect((await json(res)).errors?.[field], field).toContain(message);
    }
    // control characters are refused like everywhere (VAL-11)
    expect((await anon.post('/api/request/quote-request', body({ company_name: 'Acme\u0000Health' }))).status).toBe(422);
    expect(await counts()).toEqual(before);
  });

  it('refuses markup in the company name and job title (issue 21 item 6), and changes nothing', async () => {
    const before = await counts();
    const anon = await anonymous();
    await expectRefused(
      await anon.post('/api/request/quote-request', body({ company_name: '<b>Lone Star</b>' })),
      422,
      plainTextMessage('company name'),
      'company_name',
    );
    await expectRefused(
      await anon.post('/api/request/quote-request', body({ job_title: '<img src=x onerror=alert(1)>' })),
      422,
      plainTextMessage('job title'),
      'job_title',
    );
    expect(await counts()).toEqual(before);
  });

  it('is rate-limited per address like the contact form', async () => {
    const anon = await anonymous();
    // a body of the wrong shape is refused before the call is counted; one the service refuses counts
    expect((await anon.post('/api/request/quote-request', body({ scenarios: [] }))).status).toBe(422);
    const refused = body({ scenarios: [{ scenario_id: foreignScenario, scenario_count: 1 }] });
    for (let i = 0; i < 5; i++) expect((await anon.post('/api/request/quote-request', refused)).status).toBe(422);
    const res = await anon.post('/api/request/quote-request', body());
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBeTruthy();
    // a signed-in person from the same address is counted by their account, and is limited the same way
    const user = await createTestUser(server.db, {
      email_prefix: 'quote-colleague',
      first_name: 'Cole',
      last_name: 'League',
      roles: [{ role_id: ROLE.learner, partner_id: PARTNER_SIM }],
    });
    const member = new Client(server);
    expect((await member.login(user.email, user.password, 'simclusive')).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await member.post('/api/request/quote-request', refused)).status).toBe(422);
    expect((await member.post('/api/request/quote-request', body())).status).toBe(429);
  });
});

describe('the status on the applicant dashboard (spec 000 §4)', () => {
  it('follows the quote from awaiting review to finalized, and opens the agreement once decided', async () => {
    const user = await createTestUser(server.db, {
      email_prefix: 'quote-status',
      first_name: 'Sal',
      last_name: 'Status',
      roles: [{ role_id: ROLE.learner, partner_id: PARTNER_SIM }],
    });
    const client = new Client(server);
    expect((await client.login(user.email, user.password, 'simclusive')).status).toBe(200);
    const requestIds: number[] = [];
    for (let i = 0; i < 2; i++)
      requestIds.push((await json(await client.post('/api/request/quote-request', body({ password: undefined })))).quote_request_id);
    const [id, rejectedId] = requestIds as [number, number];
    const statusOf = async (requestId: number) => {
      const res = await json(await client.get('/api/user/applications'));
      return res.quote_requests.find((r: { id: number }) => r.id === requestId);
    };
    expect(await statusOf(id)).toMatchObject({ status: 'Awaiting Review', agreement_id: null });
    const quote = await server.db.insertInto('quotes').values({ quote_request_id: id }).returning('id').executeTakeFirstOrThrow();
    expect(await statusOf(id)).toMatchObject({ status: 'Awaiting Review', agreement_id: null });
    const set = (values: Record<string, boolean>) => server.db.updateTable('quotes').set(values).where('id', '=', quote.id).execute();
    await set({ is_approved: true });
    expect(await statusOf(id)).toMatchObject({ status: 'Document signing and Payment required', agreement_id: quote.id });
    await set({ is_agreement_signed: true });
    expect(await statusOf(id)).toMatchObject({ status: 'Payment required', agreement_id: quote.id });
    await set({ is_payment_made: true });
    expect(await statusOf(id)).toMatchObject({ status: 'Agreement finalized', agreement_id: quote.id });
    const rejected = await server.db
      .insertInto('quotes')
      .values({ quote_request_id: rejectedId, is_rejected: true })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await statusOf(rejectedId)).toMatchObject({ status: 'Rejected', agreement_id: rejected.id });
    // another person's requests never show
    const other = await createTestUser(server.db, {
      email_prefix: 'quote-other',
      first_name: 'O',
      last_name: 'Ther',
      roles: [{ role_id: ROLE.learner, partner_id: PARTNER_SIM }],
    });
    const otherClient = new Client(server);
    expect((await otherClient.login(other.email, other.password, 'simclusive')).status).toBe(200);
    expect((await json(await otherClient.get('/api/user/applications'))).quote_requests).toEqual([]);
  });
});
