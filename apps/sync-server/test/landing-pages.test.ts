import { crc32 } from 'node:zlib';
import { addDays, LANDING_MESSAGES as M, ROLE } from '@simvisit/schema';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPartner } from '../src/seed/test-factories';
import { Client, DEMO_PASSWORD, json } from './support/client';
import { startTestServer, type TestServer } from './support/test-server';
import { createPerson } from './support/visit-fixtures';

/*
 * Landing pages (issue 13 items 6, 7, 9): articles and authors, welcome messages, the landing page
 * configuration and the public landing page, with their rules, uploads (UP-02, UP-03, HTML-01) and AUTHZ-14.
 * Every partner and person here is this file's own.
 */
let server: TestServer;
type P = { id: number; slug: string };
let simA: P;
let simB: P;
let plain: P;
let superAdmin: Client;
let clientAdminA: Client;
let clientAdminB: Client;
let clientAdminPlain: Client;
let learnerA: Client;
let anonymous: Client;

let seq = 0;
async function person(partner: P, roles: number[], opts: { superAdmin?: boolean; clientAdminOf?: number } = {}): Promise<Client> {
  const email = `landing-${++seq}-${Date.now().toString(36)}@landing.test`;
  const id = await createPerson(
    server,
    email,
    roles.map((r) => [r, partner.id]),
  );
  if (opts.superAdmin) await server.db.updateTable('users').set({ super_admin: true }).where('id', '=', id).execute();
  if (opts.clientAdminOf)
    await server.db.insertInto('client_admin_partners').values({ user_id: id, partner_id: opts.clientAdminOf }).execute();
  const client = new Client(server);
  const res = await client.login(email, DEMO_PASSWORD, partner.slug);
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return client;
}

const today = () => new Date().toISOString().slice(0, 10);
const jpeg = (w = 1000, h = 600) =>
  sharp({ create: { width: w, height: h, channels: 3, background: '#3a7' } })
    .jpeg()
    .toBuffer();
const png = (w = 200, h = 100) =>
  sharp({ create: { width: w, height: h, channels: 4, background: '#a37' } })
    .png()
    .toBuffer();

/** A PNG whose header claims `w` x `h` pixels (a pixel bomb: tiny file, huge picture). */
async function pixelBomb(w: number, h: number): Promise<Buffer> {
  const data = Buffer.from(await png(1, 1));
  data.writeUInt32BE(w, 16);
  data.writeUInt32BE(h, 20);
  data.writeUInt32BE(crc32(data.subarray(12, 29)) >>> 0, 29);
  return data;
}

function articleForm(fields: Record<string, string>, files: Record<string, [Buffer, string]> = {}): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  for (const [k, [data, name]] of Object.entries(files)) form.set(k, new Blob([new Uint8Array(data)]), name);
  return form;
}

let authorId: number;
const fields = (extra: Record<string, string> = {}) => ({
  title: 'Caring for the whole patient',
  description: 'How simulated visits teach empathy.',
  article_text: '<p>Body <strong>text</strong></p>',
  author_id: String(authorId),
  partner_id: String(simA.id),
  published_on: today(),
  ...extra,
});
const postForm = (client: Client, path: string, form: FormData) => client.request('POST', path, { body: form });
const articlesCount = async () =>
  (
    await server.db
      .selectFrom('articles')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
  ).n;
const partnerRow = (id: number) => server.db.selectFrom('partners').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

beforeAll(async () => {
  server = await startTestServer();
  const make = async (prefix: string, is_sim: boolean) =>
    createTestPartner(server.db, { slug_prefix: prefix, is_sim, seats: 10, used_seats: 0, passcode: null });
  simA = await make('land-a', true);
  simB = await make('land-b', true);
  plain = await make('land-c', false);
  superAdmin = await person(simA, [ROLE.admin], { superAdmin: true });
  clientAdminA = await person(simA, [ROLE.client_admin], { clientAdminOf: simA.id });
  clientAdminB = await person(simB, [ROLE.client_admin], { clientAdminOf: simB.id });
  clientAdminPlain = await person(plain, [ROLE.client_admin], { clientAdminOf: plain.id });
  learnerA = await person(simA, [ROLE.learner]);
  anonymous = new Client(server);
  await anonymous.csrf();
}, 60_000);
afterAll(async () => {
  await server.close();
});

