import { addDays, ROLE, SOCIAL_MESSAGES } from '@simvisit/schema';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../src/platform/clock';
import { createTestUser } from '../src/seed/test-factories';
import { Client, json, signedIn } from './support/client';
import { startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
let admin: Client;
beforeAll(async () => {
  server = await startTestServer();
  admin = await signedIn(server, 'superadmin@demo.test');
});
afterAll(async () => {
  await server.close();
});

const today = () => clock.now().toISOString().slice(0, 10);
type Fields = Partial<Record<'id' | 'title' | 'description' | 'published_on', string>>;
function post(client: Client, path: 'save' | 'update', fields: Fields, file?: { data: Buffer; name: string; type?: string }) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) form.set(k, v);
  if (file) form.set('file', new Blob([new Uint8Array(file.data)], { type: file.type ?? 'image/png' }), file.name);
  return client.request('POST', `/api/social/${path}`, { body: form });
}
const valid = (): Fields => ({
  title: `Post ${Math.random().toString(36).slice(2)}`,
  description: 'Our new cases.',
  published_on: today(),
});
const png = (w = 64, h = 48) =>
  sharp({ create: { width: w, height: h, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer();
const count = async () =>
  Number(
    (
      await server.db
        .selectFrom('social_posts')
        .select((e) => e.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const audits = (action: string) => server.db.selectFrom('audit_log').select('target_id').where('action', '=', action).execute();

describe('social media posts', () => {
  it('creates, lists, updates and deletes a post with the spec’s notices, each change audited', async () => {
    const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#246' } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'gps-secret' } } })
      .toBuffer();
    const created = await post(admin, 'save', valid(), { data: jpeg, name: 'photo.jpg', type: 'image/jpeg' });
    expect(created.status).toBe(200);
    const body = await json(created);
    expect(body.message).toBe('Social Media Post created');
    const id = body.social_post.id;
    expect(body.social_post.image_path).toMatch(/^\/api\/files\/social-images\/[0-9a-f-]{36}\.png$/);
    const served = await admin.get(body.social_post.image_path);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 800, height: 600 });
    expect(meta.exif).toBeUndefined();

    const list = await json(await admin.get('/api/social'));
    expect(list.social_posts.map((p: { id: number }) => p.id)).toContain(id);

    const updated = await post(admin, 'update', { id: String(id), title: 'Renamed', description: 'Changed.', published_on: today() });
    expect(updated.status).toBe(200);
    const changed = await json(updated);
    expect(changed).toMatchObject({ message: 'Social Media Post updated', social_post: { title: 'Renamed' } });
    // no new file keeps the picture
    expect(changed.social_post.image_path).toBe(body.social_post.image_path);

    const deleted = await admin.post('/api/social/delete', { id });
    expect(deleted.status).toBe(200);
    expect((await json(deleted)).message).toBe('Social Media Post Deleted');
    expect((await admin.post('/api/social/delete', { id })).status).toBe(404);
    for (const action of ['social_post.created', 'social_post.updated', 'social_post.deleted']) {
      expect((await audits(action)).map((a) => Number(a.target_id))).toContain(id);
    }
  });

  it('answers every rule with the spec’s words and writes nothing', async () => {
    const before = await count();
    const cases: [Fields, string, string][] = [
      [{ ...valid(), title: '' }, 'title', 'A title is required'],
      [{ ...valid(), title: '   ' }, 'title', 'A title is required'],
      [{ ...valid(), title: undefined }, 'title', 'A title is required'],
      [{ ...valid(), title: 'x'.repeat(226) }, 'title', SOCIAL_MESSAGES.titleTooLong],
      [{ ...valid(), description: '' }, 'description', 'A description is required'],
      [{ ...valid(), published_on: '' }, 'published_on', SOCIAL_MESSAGES.publishedOnRequired],
      [{ ...valid(), published_on: addDays(today(), -31) }, 'published_on', SOCIAL_MESSAGES.publishedOnTooEarly],
      [{ ...valid(), published_on: '2026-13-45' }, 'published_on', 'The publish date must be a date (YYYY-MM-DD).'],
      [{ ...valid(), title: 'bad\u0000title' }, 'title', 'The title field must not contain control characters.'],
    ];
    for (const [fields, field, message] of cases) {
      const res = await post(admin, 'save', fields);
      expect(res.status, JSON.stringify(fields)).toBe(422);
      expect((await json(res)).errors[field], JSON.stringify(fields)).toEqual([message]);
    }
    expect((await post(admin, 'save', { ...valid(), title: 'x'.repeat(225), published_on: addDays(today(), -30) })).status).toBe(200);
    expect(await count()).toBe(before + 1);
    expect((await admin.post('/api/social/save', valid())).status).toBe(415);
  });

  it('keeps an unchanged old date on update but refuses moving a date out of the window', async () => {
    const { social_post } = await json(await post(admin, 'save', valid()));
    await server.db
      .updateTable('social_posts')
      .set({ published_on: addDays(today(), -60) })
      .where('id', '=', social_post.id)
      .execute();
    const keep = await post(admin, 'update', {
      id: String(social_post.id),
      title: 'Kept',
      description: 'd',
      published_on: addDays(today(), -60),
    });
    expect(keep.status).toBe(200);
    const move = await post(admin, 'update', {
      id: String(social_post.id),
      title: 'Moved',
      description: 'd',
      published_on: addDays(today(), -45),
    });
    expect(move.status).toBe(422);
    expect((await post(admin, 'update', { ...valid(), id: '999999' })).status).toBe(404);
  });

  it('takes only real JPEG or PNG images up to 5 MB (UP-03)', async () => {
    const before = await count();
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    const webp = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .webp()
      .toBuffer();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>');
    const polyglot = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.from('<html><script>x</script>'),
    ]);
    const bomb = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const tooBig = Buffer.concat([await png(), Buffer.alloc(5 * 1024 * 1024 + 1 - (await png()).length, 0)]);
    expect(tooBig.length).toBe(5 * 1024 * 1024 + 1);
    for (const [data, name, message] of [
      [gif, 'x.png', 'The image must be a JPEG or PNG file.'],
      [webp, 'x.jpg', 'The image must be a JPEG or PNG file.'],
      [svg, 'x.png', 'The image must be a JPEG or PNG file.'],
      [polyglot, '../../x.png', 'The image could not be read.'],
      [bomb, 'x.png', 'The image is too large.'],
      [tooBig, 'x.png', 'The image may not be larger than 5 MB.'],
    ] as [Buffer, string, string][]) {
      const res = await post(admin, 'save', valid(), { data, name });
      expect(res.status, name + message).toBe(422);
      expect((await json(res)).errors.file, message).toEqual([message]);
    }
    expect(await count()).toBe(before);
    // a name with a quote and CRLF is never used: the stored name is generated
    const odd = await post(admin, 'save', valid(), { data: await png(), name: 'a"b\r\nc.png' });
    expect(odd.status).toBe(200);
    expect((await json(odd)).social_post.image_path).toMatch(/social-images\/[0-9a-f-]{36}\.png$/);
    expect((await post(admin, 'save', valid(), { data: Buffer.alloc(7 * 1024 * 1024, 1), name: 'x.png' })).status).toBe(413);
  });

  it("deletes a post sent multipart as the spec's other social calls, and sent as JSON", async () => {
    const made = async () => (await json(await post(admin, 'save', valid()))).social_post.id as number;
    const multipart = await made();
    const form = new FormData();
    form.set('id', String(multipart));
    const res = await admin.request('POST', '/api/social/delete', { body: form });
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await json(res)).message).toBe('Social Media Post Deleted');
    const urlencoded = await made();
    const byForm = await admin.request('POST', '/api/social/delete', {
      body: `id=${urlencoded}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(byForm.status).toBe(200);
    expect((await admin.post('/api/social/delete', { id: await made() })).status).toBe(200);
    const missing = new FormData();
    missing.set('id', '999999');
    expect((await admin.request('POST', '/api/social/delete', { body: missing })).status).toBe(404);
    const empty = await admin.request('POST', '/api/social/delete', { body: new FormData() });
    expect(empty.status).toBe(422);
    const ids = (await json(await admin.get('/api/social'))).social_posts.map((p: { id: number }) => p.id);
    expect(ids).not.toContain(multipart);
    expect(ids).not.toContain(urlencoded);
  });

  it('refuses every call to anyone but a super admin (AUTHZ-14) and to anonymous callers', async () => {
    const { social_post } = await json(await post(admin, 'save', valid(), { data: await png(), name: 'x.png' }));
    for (const role of [ROLE.admin, ROLE.client_admin, ROLE.learner]) {
      const u = await createTestUser(server.db, {
        email_prefix: 'social-authz',
        first_name: 'No',
        last_name: 'Access',
        roles: [{ role_id: role, partner_id: 1 }],
      });
      const c = new Client(server);
      expect((await c.login(u.email, u.password)).status).toBe(200);
      expect((await c.get('/api/social')).status).toBe(403);
      expect((await post(c, 'save', valid())).status).toBe(403);
      expect((await post(c, 'update', { ...valid(), id: String(social_post.id) })).status).toBe(403);
      expect((await c.post('/api/social/delete', { id: social_post.id })).status).toBe(403);
      expect((await c.get(social_post.image_path)).status).toBe(403);
    }
    const anonymous = new Client(server);
    await anonymous.csrf();
    expect((await anonymous.get('/api/social')).status).toBe(401);
    expect((await post(anonymous, 'save', valid())).status).toBe(401);
    const still = await json(await admin.get('/api/social'));
    expect(still.social_posts.find((p: { id: number }) => p.id === social_post.id)?.title).toBe(social_post.title);
  });
});
