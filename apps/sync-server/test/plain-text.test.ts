import { hasMarkup, plainTextMessage } from '@simvisit/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, json, signedIn } from './support/client';
import { startTestServer, type TestServer } from './support/test-server';

/*
 * Issue 21 item 6: plain-text fields refuse markup on write (422 under the field, nothing stored), so the public
 * GET api/landing/{slug} never returns any. Demo partner simclusive (28) is a sim partner with a landing page.
 */
const SIM = 28;
let server: TestServer;
let superadmin: Client;

beforeAll(async () => {
  server = await startTestServer();
  superadmin = await signedIn(server, 'superadmin@demo.test', 'simclusive');
});
afterAll(async () => {
  await server.close();
});

const header = async () =>
  (await server.db.selectFrom('partners').select('welcome_header').where('id', '=', SIM).executeTakeFirstOrThrow()).welcome_header;

async function expectRefused(res: Response, field: string, label: string) {
  expect(res.status, field).toBe(422);
  expect((await json(res)).errors[field], field).toEqual([plainTextMessage(label)]);
}

describe('plain-text fields refuse markup', () => {
  it('refuses a welcome header with markup on both routes and keeps the stored one', async () => {
    const before = await header();
    for (const value of ['<b>Welcome</b>', '<img src=x onerror=alert(1)>', 'Hi <!-- x -->', '< script>alert(1)</script>']) {
      await expectRefused(
        await superadmin.post('/api/partner/update-welcome', { partner_id: SIM, welcome_header: value }),
        'welcome_header',
        'welcome header',
      );
      await expectRefused(
        await superadmin.post(`/api/landing-page/${SIM}/welcome-header`, { welcome_header: value }),
        'welcome_header',
        'welcome header',
      );
    }
    expect(await header()).toBe(before);
    // A '<' that opens no tag is text.
    const res = await superadmin.post('/api/partner/update-welcome', { partner_id: SIM, welcome_header: 'Learn 2 < 3 & <3 skills' });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await header()).toBe('Learn 2 < 3 & <3 skills');
  });

  it('refuses markup in author names, article titles, registration field titles and options, institution names', async () => {
    await expectRefused(await superadmin.post('/api/author/save', { full_name: '<i>Ann</i>', biosketch: 'Writes.' }), 'full_name', 'name');
    await expectRefused(
      await superadmin.post('/api/author/save', { full_name: 'Ann', biosketch: '<a href="x">me</a>' }),
      'biosketch',
      'biosketch',
    );
    const form = new FormData();
    form.set('title', '<script>alert(1)</script>');
    form.set('description', 'A description');
    form.set('article_text', '<p>Body</p>');
    form.set('author_id', '1');
    form.set('published_on', '2030-01-01');
    await expectRefused(await superadmin.request('POST', '/api/article/save', { body: form }), 'title', 'title');
    const field = await superadmin.post(`/api/registration-fields/${SIM}/add-field`, {
      field_type: 'text',
      field_title: 'Pick <u>one</u>',
    });
    await expectRefused(field, 'field_title', 'title');
    const options = await superadmin.post(`/api/registration-fields/${SIM}/add-field`, {
      field_type: 'select',
      field_title: 'Campus',
      answers: ['North', '<b>South</b>'],
    });
    expect(options.status).toBe(422);
    expect(JSON.stringify((await json(options)).errors)).toContain(plainTextMessage('option'));
    await expectRefused(await superadmin.post('/api/institutions', { name: '<h1>Uni</h1>', royalty_rate: 1 }), 'name', 'name');
  });

  it('never returns markup in the public landing page', async () => {
    const page = await json(await superadmin.get('/api/landing/simclusive'));
    const plain = [page.partner.short_name, page.partner.long_name, page.partner.welcome_header ?? ''];
    for (const article of page.articles) plain.push(article.title, article.description);
    expect(plain.filter((text: string) => hasMarkup(text))).toEqual([]);
  });
});
