import { AGREEMENT_MESSAGES as AM, INVOICE_MESSAGES as M } from '@simvisit/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAgreement, signBody, signed } from './support/agreement-fixtures';
import { type Client, json, signedIn } from './support/client';
import { pdfText } from './support/pdf-text';
import { startTestServer, type TestServer } from './support/test-server';

/* Invoices (issue 19 items 6, 7; spec 002 §2.20, §7; SECURITY.md AUTHZ-11) on the demo provider, through HTTP. */
let server: TestServer;
let admin: Client;
let outsider: Client;
beforeAll(async () => {
  server = await startTestServer();
  admin = await signedIn(server, 'superadmin@demo.test');
  outsider = await signedIn(server, 'learner@demo.test');
});
afterAll(async () => {
  await server?.close();
});

const quote = (id: number) => server.db.selectFrom('quotes').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
async function expectRefused(res: Response, status: number, message: string) {
  expect(res.status).toBe(status);
  const b = await json(res);
  expect([b.message, ...Object.values(b.errors ?? {}).flat()]).toContain(message);
}
async function invoiced() {
  const a = await signed(server, admin);
  const res = await a.client.post('/api/agreement/request-invoice', { agreement_id: a.id });
  expect(res.status, await res.clone().text()).toBe(200);
  const body = await json(res);
  return { ...a, invoiceId: body.agreement.invoice_id as number, body };
}

describe('requesting an invoice', () => {
  it('refuses an unsigned or rejected agreement; makes one numbered invoice, mailed as a PDF to the billing contact', async () => {
    const unsigned = await makeAgreement(server, admin);
    await expectRefused(await unsigned.client.post('/api/agreement/request-invoice', { agreement_id: unsigned.id }), 409, AM.notSigned);
    const rejected = await makeAgreement(server, admin, { reject: true });
    await expectRefused(await rejected.client.post('/api/agreement/request-invoice', { agreement_id: rejected.id }), 409, AM.rejected);
    expect(await server.db.selectFrom('invoices').select('id').where('quote_id', 'in', [unsigned.id, rejected.id]).execute()).toEqual([]);

    const a = await makeAgreement(server, admin);
    const states = (await json(await a.client.get(`/api/agreement?agreement_id=${a.id}`))).states;
    const billing = {
      name: 'Pat Payables',
      email: `ap-${a.id}@acme.test`,
      phone: '+1 415 555 0101',
      address_1: '1 Main St',
      city: 'Austin',
      state: states[0].id,
      zip: '73301',
    };
    expect((await a.client.post('/api/agreement/sign', signBody(a.id, { billing_address: billing }))).status).toBe(200);
    const res = await a.client.post('/api/agreement/request-invoice', { agreement_id: a.id });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.agreement).toMatchObject({ invoice_requested: true, state: 'signed', is_payment_made: false });
    const inv = await server.db.selectFrom('invoices').selectAll().where('quote_id', '=', a.id).executeTakeFirstOrThrow();
    expect(inv.id).toBe(body.agreement.invoice_id);
    expect(inv.number).toMatch(/^INV-\d{4}-\d{5}$/);
    expect(inv.amount_cents).toBe(a.totalCents);
    expect((await quote(a.id)).invoice_requested_at).not.toBeNull();
    await expectRefused(await a.client.post('/api/agreement/request-invoice', { agreement_id: a.id }), 409, AM.invoiceAlreadyRequested);

    await server.services.mail.idle();
    const mail = (await server.services.mail.latest(300)).find((m) => m.recipient === billing.email);
    expect(mail?.subject).toContain(inv.number);
    const stored = mail!.attachments;
    const attachment = ((typeof stored === 'string' ? JSON.parse(stored) : stored) as { filename: string; content: string }[])[0]!;
    expect(attachment.filename).toBe(`${inv.number}.pdf`);
    const { text } = await pdfText(new Uint8Array(Buffer.from(attachment.content, 'base64')));
    expect(text).toContain(inv.number);
    expect(text).toContain(`$${a.totalText}`);
    expect(text).toContain('Pat Payables');
    const told = (await server.services.mail.latest(300)).find(
      (m) => m.recipient === 'superadmin@demo.test' && m.subject?.includes(inv.number),
    );
    expect(told?.body_text).toContain(`/management/invoice/${inv.id}`);
  });

  it('the demo data holds a requested, unpaid invoice', async () => {
    const list = (await json(await admin.get('/api/invoices'))).invoices;
    expect(list.find((i: { title: string }) => i.title === 'Northgate Nursing')).toMatchObject({
      is_payment_made: false,
      number: expect.stringMatching(/^INV-/),
    });
  });
});