describe('authors', () => {
  it('checks the name and biosketch with the spec’s words, then creates and updates an author', async () => {
    let res = await superAdmin.post('/api/author/save', { full_name: ' ', biosketch: '' });
    expect(res.status).toBe(422);
    const body = await json(res);
    expect(body.errors.full_name).toEqual([M.nameRequired]);
    expect(body.errors.biosketch).toEqual([M.biosketchRequired]);
    res = await superAdmin.post('/api/author/save', { full_name: 'x'.repeat(76), biosketch: 'y'.repeat(501) });
    expect((await json(res)).errors).toEqual({ full_name: [M.nameTooLong], biosketch: [M.biosketchTooLong] });
    res = await superAdmin.post('/api/author/save', { full_name: 'Dr. Ada Reyes', biosketch: 'Family physician and educator.' });
    expect(res.status).toBe(200);
    const created = await json(res);
    expect(created.message).toBe(M.authorCreated);
    authorId = created.author.id;
    res = await superAdmin.post('/api/author/update', { id: authorId, full_name: 'Dr. Ada M. Reyes', biosketch: 'Educator.' });
    expect((await json(res)).author.full_name).toBe('Dr. Ada M. Reyes');
    expect((await superAdmin.post('/api/author/update', { id: 999999, full_name: 'A', biosketch: 'B' })).status).toBe(404);
  });
});

