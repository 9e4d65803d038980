import { BRAND_PASSWORD_MESSAGES as M, ROLE } from '@simvisit/schema';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resetTestClock, setTestTime } from '../src/platform/clock';
import { createTestPartner } from '../src/seed/test-factories';
import { Client, DEMO_PASSWORD, json, signedIn } from './support/client';
import { startTestServer, type TestServer } from './support/test-server';
import { createPerson } from './support/visit-fixtures';
import { outboxTo } from './support/visit-job-fixtures';

/*
 * Manage Passwords (spec 002 §2.14, §4, §5, §9; issue 13 item 6; decision 0059): the settings, their rules and
 * messages, AUTHZ-14, and rotation by the timed jobs. Every partner and person here is this file's own.
 */
let server: TestServer;
let superAdmin: Client;
beforeAll(async () => {
  server = await startTestServer();
  superAdmin = await signedIn(server, 'superadmin@demo.test');
});
afterAll(async () => {
  await server.close();
});
afterEach(() => {
  resetTestClock();
});

const DAY = 86_400_000;
const T = new Date('2031-03-10T15:00:00Z');
let seq = 0;

async function newPartner(passcode: string | null = null) {
  return createTestPartner(server.db, { slug_prefix: 'pw', is_sim: false, seats: 50, used_seats: 0, passcode });
}
async function partnerRow(id: number) {
  return server.db.selectFrom('partners').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}
async function person(partnerId: number, roles: number[], slug: string): Promise<{ id: number; email: string; client: Client }> {
  const email = `pw-${++seq}-${Date.now().toString(36)}@brand.test`;
  const id = await createPerson(
    server,
    email,
    roles.map((r) => [r, partnerId]),
  );
  const client = new Client(server);
  const res = await client.login(email, DEMO_PASSWORD, slug);
  if (res.status !== 200) throw new Error(`login failed: ${await res.text()}`);
  return { id, email, client };
}
const save = (client: Client, body: Record<string, unknown>) => client.post('/api/partner/save-password', body);

describe('GET api/partner/passwords', () => {
  it('lists every partner’s passcode settings to a super admin', async () => {
    const partner = await newPartner('Listed-1');
    const res = await superAdmin.get('/api/partner/passwords');
    expect(res.status).toBe(200);
    const { partners } = await json(res);
    expect(partners.find((p: { id: number }) => p.id === partner.id)).toEqual({
      id: partner.id,
      slug: partner.slug,
      short_name: partner.short_name,
      long_name: partner.long_name,
      enable_password: true,
      password: 'Listed-1',
      rotate_password: false,
      rotation_frequency: null,
      rotation_end_date: null,
      password_rotated_at: null,
    });
    expect(partners.find((p: { slug: string }) => p.slug === 'northfield').password).toBe('NORTH-2026');
  });
});