describe('invoice administration (super admin)', () => {
  it('lists and shows invoices to super admins only; the PDF also to its requester', async () => {
    const a = await invoiced();
    const list = await json(await admin.get('/api/invoices'));
    const row = list.invoices.find((i: { id: number }) => i.id === a.invoiceId);
    expect(row).toMatchObject({ agreement_id: a.id, is_payment_made: false, payment_amount: a.totalText, user: { email: a.user.email } });
    expect((await json(await admin.get(`/api/invoice?invoice_id=${a.invoiceId}`))).invoice.id).toBe(a.invoiceId);
    expect((await a.client.get('/api/invoices')).status).toBe(403);
    expect((await a.client.get(`/api/invoice?invoice_id=${a.invoiceId}`)).status).toBe(403);
    await expectRefused(await admin.get('/api/invoice?invoice_id=99999999'), 404, M.invoiceNotFound);

    for (const c of [admin, a.client]) {
      const res = await c.get(`/api/invoice/pdf?invoice_id=${a.invoiceId}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect((await pdfText(new Uint8Array(await res.arrayBuffer()))).text).toContain(a.company);
    }
    await expectRefused(await outsider.get(`/api/invoice/pdf?invoice_id=${a.invoiceId}`), 404, M.invoiceNotFound);
  });

  it('mark as paid: super admin only, finalizes once; a second call (or two at once) changes nothing', async () => {
    const a = await invoiced();
    expect((await a.client.post('/api/invoice/mark-as-paid', { invoice_id: a.invoiceId })).status).toBe(403);
    expect((await quote(a.id)).is_payment_made).toBe(false);

    const [one, two] = await Promise.all([
      admin.post('/api/invoice/mark-as-paid', { invoice_id: a.invoiceId }),
      admin.post('/api/invoice/mark-as-paid', { invoice_id: a.invoiceId }),
    ]);
    for (const r of [one, two]) {
      expect(r.status).toBe(200);
      const b = await json(r);
      expect(b.message).toBe(M.markedPaid);
      expect(b.invoice.is_payment_made).toBe(true);
    }
    const inv = await server.db.selectFrom('invoices').selectAll().where('id', '=', a.invoiceId).executeTakeFirstOrThrow();
    expect(inv.paid_at).not.toBeNull();
    const q = await quote(a.id);
    expect(q.finalized_at).not.toBeNull();
    expect(q.is_payment_made).toBe(true);
    expect((await server.db.selectFrom('partners').select('id').where('slug', '=', a.slug).execute()).length).toBe(1);

    const third = await admin.post('/api/invoice/mark-as-paid', { invoice_id: a.invoiceId });
    expect((await json(third)).message).toBe(M.markedPaid);
    const after = await server.db.selectFrom('invoices').selectAll().where('id', '=', a.invoiceId).executeTakeFirstOrThrow();
    expect(after.paid_at).toEqual(inv.paid_at);
    expect((await quote(a.id)).finalized_at).toEqual(q.finalized_at);
    const marks = await server.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'invoice.marked_paid')
      .where('target_id', '=', String(a.invoiceId))
      .execute();
    expect(marks).toHaveLength(1);
    // the agreement is paid now: the card cannot pay it again
    await expectRefused(
      await a.client.post('/api/agreement/payment', {
        agreement_id: a.id,
        name_on_card: 'Q',
        stripe_token: 'pm_card_visa',
        idempotency_key: 'k'.repeat(20),
      }),
      409,
      AM.alreadyPaid,
    );
  });

  it('pays by card (demo provider) after an invoice was requested: the invoice is settled by finalizing', async () => {
    const a = await invoiced();
    const res = await a.client.post('/api/agreement/payment', {
      agreement_id: a.id,
      name_on_card: 'Q',
      stripe_token: 'pm_card_visa',
      idempotency_key: 'x'.repeat(24),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await json(res)).password).toMatch(/^.{12}$/);
    const inv = await json(await admin.get(`/api/invoice?invoice_id=${a.invoiceId}`));
    expect(inv.invoice.is_payment_made).toBe(true);
    expect((await json(await admin.post('/api/invoice/mark-as-paid', { invoice_id: a.invoiceId }))).message).toBe(M.markedPaid);
    expect((await server.db.selectFrom('partners').select('id').where('slug', '=', a.slug).execute()).length).toBe(1);
  });
});