describe('articles', () => {
  it('names every missing field with the spec’s words and changes nothing', async () => {
    const before = await articlesCount();
    const res = await postForm(superAdmin, '/api/article/save', articleForm({}));
    expect(res.status).toBe(422);
    const { errors } = await json(res);
    expect(errors.title).toEqual([M.titleRequired]);
    expect(errors.description).toEqual([M.descriptionRequired]);
    expect(errors.article_text).toEqual([M.articleTextRequired]);
    expect(errors.published_on).toEqual([M.publishedOnRequired]);
    const long = await postForm(
      superAdmin,
      '/api/article/save',
      articleForm(fields({ title: 't'.repeat(251), description: 'd'.repeat(401) })),
    );
    expect((await json(long)).errors).toMatchObject({ title: [M.titleTooLong], description: [M.descriptionTooLong] });
    const early = await postForm(superAdmin, '/api/article/save', articleForm(fields({ published_on: addDays(today(), -31) })));
    expect((await json(early)).errors).toEqual({ published_on: [M.publishedOnTooEarly] });
    // only markup the sanitizer removes is no body at all
    const empty = await postForm(superAdmin, '/api/article/save', articleForm(fields({ article_text: '<script>alert(1)</script>' })));
    expect((await json(empty)).errors).toEqual({ article_text: [M.articleTextRequired] });
    expect(await articlesCount()).toBe(before);
  });

  it('creates an article with a web and a social image re-encoded on the server, rich text sanitized (HTML-01)', async () => {
    const ok = await postForm(
      superAdmin,
      '/api/article/save',
      articleForm(
        fields({
          published_on: addDays(today(), -30),
          article_text: '<p onclick="x()">Hi<img src=x onerror=alert(1)><a href="javascript:alert(1)">l</a></p>',
        }),
        {
          file: [await jpeg(), 'web.jpg'],
          file_large: [await png(2400, 1200), 'social.png'],
        },
      ),
    );
    expect(ok.status, await ok.clone().text()).toBe(200);
    const { message, article } = await json(ok);
    expect(message).toBe(M.articleCreated);
    expect(article.article_text).toBe('<p>Hi<a rel="noopener noreferrer" target="_blank">l</a></p>');
    expect(article.author.full_name).toBe('Dr. Ada M. Reyes');
    const small = await anonymous.get(article.image_path);
    expect(small.status).toBe(200);
    expect(small.headers.get('content-type')).toBe('image/jpeg');
    expect(small.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await sharp(Buffer.from(await small.arrayBuffer())).metadata()).width).toBe(800);
    const large = await anonymous.get(article.image_path_large);
    expect(large.headers.get('content-type')).toBe('image/png');
    expect((await sharp(Buffer.from(await large.arrayBuffer())).metadata()).width).toBe(1600);
  });

  it('refuses images that are not JPEG or PNG by content, over 5 MB, or pixel bombs (UP-03), and changes nothing', async () => {
    const before = await articlesCount();
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
    const webp = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .webp()
      .toBuffer();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    for (const [data, name] of [
      [gif, 'a.gif'],
      [webp, 'a.png'],
      [svg, 'a.png'],
      [html, '../../x.jpg'],
    ] as [Buffer, string][]) {
      const res = await postForm(superAdmin, '/api/article/save', articleForm(fields(), { file: [data, name] }));
      expect(res.status, name).toBe(422);
      expect((await json(res)).errors).toEqual({ file: [M.imageType] });
    }
    const big = Buffer.concat([await jpeg(10, 10), Buffer.alloc(5 * 1024 * 1024 + 1 - (await jpeg(10, 10)).length)]);
    const tooBig = await postForm(superAdmin, '/api/article/save', articleForm(fields(), { file_large: [big, 'big.jpg'] }));
    expect((await json(tooBig)).errors).toEqual({ file_large: [M.imageTooLarge] });
    const bomb = await postForm(superAdmin, '/api/article/save', articleForm(fields(), { file: [await pixelBomb(20000, 20000), 'b.png'] }));
    expect((await json(bomb)).errors).toEqual({ file: [M.imagePixels] });
    expect(await articlesCount()).toBe(before);
  });

  it('updates (keeping an image not sent) and deletes an article, audited', async () => {
    const created = await json(
      await postForm(superAdmin, '/api/article/save', articleForm(fields({ title: 'To change' }), { file: [await jpeg(), 'a.jpg'] })),
    );
    const id = created.article.id;
    const res = await postForm(superAdmin, '/api/article/update', articleForm({ ...fields({ title: 'Changed' }), id: String(id) }));
    expect(res.status).toBe(200);
    const updated = await json(res);
    expect(updated.message).toBe(M.articleUpdated);
    expect(updated.article.title).toBe('Changed');
    expect(updated.article.image_path).toBe(created.article.image_path);
    const listed = await json(await superAdmin.get('/api/article'));
    expect(listed.articles.some((a: { id: number }) => a.id === id)).toBe(true);
    expect(listed.authors.some((a: { id: number }) => a.id === authorId)).toBe(true);
    const del = await superAdmin.post('/api/article/delete', { id });
    expect(await json(del)).toEqual({ message: M.articleDeleted });
    expect((await superAdmin.post('/api/article/delete', { id })).status).toBe(404);
    const audit = await server.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_type', '=', 'article')
      .where('target_id', '=', String(id))
      .execute();
    expect(audit.map((a) => a.action).sort()).toEqual(['article.created', 'article.deleted', 'article.updated']);
  });

  it("takes the spec's fields alone: a new article is the signed-in partner's, an update keeps its partner", async () => {
    const { partner_id: _, ...specFields } = fields({ title: 'Spec fields only' });
    const res = await postForm(superAdmin, '/api/article/save', articleForm(specFields));
    expect(res.status, await res.clone().text()).toBe(200);
    const { article } = await json(res);
    // the super admin signed in at simA (beforeAll)
    expect(article.partner_id).toBe(simA.id);
    const moved = await json(
      await postForm(
        superAdmin,
        '/api/article/update',
        articleForm({ ...fields({ partner_id: String(simB.id) }), id: String(article.id) }),
      ),
    );
    expect(moved.article.partner_id).toBe(simB.id);
    const kept = await postForm(
      superAdmin,
      '/api/article/update',
      articleForm({ ...specFields, title: 'Still B', id: String(article.id) }),
    );
    expect(kept.status).toBe(200);
    expect((await json(kept)).article).toMatchObject({ title: 'Still B', partner_id: simB.id });
    const unknown = await postForm(superAdmin, '/api/article/save', articleForm(fields({ partner_id: '999999' })));
    expect((await json(unknown)).errors.partner_id).toEqual([M.partnerRequired]);
    await superAdmin.post('/api/article/delete', { id: article.id });
  });

  it('is refused to everyone but super admins (AUTHZ-14), and a refusal changes nothing', async () => {
    const before = await articlesCount();
    for (const [who, status] of [
      [anonymous, 401],
      [learnerA, 403],
      [clientAdminA, 403],
    ] as [Client, number][]) {
      expect((await who.get('/api/article')).status).toBe(status);
      expect((await postForm(who, '/api/article/save', articleForm(fields()))).status).toBe(status);
      expect((await who.post('/api/article/delete', { id: 1 })).status).toBe(status);
      expect((await who.post('/api/author/save', { full_name: 'A', biosketch: 'B' })).status).toBe(status);
      expect((await who.get('/api/partner/welcome-messages')).status).toBe(status);
      expect((await who.post('/api/partner/update-welcome', { partner_id: simA.id, welcome_message: '<p>x</p>' })).status).toBe(status);
    }
    expect(await articlesCount()).toBe(before);
  });
});

