import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, json, signedIn } from './support/client';
import { startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

describe('GET api/user/applications (spec 000 §2.10)', () => {
  it("returns the applicant's own pending application and quote request", async () => {
    const client = await signedIn(server, 'applicant@demo.test');
    const body = await json(await client.get('/api/user/applications'));
    expect(body.applications).toHaveLength(1);
    expect(body.applications[0]).toMatchObject({ status: 'Pending', roles: ['Standardized Patient', 'Observer'], interview: null });
    expect(body.quote_requests).toHaveLength(1);
    expect(body.quotes[0].status).toBe('Document signing and Payment required');
    expect(body.quote_requests[0]).toMatchObject({ status: 'Document signing and Payment required', agreement_id: body.quotes[0].id });
    expect(body.alerts).toEqual([]);
  });

  it('shows Interview Requested with an alert once a trainer proposes times', async () => {
    const applicant = await server.services.users.byEmail('applicant@demo.test');
    const trainer = await server.services.users.byEmail('headtrainer@demo.test');
    const app = await server.db.selectFrom('applications').select('id').where('user_id', '=', applicant!.id).executeTakeFirstOrThrow();
    const request = await server.db
      .insertInto('requests')
      .values({
        request_type_id: 2,
        user_id: trainer!.id,
        partner_id: 1,
        applicant_user_id: applicant!.id,
        application_id: app.id,
        trainer_user_id: trainer!.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const client = await signedIn(server, 'applicant@demo.test');
    const body = await json(await client.get('/api/user/applications'));
    expect(body.applications[0].status).toBe('Interview Requested');
    expect(body.alerts[0].route).toEqual({ name: 'request', params: { request_id: String(request.id) } });
  });

  it("never shows another user's applications", async () => {
    const client = await signedIn(server, 'learner@demo.test');
    const body = await json(await client.get('/api/user/applications'));
    expect(body).toMatchObject({ applications: [], alerts: [], quote_requests: [], quotes: [], confirmation_pending: false });
    expect(body.applicant).toMatchObject({ resume_url: null, headshot_url: null });
  });

  it("carries the applicant's experience, time zone, weekly availability and own file links for View", async () => {
    const user = await server.db.selectFrom('users').select('id').where('email', '=', 'applicant@demo.test').executeTakeFirstOrThrow();
    await server.services.files.put('resumes/demo-view-test.pdf', Buffer.from('%PDF-1.4 view test'));
    await server.db
      .updateTable('users')
      .set({ experience: 'Ten years on stage.', resume_path: 'resumes/demo-view-test.pdf', headshot_path: null })
      .where('id', '=', user.id)
      .execute();
    const client = await signedIn(server, 'applicant@demo.test');
    const body = await json(await client.get('/api/user/applications'));
    expect(body.applicant).toEqual({
      experience: 'Ten years on stage.',
      timezone: expect.any(String),
      availabilities: [],
      resume_url: `/api/recruitment/user/${user.id}/resume`,
      headshot_url: null,
    });
    const file = await client.get(body.applicant.resume_url);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).toString('latin1')).toContain('%PDF-');
    // Another signed-in user cannot follow the link.
    expect((await (await signedIn(server, 'learner@demo.test')).get(body.applicant.resume_url)).status).toBeGreaterThanOrEqual(403);
  });
});

describe('POST api/contact-us (spec 002 §2.5)', () => {
  it('mails the message to support', async () => {
    const client = new Client(server);
    await client.csrf();
    const res = await client.post('/api/contact-us', {
      first_name: 'Dana',
      last_name: 'Doe',
      email: 'dana@example.test',
      mobile_number: '',
      topicKind: 'live_sp_issue',
      user_message: 'My SP did not join.',
      partner_id: 1,
    });
    expect(res.status).toBe(200);
    await server.services.mail.idle();
    const mail = (await server.services.mail.latest(5)).find((m) => m.recipient === 'support@simvisit.test')!;
    expect(mail.subject).toContain('Issue with a live SP session');
    expect(mail.body_text).toContain('My SP did not join.');
  });

  it('refuses missing required fields with 422 and field messages', async () => {
    const client = new Client(server);
    await client.csrf();
    const res = await client.post('/api/contact-us', { email: 'bad' });
    expect(res.status).toBe(422);
    const { errors } = await json(res);
    expect(errors.first_name).toEqual(['The first name field is required.']);
    expect(errors.last_name).toEqual(['The last name field is required.']);
    expect(errors.email).toEqual(['The email field must be a valid email address.']);
    expect(errors.user_message).toEqual(['The message field is required.']);
  });
});

describe('lookups', () => {
  it('serves real reference lists', async () => {
    const client = new Client(server);
    const countries = await json(await client.get('/api/countries'));
    expect(countries.length).toBeGreaterThan(200);
    expect(countries).toContainEqual(expect.objectContaining({ short_name: 'US', title: 'United States' }));
    const states = await json(await client.get('/api/states'));
    expect(states).toContainEqual(expect.objectContaining({ short_name: 'NY', title: 'New York' }));
    for (const name of ['professions', 'specialties', 'timezones']) {
      expect((await json(await client.get(`/api/${name}`))).length).toBeGreaterThan(20);
    }
    const one = await json(await client.get(`/api/countries/${countries[0].id}`));
    expect(one).toEqual(countries[0]);
    expect((await client.get('/api/countries/999999')).status).toBe(404);
    expect((await client.get('/api/countries/abc')).status).toBe(422);
  });

  it('serves registration select values', async () => {
    const client = await signedIn(server, 'learner@demo.test');
    const fields = (await json(await client.get('/api/auth/user'))).registation_fields;
    const select = fields.find((f: { field_type: string }) => f.field_type === 'select');
    const values = await json(await client.get(`/api/registration-select-values/${select.id}`));
    expect(values.map((v: { title: string }) => v.title)).toContain('A colleague');
  });
});

describe('OpenAPI', () => {
  it('declares every REST call and serves a docs page', async () => {
    const doc = await json(await server.app.request('http://localhost:8080/openapi.json'));
    for (const r of server.registry.filter((r) => !r.internal)) {
      const path = r.path.replace(/:([A-Za-z_]+)/g, '{$1}');
      expect(doc.paths[path]?.[r.method.toLowerCase()], `${r.method} ${r.path}`).toBeDefined();
    }
    expect(doc.paths['/api/login'].post.requestBody.content['application/json'].schema.properties).toHaveProperty('email');
    const page = await server.app.request('http://localhost:8080/docs');
    expect(await page.text()).toContain('/docs/swagger-ui-bundle.js');
    expect((await server.app.request('http://localhost:8080/docs/swagger-ui-bundle.js')).status).toBe(200);
  });
});

describe('demo outbox', () => {
  it('is readable in demo mode, and says so on every answer', async () => {
    const res = await server.app.request('http://localhost:8080/api/demo/outbox');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-demo-mode')).toMatch(/^on/);
    // Without demo mode the route does not exist at all: test/production-run.test.ts.
  });
});

describe('audit log', () => {
  it('is append-only in the database', async () => {
    await signedIn(server, 'learner@demo.test');
    await expect(server.db.deleteFrom('audit_log').execute()).rejects.toThrow(/append-only/);
  });
});

describe('call contracts (issue 10 item 4)', () => {
  it('declare every REST route once in packages/schema, and every contract is served', async () => {
    const schema = await import('@simvisit/schema');
    type Declared = { method: string; path: string };
    // A group holds contracts, or groups of them (the scenario forms, one per form kind).
    const contractsIn = (group: object): Declared[] =>
      Object.values(group).flatMap((v) => ('method' in v && 'path' in v ? [v as Declared] : contractsIn(v)));
    const contracts = Object.entries(schema)
      .filter(([name]) => name.endsWith('Api'))
      .flatMap(([, group]) => contractsIn(group as object));
    const key = (r: { method: string; path: string }) => `${r.method} ${r.path}`;
    const declared = contracts.map(key);
    expect(new Set(declared).size).toBe(declared.length);
    const rest = server.registry.filter((r) => !r.internal && !r.path.startsWith('/sync/')).map(key);
    expect(rest.filter((k) => !declared.includes(k))).toEqual([]);
    // Contracts the OpenAPI document leaves out (the auto-login landing) are still served.
    const served = server.registry.map(key);
    expect(declared.filter((k) => !served.includes(k))).toEqual([]);
  });
});
