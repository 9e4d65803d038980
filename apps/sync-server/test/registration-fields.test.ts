import { REGISTRATION_FIELD_MESSAGES as M, ROLE } from '@simvisit/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPartner } from '../src/seed/test-factories';
import { Client, json, signedIn } from './support/client';
import { startTestServer, type TestServer } from './support/test-server';
import { createPerson } from './support/visit-fixtures';

/* Registration fields administration (spec 002 §2.11, issue 13 item 5, docs/decisions/0052), through HTTP. */
let server: TestServer;
let admin: Client;
beforeAll(async () => {
  server = await startTestServer();
  admin = await signedIn(server, 'superadmin@demo.test');
});
afterAll(async () => {
  await server.close();
});

const partner = () => createTestPartner(server.db, { slug_prefix: 'rf', is_sim: false, seats: 10, used_seats: 0, passcode: null });
const fieldsOf = async (partnerId: number) => (await json(await admin.get(`/api/registration-fields/${partnerId}`))).fields;
const auditCount = async (action: string) =>
  Number(
    (
      await server.db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('action', '=', action)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('registration fields administration', () => {
  it('adds an input and a select with a slug from the title; the select options are served; removing deletes it', async () => {
    const p = await partner();
    const before = await auditCount('registration_fields.added');
    let res = await admin.post(`/api/registration-fields/${p.id}/add-field`, {
      field_type: 'input',
      field_title: 'Student ID #',
      field_slug: 'ignored',
    });
    expect(res.status).toBe(200);
    expect((await json(res)).message).toBe(M.added);
    res = await admin.post(`/api/registration-fields/${p.id}/add-field`, {
      field_type: 'select',
      field_title: 'Graduation Year',
      answers: ['2026', ' 2027 '],
      user_id: 1,
    });
    expect(res.status).toBe(200);
    expect(await auditCount('registration_fields.added')).toBe(before + 2);
    const fields = await fieldsOf(p.id);
    const own = fields.filter((f: { partner_id: number }) => f.partner_id === p.id);
    expect(own).toMatchObject([
      { title: 'Student ID #', slug: 'student_id', field_type: 'input', active: true, required: false },
      { title: 'Graduation Year', slug: 'graduation_year', field_type: 'select', answers: [{ title: '2026' }, { title: '2027' }] },
    ]);
    expect(fields.some((f: { partner_id: number }) => f.partner_id === 0)).toBe(true);
    const options = await json(await new Client(server).get(`/api/registration-select-values/${own[1].id}`));
    expect(options.map((o: { title: string }) => o.title)).toEqual(['2026', '2027']);
    // The registration form shows the new field.
    const frame = await json(await new Client(server).get(`/api/register/form?partner_slug=${p.slug}`));
    expect(frame.registration_fields.map((f: { id: number }) => f.id)).toContain(own[0].id);

    res = await admin.post(`/api/registration-fields/remove-field/${own[1].id}`, { user_id: 1 });
    expect(res.status).toBe(200);
    expect((await json(res)).message).toBe(M.deleted);
    expect((await fieldsOf(p.id)).some((f: { id: number }) => f.id === own[1].id)).toBe(false);
    expect((await new Client(server).get(`/api/registration-select-values/${own[1].id}`)).status).toBe(404);
  });

  it('refuses a missing title, a select with fewer than 2 options or an empty one, and NUL, with the words', async () => {
    const p = await partner();
    const cases: [unknown, string, string][] = [
      [{ field_type: 'input', field_title: '  ' }, 'field_title', M.titleRequired],
      [{ field_type: 'input' }, 'field_title', M.titleRequired],
      [{ field_type: 'select', field_title: 'Campus', answers: ['Only one'] }, 'answers', M.selectOptions],
      [{ field_type: 'select', field_title: 'Campus', answers: ['North', ' '] }, 'answers', M.emptyValues],
      [{ field_type: 'dropdown', field_title: 'Campus' }, 'field_type', M.fieldType],
      [{ field_type: 'input', field_title: 'Bad\u0000title' }, 'field_title', ''],
      [{ field_type: 'input', field_title: 'x'.repeat(300) }, 'field_title', 'The title must not be greater than 255 characters.'],
    ];
    for (const [payload, key, message] of cases) {
      const res = await admin.post(`/api/registration-fields/${p.id}/add-field`, payload);
      expect(res.status, key).toBe(422);
      const answer = await json(res);
      expect(Object.keys(answer.errors)).toContain(key);
      if (message) expect(answer.errors[key]).toEqual([message]);
    }
    expect((await fieldsOf(p.id)).filter((f: { partner_id: number }) => f.partner_id === p.id)).toEqual([]);
    expect((await admin.post('/api/registration-fields/999999/add-field', { field_type: 'input', field_title: 'X' })).status).toBe(404);
  });

  it('never deletes a default field', async () => {
    const defaults = (await fieldsOf(0)).filter((f: { partner_id: number }) => f.partner_id === 0);
    expect(defaults.length).toBeGreaterThan(0);
    const res = await admin.post(`/api/registration-fields/remove-field/${defaults[0].id}`, {});
    expect(res.status).toBe(403);
    expect((await json(res)).message).toBe(M.defaultNotDeletable);
    expect((await fieldsOf(0)).some((f: { id: number }) => f.id === defaults[0].id)).toBe(true);
    expect((await admin.post('/api/registration-fields/remove-field/999999', {})).status).toBe(404);
  });

  it("saves the toggles of the partner's fields, and refuses another partner's field without changing anything", async () => {
    const p = await partner();
    const other = await partner();
    await admin.post(`/api/registration-fields/${p.id}/add-field`, { field_type: 'textbox', field_title: 'About you' });
    await admin.post(`/api/registration-fields/${other.id}/add-field`, { field_type: 'input', field_title: 'Badge' });
    const mine = (await fieldsOf(p.id)).find((f: { partner_id: number }) => f.partner_id === p.id);
    const theirs = (await fieldsOf(other.id)).find((f: { partner_id: number }) => f.partner_id === other.id);
    let res = await admin.post('/api/registration-fields/update', {
      partner_id: p.id,
      fields: [
        { id: mine.id, active: true, required: true },
        { id: theirs.id, active: false, required: true },
      ],
    });
    expect(res.status).toBe(422);
    expect((await fieldsOf(p.id)).find((f: { id: number }) => f.id === mine.id).required).toBe(false);
    res = await admin.post('/api/registration-fields/update', {
      partner_id: p.id,
      fields: [{ id: mine.id, active: false, required: true }],
    });
    expect(res.status).toBe(200);
    expect((await json(res)).message).toBe(M.updated);
    expect((await fieldsOf(p.id)).find((f: { id: number }) => f.id === mine.id)).toMatchObject({ active: false, required: true });
    // An inactive field leaves the registration form.
    const frame = await json(await new Client(server).get(`/api/register/form?partner_slug=${p.slug}`));
    expect(frame.registration_fields.some((f: { id: number }) => f.id === mine.id)).toBe(false);
    expect(await auditCount('registration_fields.updated')).toBeGreaterThan(0);
  });

  it('answers 401 to the anonymous and 403 to anyone but a super admin, changing nothing', async () => {
    const p = await partner();
    const anonymous = new Client(server);
    await anonymous.csrf();
    expect((await anonymous.get(`/api/registration-fields/${p.id}`)).status).toBe(401);
    expect((await anonymous.post(`/api/registration-fields/${p.id}/add-field`, { field_type: 'input', field_title: 'X' })).status).toBe(
      401,
    );
    const email = `rf-admin-${Date.now()}@demo.test`;
    await createPerson(server, email, [
      [ROLE.admin, p.id],
      [ROLE.client_admin, p.id],
    ]);
    const staff = await signedIn(server, email, p.slug);
    expect((await staff.get(`/api/registration-fields/${p.id}`)).status).toBe(403);
    expect((await staff.post(`/api/registration-fields/${p.id}/add-field`, { field_type: 'input', field_title: 'X' })).status).toBe(403);
    expect(
      (await staff.post('/api/registration-fields/update', { partner_id: p.id, fields: [{ id: 1, active: false, required: false }] }))
        .status,
    ).toBe(403);
    expect((await staff.post('/api/registration-fields/remove-field/1', {})).status).toBe(403);
    expect((await fieldsOf(p.id)).filter((f: { partner_id: number }) => f.partner_id === p.id)).toEqual([]);
  });
});