describe('POST api/partner/save-password', () => {
  it('enables a passcode with rotation, audited without the passcode', async () => {
    setTestTime(T);
    const partner = await newPartner();
    const res = await save(superAdmin, {
      partner_id: partner.id,
      enable_password: true,
      password: '  Brand-Code-1  ',
      rotate_password: true,
      rotation_frequency: 3,
      rotation_end_date: '2031-04-01',
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const body = await json(res);
    expect(body.message).toBe(M.saved);
    expect(body.partner).toMatchObject({ enable_password: true, password: 'Brand-Code-1', rotate_password: true, rotation_frequency: 3 });
    const row = await partnerRow(partner.id);
    expect(row).toMatchObject({
      enable_password: true,
      password: 'Brand-Code-1',
      rotate_password: true,
      rotation_frequency: 3,
      rotation_end_date: '2031-04-01',
    });
    expect(Math.abs(row.password_rotated_at!.getTime() - T.getTime())).toBeLessThan(5_000);

    const audit = await server.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'partner.password_settings_updated')
      .where('target_id', '=', String(partner.id))
      .execute();
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit[0]!.details)).not.toContain('Brand-Code-1');
    expect(audit[0]!.details).toMatchObject({ password_changed: true, rotate_password: true });
  });

  it('turning rotation off clears its frequency and end date; turning the passcode off keeps the passcode', async () => {
    const partner = await newPartner('Keep-Me-1');
    expect(
      (await save(superAdmin, { partner_id: partner.id, enable_password: false, password: 'Keep-Me-1', rotate_password: false })).status,
    ).toBe(200);
    expect(await partnerRow(partner.id)).toMatchObject({
      enable_password: false,
      password: 'Keep-Me-1',
      rotation_frequency: null,
      rotation_end_date: null,
    });
  });

  it('refuses each inconsistent combination with its message, and changes nothing', async () => {
    setTestTime(T);
    const partner = await newPartner('Before-1');
    const before = JSON.stringify(await partnerRow(partner.id));
    const unchanged = async () => expect(JSON.stringify(await partnerRow(partner.id))).toBe(before);
    const base = { partner_id: partner.id, enable_password: true, password: 'Good-1', rotate_password: false };
    const rotating = { ...base, rotate_password: true, rotation_frequency: 2, rotation_end_date: '2031-04-01' };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...base, password: '' }, 'password', M.passwordRequired],
      [{ ...base, password: null }, 'password', M.passwordRequired],
      [{ ...base, password: 'x'.repeat(26) }, 'password', M.passwordMax],
      [{ ...base, password: 'line\nbreak' }, 'password', M.passwordOneLine],
      [{ ...rotating, enable_password: false }, 'rotate_password', M.rotateNeedsEnabled],
      [{ ...rotating, rotation_frequency: null }, 'rotation_frequency', M.frequencyRequired],
      [{ ...rotating, rotation_frequency: 0 }, 'rotation_frequency', M.frequencyRequired],
      [{ ...rotating, rotation_frequency: 8 }, 'rotation_frequency', M.frequencyRequired],
      [{ ...rotating, rotation_frequency: 1.5 }, 'rotation_frequency', M.frequencyRequired],
      [{ ...rotating, rotation_end_date: null }, 'rotation_end_date', M.endDateRequired],
      [{ ...rotating, rotation_end_date: '2031-02-30' }, 'rotation_end_date', M.endDateInvalid],
      [{ ...rotating, rotation_end_date: '2031-03-08' }, 'rotation_end_date', M.endDatePast],
      [{ ...base, rotation_frequency: 2 }, 'rotation_frequency', M.frequencyOnlyWhenRotating],
      [{ ...base, rotation_end_date: '2031-04-01' }, 'rotation_end_date', M.endDateOnlyWhenRotating],
    ];
    for (const [body, field, message] of cases) {
      const res = await save(superAdmin, body);
      const answer = await json(res);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(answer.errors[field], JSON.stringify(body)).toContain(message);
    }
    await unchanged();
    // yesterday where the day ends last is still today somewhere: accepted
    expect((await save(superAdmin, { ...rotating, rotation_end_date: '2031-03-10' })).status).toBe(200);
    expect((await partnerRow(partner.id)).password).toBe('Good-1');
  });

  it('refuses NUL and control characters (VAL-11) and an unknown partner, changing nothing', async () => {
    const partner = await newPartner('Clean-1');
    const before = JSON.stringify(await partnerRow(partner.id));
    for (const password of ['a\u0000b', 'a\u0007b', 'a\u007fb']) {
      const res = await save(superAdmin, { partner_id: partner.id, enable_password: true, password, rotate_password: false });
      expect(res.status).toBe(422);
      expect((await json(res)).errors.password).toEqual(['The password field must not contain control characters.']);
    }
    const unknown = await save(superAdmin, { partner_id: 2_000_000_000, enable_password: true, password: 'x', rotate_password: false });
    expect(unknown.status).toBe(404);
    expect((await json(unknown)).message).toBe(M.partnerNotFound);
    const bad = await save(superAdmin, { partner_id: 'abc', enable_password: 'yes', rotate_password: 1 });
    expect(bad.status).toBe(422);
    expect(JSON.stringify(await partnerRow(partner.id))).toBe(before);
  });
});

describe('AUTHZ-14: only super admins', () => {
  it('refuses the partner’s client admin, an admin and a learner (403) and anonymous callers (401), changing nothing', async () => {
    const partner = await newPartner('Guarded-1');
    const before = JSON.stringify(await partnerRow(partner.id));
    const clientAdmin = await person(partner.id, [ROLE.client_admin], partner.slug);
    await server.db.insertInto('client_admin_partners').values({ user_id: clientAdmin.id, partner_id: partner.id }).execute();
    const admin = await person(partner.id, [ROLE.admin], partner.slug);
    const learner = await person(partner.id, [ROLE.learner], partner.slug);
    const body = { partner_id: partner.id, enable_password: true, password: 'Taken-over', rotate_password: false };
    for (const who of [clientAdmin, admin, learner]) {
      expect((await who.client.get('/api/partner/passwords')).status).toBe(403);
      expect((await save(who.client, body)).status).toBe(403);
    }
    const anonymous = new Client(server);
    await anonymous.csrf();
    expect((await anonymous.get('/api/partner/passwords')).status).toBe(401);
    expect((await save(anonymous, body)).status).toBe(401);
    expect(JSON.stringify(await partnerRow(partner.id))).toBe(before);
    expect((await save(superAdmin, body)).status).toBe(200);
  });
});

