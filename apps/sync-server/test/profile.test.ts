import { MOBILE_INVALID, PROFILE_MESSAGES, updateFieldResponseSchema } from '@simvisit/schema';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, DEMO_PASSWORD, json, signedIn } from './support/client';
import { startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
let learner: Client;
beforeAll(async () => {
  server = await startTestServer();
  learner = await signedIn(server, 'learner@demo.test');
});
afterAll(async () => {
  await server.close();
});

const patch = (client: Client, field: string, body: unknown) =>
  client.request('PATCH', `/api/auth/user/update-field/${field}`, { json: body });
const me = async (client: Client) => (await json(await client.get('/api/auth/user'))).user;

describe('PATCH api/auth/user/update-field/{field}', () => {
  it('changes an allowlisted field', async () => {
    const res = await patch(learner, 'job_title', { value: 'Resident' });
    expect(res.status).toBe(200);
    const answer = await json(res);
    expect(answer.user.job_title).toBe('Resident');
    // The whole user as api/auth/user has it (availabilities included): the PWA puts it in the session as is.
    expect(updateFieldResponseSchema.safeParse(answer).success).toBe(true);
    const professions = await json(await learner.get('/api/professions'));
    expect((await patch(learner, 'profession_id', { value: professions[0].id })).status).toBe(200);
    expect((await me(learner)).profession_id).toBe(professions[0].id);
  });

  it('refuses fields outside the allowlist and changes nothing (AUTHZ-08)', async () => {
    for (const field of ['super_admin', 'mobile_verified_at', 'password', 'id', 'not_a_field']) {
      const res = await patch(learner, field, { value: field === 'super_admin' ? 1 : 'x' });
      expect(res.status, field).toBe(422);
      expect((await json(res)).errors[field]).toEqual([PROFILE_MESSAGES.notEditable]);
    }
    expect((await me(learner)).super_admin).toBe(0);
  });

  it('validates values with field messages', async () => {
    expect((await json(await patch(learner, 'first_name', { value: '' }))).errors.first_name).toEqual([
      'The first name field is required.',
    ]);
    expect((await json(await patch(learner, 'mobile_number', { value: '12' }))).errors.mobile_number).toEqual([MOBILE_INVALID]);
    expect((await json(await patch(learner, 'country_id', { value: 999999 }))).errors.country_id).toEqual([PROFILE_MESSAGES.unknownOption]);
    expect((await json(await patch(learner, 'npi_number', { value: '123' }))).errors.npi_number).toEqual([
      'The NPI number must be 10 digits.',
    ]);
  });

  it('refuses SMS notifications without a valid mobile number, with the spec’s notice (VAL-02)', async () => {
    const refused = await patch(learner, 'enable_sms_notifications', { value: true });
    expect(refused.status).toBe(422);
    expect(await json(refused)).toEqual({
      message: 'Mobile Number Required',
      errors: { enable_sms_notifications: [PROFILE_MESSAGES.smsContent] },
    });
    expect((await patch(learner, 'mobile_number', { value: '+1 415 555 2671' })).status).toBe(200);
    expect((await me(learner)).mobile_number).toBe('+14155552671');
    expect((await patch(learner, 'enable_sms_notifications', { value: true })).status).toBe(200);
    // a number outside US, CA and MX cannot receive SMS
    expect((await patch(learner, 'mobile_number', { value: '+44 20 7946 0958' })).status).toBe(200);
    const after = await me(learner);
    expect(after.mobile_verified_at).toBeNull();
    await patch(learner, 'enable_sms_notifications', { value: false });
    expect((await patch(learner, 'enable_sms_notifications', { value: true })).status).toBe(422);
  });

  it('needs the current password to change the email', async () => {
    const client = await signedIn(server, 'observer@demo.test');
    const without = await patch(client, 'email', { value: 'observer2@demo.test' });
    expect((await json(without)).errors.current_password).toEqual([PROFILE_MESSAGES.currentPasswordRequired]);
    const wrong = await patch(client, 'email', { value: 'observer2@demo.test', current_password: 'nope-nope' });
    expect((await json(wrong)).errors.current_password).toEqual([PROFILE_MESSAGES.currentPasswordWrong]);
    const taken = await patch(client, 'email', { value: 'SP@demo.test', current_password: DEMO_PASSWORD });
    expect((await json(taken)).errors.email).toEqual([PROFILE_MESSAGES.emailTaken]);
    expect((await me(client)).email).toBe('observer@demo.test');
  });

  it('needs a session and the CSRF header', async () => {
    expect((await learner.request('PATCH', '/api/auth/user/update-field/city', { json: { value: 'x' }, csrf: false })).status).toBe(419);
    const anon = new Client(server);
    await anon.csrf();
    expect((await patch(anon, 'city', { value: 'x' })).status).toBe(401);
  });
});

describe('PATCH api/auth/user/update-custom-field/{field}', () => {
  it('stores a select answer by option and refuses other values', async () => {
    const fields = (await json(await learner.get('/api/auth/user'))).registation_fields;
    const select = fields.find((f: { field_type: string }) => f.field_type === 'select');
    const option = select.answers.find((a: { title: string }) => a.title === 'A colleague');
    const res = await learner.request('PATCH', `/api/auth/user/update-custom-field/${select.id}`, {
      json: { registration_field_id: select.id, value: option.id },
    });
    expect(await json(res)).toEqual({ message: 'Profile updated.', field_value: 'A colleague' });
    const bad = await learner.request('PATCH', `/api/auth/user/update-custom-field/${select.id}`, { json: { value: 'Hacked' } });
    expect(bad.status).toBe(422);
  });

  it('refuses a field of another partner with 404', async () => {
    const other = await server.db.selectFrom('registration_fields').select('id').where('partner_id', '=', 2).executeTakeFirstOrThrow();
    const res = await learner.request('PATCH', `/api/auth/user/update-custom-field/${other.id}`, { json: { value: 'S123' } });
    expect(res.status).toBe(404);
  });
});

describe('POST api/auth/user/update-password', () => {
  it('needs the current password and signs out other sessions', async () => {
    const email = 'reviewer@demo.test';
    const first = await signedIn(server, email);
    const second = await signedIn(server, email);
    const noCurrent = await first.post('/api/auth/user/update-password', {
      password: 'brand-new-secret',
      password_confirmation: 'brand-new-secret',
    });
    expect((await json(noCurrent)).errors.current_password).toEqual(['The current password field is required.']);
    const wrong = await first.post('/api/auth/user/update-password', {
      current_password: 'wrong',
      password: 'brand-new-secret',
      password_confirmation: 'brand-new-secret',
    });
    expect((await json(wrong)).errors.current_password).toEqual([PROFILE_MESSAGES.currentPasswordWrong]);
    const short = await first.post('/api/auth/user/update-password', {
      current_password: DEMO_PASSWORD,
      password: 'short',
      password_confirmation: 'short',
    });
    expect((await json(short)).errors.password).toEqual(['The password field must be at least 8 characters.']);
    const ok = await first.post('/api/auth/user/update-password', {
      current_password: DEMO_PASSWORD,
      password: 'brand-new-secret',
      password_confirmation: 'brand-new-secret',
    });
    expect(ok.status).toBe(200);
    expect((await first.get('/api/auth/user')).status).toBe(200);
    expect((await second.get('/api/auth/user')).status).toBe(401);
    expect((await new Client(server).login(email, 'brand-new-secret')).status).toBe(200);
  });
});

describe('POST api/auth/user/update-profile-image (UP-01)', () => {
  const upload = (client: Client, data: Buffer, name = 'me.png', headers: Record<string, string> = {}) => {
    const form = new FormData();
    form.set('image', new Blob([new Uint8Array(data)], { type: 'image/png' }), name);
    return client.request('POST', '/api/auth/user/update-profile-image', { body: form, headers });
  };

  it('re-encodes the image to a 300x300 PNG without metadata and serves it safely', async () => {
    const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#3a7' } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'gps-secret' } } })
      .toBuffer();
    const res = await upload(learner, jpeg, 'photo.jpg');
    expect(res.status).toBe(200);
    const { image } = await json(res);
    expect(image).toMatch(/^\/api\/files\/profile-images\/[0-9a-f-]{36}\.png$/);
    const served = await learner.get(image);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 300, height: 300 });
    expect(meta.exif).toBeUndefined();
    expect((await me(learner)).image).toBe(image);
    expect((await new Client(server).get(image)).status).toBe(401);
  });

  it('refuses a file that is not really an image', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>');
    const res = await upload(learner, svg);
    expect(res.status).toBe(422);
    expect((await json(res)).errors.image).toEqual(['The image must be a PNG, JPEG or WebP file.']);
    const polyglot = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.from('<html><script>x</script>'),
    ]);
    expect((await upload(learner, polyglot)).status).toBe(422);
  });

  it('refuses a pixel bomb and an oversized body', async () => {
    const bomb = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const res = await upload(learner, bomb);
    expect(res.status).toBe(422);
    expect((await json(res)).errors.image).toEqual(['The image is too large.']);
    expect((await upload(learner, Buffer.alloc(7 * 1024 * 1024, 1))).status).toBe(413);
  });

  it('refuses a cross-site multipart post (CSRF-04)', async () => {
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    expect((await upload(learner, png, 'x.png', { origin: 'https://evil.example' })).status).toBe(403);
  });
});