describe('welcome messages and headers', () => {
  it('updates a message (sanitized) and a sim partner’s header; refuses a header for other partners or over 255', async () => {
    let res = await superAdmin.post('/api/partner/update-welcome', {
      partner_id: simA.id,
      welcome_message: '<p>Welcome<script>alert(1)</script><svg><g onload="x()"></g></svg><iframe src="https://x"></iframe></p>',
    });
    expect(res.status).toBe(200);
    let body = await json(res);
    expect(body.message).toBe(M.welcomeMessageUpdated);
    expect(body.partner.welcome_message).toBe('<p>Welcome</p>');
    res = await superAdmin.post('/api/partner/update-welcome', { partner_id: simA.id, welcome_header: 'Welcome, learners' });
    body = await json(res);
    expect(body.message).toBe(M.welcomeHeaderUpdated);
    expect((await partnerRow(simA.id)).welcome_header).toBe('Welcome, learners');
    res = await superAdmin.post('/api/partner/update-welcome', { partner_id: simA.id, welcome_header: 'h'.repeat(256) });
    expect((await json(res)).errors).toEqual({ welcome_header: [M.welcomeHeaderTooLong] });
    res = await superAdmin.post('/api/partner/update-welcome', { partner_id: plain.id, welcome_header: 'Not here' });
    expect((await json(res)).errors).toEqual({ welcome_header: [M.welcomeHeaderSimOnly] });
    expect((await partnerRow(plain.id)).welcome_header).toBeNull();
    const list = await json(await superAdmin.get('/api/partner/welcome-messages'));
    expect(list.partners.find((p: { id: number }) => p.id === simA.id).welcome_message).toBe('<p>Welcome</p>');
  });
});

