import { quoteAmounts, ROLE } from '@simvisit/schema';
import type { Transaction } from 'kysely';
import type { DB } from '../db/types';
import { clock } from '../platform/clock';

/**
 * One quote in each tab of Quote Requests (issue 19, decision 0070), so a newcomer signing in as the super admin
 * sees To Do, Pending, Completed and Rejected filled: the demo applicant's quote is the approved one (its card
 * reads 'Document signing and Payment required'); three requesters of their own hold the others. The completed
 * quote became the small sim partner 'Riverbend' made here; a fourth, signed, asked for an invoice, so Invoice
 * Requests is not empty (decision 0072). Amounts come from the same rule as the server's.
 */
export async function seedDemoQuotes(trx: Transaction<DB>, ids: Map<string, number>, passwordHash: string, today: string) {
  const scenario = await trx
    .selectFrom('scenario_partners')
    .select('scenario_id')
    .where('partner_id', '=', 28)
    .orderBy('scenario_id')
    .executeTakeFirstOrThrow();
  const requesters = [
    { email: 'quote-todo@demo.test', first: 'Tara', last: 'Todd', company: 'Harbor Medical School' },
    { email: 'quote-done@demo.test', first: 'Cory', last: 'Compton', company: 'Riverbend Health' },
    { email: 'quote-rejected@demo.test', first: 'Reese', last: 'Ruiz', company: 'Eastgate Clinic' },
    { email: 'quote-invoice@demo.test', first: 'Ivy', last: 'Ingram', company: 'Northgate Nursing' },
  ];
  const requestIds: number[] = [];
  const requesterIds: number[] = [];
  for (const r of requesters) {
    const user = await trx
      .insertInto('users')
      .values({ email: r.email, password: passwordHash, super_admin: false, first_name: r.first, last_name: r.last })
      .returning('id')
      .executeTakeFirstOrThrow();
    requesterIds.push(user.id);
    await trx
      .insertInto('user_roles')
      .values({
        user_id: user.id,
        role_id: ROLE.applicant,
        partner_id: 28,
        is_approved: true,
        created_at: clock.now(),
        updated_at: clock.now(),
      })
      .execute();
    const request = await trx
      .insertInto('quote_requests')
      .values({
        user_id: user.id,
        partner_id: 28,
        title: r.company,
        company_name: r.company,
        job_title: 'Simulation Director',
        city: 'Boston',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('quote_request_scenarios')
      .values({ quote_request_id: request.id, scenario_id: scenario.scenario_id, scenario_count: 20 })
      .execute();
    requestIds.push(request.id);
  }
  // the first (To Do) stays a new request without a quote
  const [, doneId, rejectedId, invoiceId] = requestIds as [number, number, number, number];
  const superAdmin = ids.get('superadmin@demo.test')!;
  const sold = (sessions: number, rateCents: number) => quoteAmounts(rateCents, [sessions]);

  // Pending: the demo applicant's request, approved and waiting for signing and payment.
  const applicantRequest = await trx
    .selectFrom('quote_requests')
    .select('id')
    .where('user_id', '=', ids.get('applicant@demo.test')!)
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('quote_request_scenarios')
    .values({ quote_request_id: applicantRequest.id, scenario_id: scenario.scenario_id, scenario_count: 40, scenario_count_invoice: 40 })
    .execute();
  await trx
    .updateTable('quotes')
    .set({
      title: 'Ari Simulation Program',
      slug: 'ari-sim',
      session_rate_cents: 5_000,
      agreement_duration: 12,
      target_start_date: today,
      ...sold(40, 5_000),
      is_approved: true,
      approved_at: new Date(),
      decided_by: superAdmin,
    })
    .where('quote_request_id', '=', applicantRequest.id)
    .execute();

  // Completed: signed, paid and finalized into a small sim partner.
  const partner = await trx
    .insertInto('partners')
    .values({
      slug: 'riverbend',
      short_name: 'Riverbend',
      long_name: 'Riverbend Health',
      is_sim: true,
      seats: 20,
      used_seats: 0,
      start_date: today,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx.updateTable('quote_request_scenarios').set({ scenario_count_invoice: 20 }).where('quote_request_id', '=', doneId).execute();
  const at = new Date();
  await trx
    .insertInto('quotes')
    .values({
      quote_request_id: doneId,
      created_at: at,
      title: 'Riverbend Health',
      slug: 'riverbend',
      session_rate_cents: 4_500,
      agreement_duration: 6,
      target_start_date: today,
      ...sold(20, 4_500),
      is_approved: true,
      approved_at: at,
      decided_by: superAdmin,
      is_agreement_signed: true,
      agreement_signed_at: at,
      signer_first_name: 'Cory',
      signer_last_name: 'Compton',
      is_payment_made: true,
      payment_made_at: at,
      partner_id: partner.id,
      finalized_at: at,
    })
    .execute();

  // Rejected.
  await trx
    .insertInto('quotes')
    .values({ quote_request_id: rejectedId, created_at: at, is_rejected: true, rejected_at: at, decided_by: superAdmin })
    .execute();

  // Pending too: signed, with an invoice requested and not yet paid (Invoice Requests, Mark As Paid).
  await trx.updateTable('quote_request_scenarios').set({ scenario_count_invoice: 15 }).where('quote_request_id', '=', invoiceId).execute();
  const invoiced = await trx
    .insertInto('quotes')
    .values({
      quote_request_id: invoiceId,
      created_at: at,
      title: 'Northgate Nursing',
      slug: 'northgate',
      session_rate_cents: 6_000,
      agreement_duration: 12,
      target_start_date: today,
      ...sold(15, 6_000),
      is_approved: true,
      approved_at: at,
      decided_by: superAdmin,
      is_agreement_signed: true,
      agreement_signed_at: at,
      signer_user_id: requesterIds[3],
      signer_first_name: 'Ivy',
      signer_last_name: 'Ingram',
      agreement_path: null,
      invoice_requested_at: at,
    })
    .returning(['id', 'total_amount_cents'])
    .executeTakeFirstOrThrow();
  await trx
    .updateTable('quotes')
    .set({ agreement_path: `/api/agreement/pdf?agreement_id=${invoiced.id}` })
    .where('id', '=', invoiced.id)
    .execute();
  const invoice = await trx
    .insertInto('invoices')
    .values({
      quote_id: invoiced.id,
      number: `pending-${invoiced.id}`,
      amount_cents: invoiced.total_amount_cents,
      requested_by: requesterIds[3]!,
      requested_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .updateTable('invoices')
    .set({ number: `INV-${at.getUTCFullYear()}-${String(invoice.id).padStart(5, '0')}` })
    .where('id', '=', invoice.id)
    .execute();
}
