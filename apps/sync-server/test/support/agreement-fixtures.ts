import { randomUUID } from 'node:crypto';
import { processingFeeCents, ROLE } from '@simvisit/schema';
import { createTestUser } from '../../src/seed/test-factories';
import { Client, json } from './client';
import type { TestServer } from './test-server';

let counter = 0;

/**
 * An agreement of its own: a requester (a learner of sp) with a quote request for two scenarios, approved by the
 * super admin through HTTP (4 and 6 sessions sold at $125.50 = $1,255.00 + the processing fee). `reject` rejects
 * it instead; `approve: false` leaves it undecided.
 */
export async function makeAgreement(
  server: TestServer,
  admin: Client,
  opts: { company?: string; approve?: boolean; reject?: boolean } = {},
) {
  const n = ++counter;
  const user = await createTestUser(server.db, {
    email_prefix: `agreement${n}`,
    first_name: 'Quinn',
    last_name: 'Buyer',
    roles: [{ role_id: ROLE.learner, partner_id: 1 }],
  });
  const scenarioIds = (await server.db.selectFrom('scenarios').select('id').orderBy('id').limit(2).execute()).map((r) => String(r.id));
  const company = opts.company ?? `Acme Health ${n}`;
  const req = await server.db
    .insertInto('quote_requests')
    .values({ user_id: user.id, partner_id: 1, title: company, company_name: company, city: 'Austin', zip: '73301' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await server.db
    .insertInto('quote_request_scenarios')
    .values(scenarioIds.map((scenario_id, i) => ({ quote_request_id: req.id, scenario_id, scenario_count: 3 - i })))
    .execute();
  const payment = 12_550 * 10;
  const fee = processingFeeCents(payment);
  const slug = `agr-${n}-${randomUUID().slice(0, 8)}`;
  const body = {
    request_id: req.id,
    title: `${company} Simulation`,
    subdomain: slug,
    session_rate: '125.50',
    agreement_duration: 12,
    target_start_date: '2027-01-15',
    number_of_sessions: 10,
    payment_amount: (payment / 100).toFixed(2),
    processing_fee: (fee / 100).toFixed(2),
    total_amount: ((payment + fee) / 100).toFixed(2),
    scenarios: [
      { scenario_id: scenarioIds[0], scenario_count_invoice: 4 },
      { scenario_id: scenarioIds[1], scenario_count_invoice: 6 },
    ],
  };
  if (opts.reject) {
    const res = await admin.post('/api/request/reject-partner', { request_id: req.id });
    if (res.status !== 200) throw new Error(`reject: ${res.status} ${await res.text()}`);
  } else if (opts.approve !== false) {
    const res = await admin.post('/api/request/approve-partner', body);
    if (res.status !== 200) throw new Error(`approve: ${res.status} ${JSON.stringify(await json(res))}`);
  } else {
    const res = await admin.post('/api/request/save-quote', body);
    if (res.status !== 200) throw new Error(`save: ${res.status} ${JSON.stringify(await json(res))}`);
  }
  const quote = await server.db
    .selectFrom('quotes')
    .select(['id', 'total_amount_cents'])
    .where('quote_request_id', '=', req.id)
    .executeTakeFirstOrThrow();
  const client = new Client(server);
  const login = await client.login(user.email, user.password);
  if (login.status !== 200) throw new Error(`login: ${login.status}`);
  return { id: quote.id, totalCents: quote.total_amount_cents, slug, company, user, client, scenarioIds, totalText: body.total_amount };
}

export const signBody = (id: number, over: Record<string, unknown> = {}) => ({
  agreement_id: id,
  first_name: 'Quinn',
  last_name: 'Buyer',
  ...over,
});

export async function signed(server: TestServer, admin: Client) {
  const a = await makeAgreement(server, admin);
  const res = await a.client.post('/api/agreement/sign', signBody(a.id), { headers: { 'user-agent': 'AgreementTest/1.0' } });
  if (res.status !== 200) throw new Error(`sign: ${res.status} ${await res.text()}`);
  return a;
}