describe('landing page configuration', () => {
  const base = (p: P) => `/api/landing-page/${p.id}`;
  const upload = (client: Client, p: P, data: Buffer | null, name = 'logo.png') => {
    const form = new FormData();
    if (data) form.set('logo_file', new Blob([new Uint8Array(data)]), name);
    return client.request('POST', `${base(p)}/logo`, { body: form });
  };

  it('lists every partner for super admins and only the administered sim partners for a client admin', async () => {
    const all = (await json(await superAdmin.get('/api/landing-page'))).landing_pages.map((p: P) => p.id);
    expect(all).toEqual(expect.arrayContaining([simA.id, simB.id, plain.id]));
    expect((await json(await clientAdminA.get('/api/landing-page'))).landing_pages.map((p: P) => p.id)).toEqual([simA.id]);
    expect((await json(await clientAdminPlain.get('/api/landing-page'))).landing_pages).toEqual([]);
    expect((await json(await learnerA.get('/api/landing-page'))).landing_pages).toEqual([]);
    expect((await anonymous.get('/api/landing-page')).status).toBe(401);
  });

  it('sets and clears the banner colour (6-digit hex) by a client admin of the sim partner, audited', async () => {
    let res = await clientAdminA.post(`${base(simA)}/banner-color`, { header_color: '#1A2B3C' });
    expect(res.status).toBe(200);
    let body = await json(res);
    expect(body.message).toBe(M.bannerColorUpdated);
    expect(body.partner.colour).toBe('1a2b3c');
    for (const bad of ['abc', '12345g', '1234567', 'red', '']) {
      res = await clientAdminA.post(`${base(simA)}/banner-color`, { header_color: bad });
      expect(res.status, bad).toBe(422);
      expect((await json(res)).errors.header_color).toEqual([M.bannerColorFormat]);
    }
    expect((await partnerRow(simA.id)).colour).toBe('1a2b3c');
    res = await clientAdminA.post(`${base(simA)}/clear-banner-color`, {});
    body = await json(res);
    expect(body.message).toBe(M.bannerColorCleared);
    expect(body.partner.colour).toBeNull();
    const audit = await server.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_type', '=', 'partner')
      .where('target_id', '=', String(simA.id))
      .execute();
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['landing_page.banner_color_set', 'landing_page.banner_color_cleared']),
    );
  });

  it('refuses every call to another partner’s client admin (404), the same partner’s others (403), anonymous (401) (AUTHZ-14)', async () => {
    await superAdmin.post(`${base(simA)}/banner-color`, { header_color: '445566' });
    const before = JSON.stringify(await partnerRow(simA.id));
    const calls: [string, string, unknown][] = [
      ['GET', base(simA), undefined],
      ['POST', `${base(simA)}/banner-color`, { header_color: '000000' }],
      ['POST', `${base(simA)}/clear-banner-color`, {}],
      ['POST', `${base(simA)}/welcome-header`, { welcome_header: 'Taken' }],
      ['POST', `${base(simA)}/welcome-message`, { welcome_message: '<p>Taken</p>' }],
      ['POST', `${base(simA)}/logo`, {}],
    ];
    for (const [method, path, body] of calls) {
      const opts = method === 'GET' ? {} : { json: body };
      expect((await clientAdminB.request(method, path, opts)).status, `B ${path}`).toBe(404);
      expect((await learnerA.request(method, path, opts)).status, `learner ${path}`).toBe(403);
      expect((await anonymous.request(method, path, opts)).status, `anonymous ${path}`).toBe(401);
    }
    // a client admin of a partner that is not a sim partner does not configure it (spec 000 §2.2)
    expect((await clientAdminPlain.get(base(plain))).status).toBe(403);
    const logo = await upload(clientAdminB, simA, await png());
    expect(logo.status).toBe(404);
    expect(JSON.stringify(await partnerRow(simA.id))).toBe(before);
    expect((await clientAdminA.get(base(simA))).status).toBe(200);
    expect((await superAdmin.get(base(plain))).status).toBe(200);
    expect((await superAdmin.get('/api/landing-page/999999')).status).toBe(404);
  });

  it('stores an uploaded logo as a PNG 60 px high, served as an image that runs nothing', async () => {
    const res = await upload(clientAdminA, simA, await jpeg(600, 300), 'logo.jpg');
    expect(res.status, await res.clone().text()).toBe(200);
    const body = await json(res);
    expect(body.message).toBe(M.logoUploaded);
    const served = await anonymous.get(body.partner.image);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([meta.format, meta.height, meta.width]).toEqual(['png', 60, 120]);
  });

  it('rasterizes a plain SVG logo and refuses hostile ones, oversized files and non-images (UP-02)', async () => {
    const safe = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="50"><rect width="200" height="50" fill="#c33"/></svg>',
    );
    // Editors' metadata and in-document references (a gradient, a symbol drawn twice) are fine.
    const editor = Buffer.from(
      '<?xml version="1.0" encoding="UTF-8"?><!-- Inkscape --><svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd" width="90" height="30"><sodipodi:namedview id="nv"/><defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient><symbol id="s"><rect width="9" height="9" fill="url(#g)"/></symbol></defs><use xlink:href="#s"/><use href="#s" x="20"/></svg>',
    );
    const fromEditor = await upload(clientAdminA, simA, editor, 'logo.svg');
    expect(fromEditor.status, await fromEditor.clone().text()).toBe(200);
    let res = await upload(clientAdminA, simA, safe, 'logo.svg');
    expect(res.status, await res.clone().text()).toBe(200);
    const image = (await json(res)).partner.image as string;
    expect(image).toMatch(/\.png$/);
    const served = Buffer.from(await (await anonymous.get(image)).arrayBuffer());
    expect((await sharp(served).metadata()).format).toBe('png');
    expect(served.toString('latin1')).not.toContain('<svg');
    const hostile = [
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="1" height="1"/></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><body xmlns="http://www.w3.org/1999/xhtml">x</body></foreignObject></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><use href="https://evil.test/x.svg#a"/></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><a xlink:href="javascript:alert(1)"><rect width="1" height="1"/></a></svg>',
      '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;">]><svg xmlns="http://www.w3.org/2000/svg"><text>&b;</text></svg>',
      '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg"><text>&x;</text></svg>',
      // issue 21 item 4: a newline before the reference, references hidden in other attributes, loops
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><image xlink:href="\nfile:///etc/passwd" width="9" height="9"/></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><use href="\n#a"/><rect id="a" width="1" height="1"/></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1" style="fill:url(https://evil.test/p.svg#g)"/></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1" fill="url( \'http://evil.test/#g\')"/></svg>',
      '<?xml-stylesheet href="https://evil.test/x.css"?><svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><set attributeName="href" to="javascript:alert(1)"/></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><g id="a"><use href="#b"/></g><g id="b"><use href="#a"/></g></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><use href="#missing"/></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/>',
    ];
    for (const text of hostile) {
      res = await upload(clientAdminA, simA, Buffer.from(text), 'logo.svg');
      expect(res.status, text).toBe(422);
      expect((await json(res)).errors.logo_file).toEqual([M.logoUnsafe]);
    }
    // A 2 KB file of nested <use> (ten of the level below, ten levels: 10^10 drawn) is refused at once.
    let nested = '<g id="l0"><rect width="1" height="1"/></g>';
    for (let level = 1; level <= 10; level++)
      nested += `<g id="l${level}">${Array.from({ length: 10 }, () => `<use href="#l${level - 1}"/>`).join('')}</g>`;
    const bomb = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9">${nested}<use href="#l10"/></svg>`);
    expect(bomb.length).toBeLessThan(2_600);
    const started = Date.now();
    res = await upload(clientAdminA, simA, bomb, 'logo.svg');
    expect((await json(res)).errors.logo_file).toEqual([M.logoUnsafe]);
    expect(Date.now() - started).toBeLessThan(1_000);
    res = await upload(clientAdminA, simA, Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'), 'logo.png');
    expect((await json(res)).errors.logo_file).toEqual([M.logoType]);
    res = await upload(clientAdminA, simA, null);
    expect((await json(res)).errors.logo_file).toEqual([M.logoRequired]);
    // 4 MiB exactly is the limit; 4.4 MB (which a client rounds to "4") is refused by the server
    const base4 = await png(10, 10);
    const over = Buffer.concat([base4, Buffer.alloc(Math.round(4.4 * 1024 * 1024) - base4.length)]);
    res = await upload(clientAdminA, simA, over, 'big.png');
    expect((await json(res)).errors.logo_file).toEqual([M.logoTooLarge]);
    res = await upload(clientAdminA, simA, await pixelBomb(30000, 30000), 'bomb.png');
    expect((await json(res)).errors.logo_file).toEqual([M.imagePixels]);
    expect((await partnerRow(simA.id)).image).toBe(image);
  });

  it('sets a sim partner’s welcome header (255 at most) and message (sanitized)', async () => {
    let res = await clientAdminA.post(`${base(simA)}/welcome-header`, { welcome_header: 'Hello from A' });
    expect((await json(res)).message).toBe(M.headerUpdated);
    res = await clientAdminA.post(`${base(simA)}/welcome-header`, { welcome_header: 'h'.repeat(256) });
    expect((await json(res)).errors.welcome_header).toEqual([M.welcomeHeaderTooLong]);
    res = await clientAdminA.post(`${base(simA)}/welcome-message`, { welcome_message: '<p>Hi <a href="data:text/html,x">x</a></p>' });
    const body = await json(res);
    expect(body.message).toBe(M.messageUpdated);
    expect(body.partner.welcome_message).toBe('<p>Hi <a rel="noopener noreferrer" target="_blank">x</a></p>');
  });
});