describe('rotation by the timed jobs', () => {
  /** A partner rotating every 2 days until T + 5 days, saved at T, with a client admin and a learner who gave the passcode. */
  async function rotatingPartner() {
    setTestTime(T);
    const partner = await newPartner();
    const endDate = new Date(T.getTime() + 5 * DAY).toISOString().slice(0, 10);
    const res = await save(superAdmin, {
      partner_id: partner.id,
      enable_password: true,
      password: 'First-Code',
      rotate_password: true,
      rotation_frequency: 2,
      rotation_end_date: endDate,
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const clientAdmin = await person(partner.id, [ROLE.client_admin], partner.slug);
    await server.db.insertInto('client_admin_partners').values({ user_id: clientAdmin.id, partner_id: partner.id }).execute();
    // the role without administering the partner, and administering it without the role: neither is told
    const roleOnly = await person(partner.id, [ROLE.client_admin], partner.slug);
    const listOnly = await person(partner.id, [ROLE.learner], partner.slug);
    await server.db.insertInto('client_admin_partners').values({ user_id: listOnly.id, partner_id: partner.id }).execute();
    const learner = await person(partner.id, [ROLE.learner], partner.slug);
    expect((await learner.client.post('/api/user/submit-passcode', { passcode: 'First-Code' })).status).toBe(200);
    return { partner, clientAdmin, roleOnly, listOnly, learner };
  }
  const rotate = (at: Date) => server.services.brandPasswords.rotateDue(at);

  it('rotates every N days, not before, mails the client admins, and asks learners again', async () => {
    const { partner, clientAdmin, roleOnly, listOnly, learner } = await rotatingPartner();
    // the test clock ticks on from T: the save counted from a few milliseconds after it
    const savedAt = (await partnerRow(partner.id)).password_rotated_at!.getTime();
    expect(await rotate(new Date(savedAt + 2 * DAY - 1))).not.toContain(partner.id);
    expect((await partnerRow(partner.id)).password).toBe('First-Code');

    expect(await rotate(new Date(savedAt + 2 * DAY))).toContain(partner.id);
    const row = await partnerRow(partner.id);
    expect(row.password).not.toBe('First-Code');
    expect(row.password).toHaveLength(12);
    expect(row.password_rotated_at!.getTime()).toBe(savedAt + 2 * DAY);

    await server.services.mail.idle();
    const mails = await outboxTo(server, clientAdmin.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain(M.rotatedSubject(partner.long_name));
    expect(mails[0]!.body_text).toContain(row.password!);
    expect(await outboxTo(server, roleOnly.email)).toHaveLength(0);
    expect(await outboxTo(server, listOnly.email)).toHaveLength(0);

    // the passcode is never in the audit entry of the rotation
    const audit = await server.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'partner.password_rotated')
      .where('target_id', '=', String(partner.id))
      .execute();
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit[0])).not.toContain(row.password!);

    // the learner who gave the old passcode is asked again, and the old one no longer opens it
    expect((await json(await learner.client.get('/api/auth/user'))).password_approved).toBe(false);
    expect((await learner.client.post('/api/user/submit-passcode', { passcode: 'First-Code' })).status).toBe(422);
    expect((await learner.client.post('/api/user/submit-passcode', { passcode: row.password })).status).toBe(200);
    expect((await json(await learner.client.get('/api/auth/user'))).password_approved).toBe(true);

    // not again until two more days
    expect(await rotate(new Date(savedAt + 4 * DAY - 1))).not.toContain(partner.id);
    expect(await rotate(new Date(savedAt + 4 * DAY))).toContain(partner.id);
  });

  it('stops after the end date', async () => {
    const { partner } = await rotatingPartner();
    const end = (await partnerRow(partner.id)).rotation_end_date!;
    const afterEnd = new Date(`${end}T00:00:00Z`).getTime() + DAY;
    const password = (await partnerRow(partner.id)).password;
    expect(await rotate(new Date(afterEnd))).not.toContain(partner.id);
    expect(await rotate(new Date(afterEnd + 10 * DAY))).not.toContain(partner.id);
    expect((await partnerRow(partner.id)).password).toBe(password);
    // the end date itself still rotates (inclusive)
    expect(await rotate(new Date(afterEnd - 60_000))).toContain(partner.id);
  });

  it('rotates once when two runners run at once, and mails once', async () => {
    const { partner, clientAdmin } = await rotatingPartner();
    const at = new Date(T.getTime() + 2 * DAY + 1_000);
    const runs = await Promise.all([rotate(at), rotate(at), rotate(at)]);
    expect(runs.filter((ids) => ids.includes(partner.id))).toHaveLength(1);
    await server.services.mail.idle();
    expect(await outboxTo(server, clientAdmin.email)).toHaveLength(1);
    const audit = await server.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'partner.password_rotated')
      .where('target_id', '=', String(partner.id))
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('runs with the timed visit jobs, after the test clock moves', async () => {
    const { partner } = await rotatingPartner();
    setTestTime(new Date(T.getTime() + 2 * DAY + 5_000));
    const res = await superAdmin.post('/api/demo/jobs/run-due', {});
    expect(res.status).toBe(200);
    const run = await json(res);
    expect(run.passcodesRotated).toContain(partner.id);
    expect(run.errors).toEqual([]);
    expect((await partnerRow(partner.id)).password).not.toBe('First-Code');
  });

  it('leaves partners without rotation alone', async () => {
    const partner = await newPartner('Static-1');
    expect(await rotate(new Date(T.getTime() + 30 * DAY))).not.toContain(partner.id);
    expect((await partnerRow(partner.id)).password).toBe('Static-1');
  });
});