describe('the public landing page', () => {
  it('shows the partner’s branding and only its published articles, to anyone', async () => {
    const mk = (title: string, published_on: string, partner: P) =>
      postForm(superAdmin, '/api/article/save', articleForm(fields({ title, published_on, partner_id: String(partner.id) })));
    expect((await mk('Published today', today(), simB)).status).toBe(200);
    expect((await mk('Coming tomorrow', addDays(today(), 1), simB)).status).toBe(200);
    expect((await mk('Another partner’s', today(), plain)).status).toBe(200);
    await superAdmin.post(`/api/landing-page/${simB.id}/banner-color`, { header_color: 'abcdef' });
    const res = await anonymous.get(`/api/landing/${simB.slug}`);
    expect(res.status).toBe(200);
    const page = await json(res);
    expect(page.partner.colour).toBe('abcdef');
    expect(page.partner.slug).toBe(simB.slug);
    expect(page.articles.map((a: { title: string }) => a.title)).toEqual(['Published today']);
    expect(page.articles[0].author.full_name).toBe('Dr. Ada M. Reyes');
    expect((await anonymous.get('/api/landing/no-such-partner-here')).status).toBe(404);
    expect((await anonymous.get('/api/landing/..%2F..')).status).toBe(404);
  });

  it('shows the demo seed’s published Simclusive article, not its scheduled one', async () => {
    const page = await json(await anonymous.get('/api/landing/simclusive'));
    expect(page.partner.welcome_header).toBe('Inclusive simulation for every learner');
    expect(page.articles.map((a: { title: string }) => a.title)).toEqual(['Why practise with standardized patients?']);
  });

  it('says whether the partner takes registrations, as the registration form answers (decision 0090)', async () => {
    for (const slug of ['simclusive', 'sp', 'northfield', 'lakeside', simB.slug]) {
      const page = await json(await anonymous.get(`/api/landing/${slug}`));
      const form = await anonymous.get(`/api/register/form?partner_slug=${slug}`);
      expect(page.registration_open, slug).toBe(form.status === 200);
    }
    expect((await json(await anonymous.get('/api/landing/simclusive'))).registration_open).toBe(false);
    expect((await json(await anonymous.get('/api/landing/northfield'))).registration_open).toBe(true);
  });

  it('says when every seat is taken, as registering then answers, instead of offering Register', async () => {
    const full = await createTestPartner(server.db, { slug_prefix: 'land-full', is_sim: false, seats: 2, used_seats: 1, passcode: null });
    await server.db.updateTable('partners').set({ held_seats: 1 }).where('id', '=', full.id).execute();
    const page = await json(await anonymous.get(`/api/landing/${full.slug}`));
    expect(page).toMatchObject({ registration_open: true, registration_full: true });
    await server.db.updateTable('partners').set({ held_seats: 0 }).where('id', '=', full.id).execute();
    expect((await json(await anonymous.get(`/api/landing/${full.slug}`))).registration_full).toBe(false);
    // A partner that takes no registrations is closed, not full.
    expect((await json(await anonymous.get('/api/landing/simclusive'))).registration_full).toBe(false);
  });
});
