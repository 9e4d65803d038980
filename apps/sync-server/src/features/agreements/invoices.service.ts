import { AGREEMENT_MESSAGES as AM, centsToAmount, type Invoice, INVOICE_MESSAGES as M } from '@simvisit/schema';
import type { Config } from '../../config';
import { conflict, notFound } from '../../http/errors';
import type { Actor } from '../../platform/actor';
import type { AuditService } from '../../platform/audit';
import { clock } from '../../platform/clock';
import type { MailService } from '../../platform/mail';
import { renderPdf } from '../../platform/pdf';
import { invoiceDocument } from './agreement-documents';
import type { AgreementsRepository, InvoiceJoinedRow } from './agreements.repository';
import type { AgreementsService } from './agreements.service';

export interface InvoicesDeps {
  repo: AgreementsRepository;
  agreements: AgreementsService;
  audit: AuditService;
  mail: MailService;
  config: Pick<Config, 'appUrl' | 'productName'>;
}

const iso = (t: unknown) => (t ? new Date(t as string).toISOString() : null);

function toInvoice(i: InvoiceJoinedRow): Invoice {
  return {
    id: i.id,
    number: i.number,
    agreement_id: i.quote_id,
    title: i.title ?? '',
    invoice_requested_at: new Date(i.requested_at).toISOString(),
    is_payment_made: i.paid_at !== null || i.is_payment_made,
    payment_made_at: iso(i.paid_at) ?? iso(i.payment_made_at),
    payment_amount: centsToAmount(i.amount_cents),
    payment_amount_cents: i.amount_cents,
    user: {
      first_name: i.first_name,
      last_name: i.last_name,
      job_title: i.job_title,
      company_name: i.company_name,
      email: i.email,
      address_1: i.address_1,
      address_2: i.address_2,
      city: i.city,
      state: i.state_short_name ? { short_name: i.state_short_name } : null,
      zip: i.zip,
    },
  };
}

/**
 * Invoices (issue 19, decision 0072): requested by the agreement's requester once signed and unpaid, one per
 * agreement with a unique number; administered by super admins; Mark As Paid finalizes the agreement and a
 * second call changes nothing (AUTHZ-11).
 */
export function createInvoicesService(d: InvoicesDeps) {
  const { repo } = d;
  const pdfOf = async (inv: InvoiceJoinedRow) => renderPdf(invoiceDocument(d.config.productName, inv));

  async function mailInvoice(inv: InvoiceJoinedRow) {
    const billing = inv.billing_contact as { name?: string; email?: string } | null;
    const to = billing?.email ?? inv.email;
    const name = billing?.name ?? `${inv.first_name} ${inv.last_name}`;
    await d.mail.queue({
      to,
      subject: `${d.config.productName}: Invoice ${inv.number}`,
      text: [
        `Hello ${name},`,
        '',
        `Please find attached invoice ${inv.number} of $${centsToAmount(inv.amount_cents)} for "${inv.title ?? ''}".`,
        `It can also be read at ${d.config.appUrl}/agreement/${inv.quote_id}.`,
      ].join('\n'),
      attachments: [
        {
          filename: `${inv.number}.pdf`,
          contentType: 'application/pdf',
          content: Buffer.from(await pdfOf(inv)).toString('base64'),
          encoding: 'base64',
        },
      ],
    });
  }

  return {
    /** POST api/agreement/request-invoice: signed, unpaid, no invoice yet. */
    async request(actor: Actor, agreementId: number) {
      const a = await d.agreements.reachable(actor, agreementId);
      const at = clock.now();
      const invoiceId = await repo.transaction(async (trx) => {
        const q = await repo.lock(trx, a.id);
        if (!q) throw notFound(AM.agreementNotFound);
        if (q.is_rejected) throw conflict(AM.rejected);
        if (!q.is_agreement_signed) throw conflict(AM.notSigned);
        if (q.is_payment_made || q.finalized_at) throw conflict(AM.alreadyPaid);
        if (q.invoice_requested_at) throw conflict(AM.invoiceAlreadyRequested);
        return repo.createInvoice(trx, q.id, q.total_amount_cents, actor.user.id, at);
      });
      const inv = (await repo.invoice(invoiceId))!;
      await d.audit.record({
        action: 'invoice.requested',
        actor_user_id: actor.user.id,
        target_type: 'invoice',
        target_id: invoiceId,
        details: { quote_id: a.id, number: inv.number, amount_cents: inv.amount_cents },
      });
      await mailInvoice(inv);
      for (const to of await repo.superAdminEmails()) {
        await d.mail.queue({
          to,
          subject: `${d.config.productName}: Invoice requested (${inv.number})`,
          text: [
            `${inv.first_name} ${inv.last_name} of ${inv.company_name ?? 'a company'} requested invoice ${inv.number} of $${centsToAmount(inv.amount_cents)} for "${inv.title ?? ''}".`,
            'Mark it as paid once the payment arrives:',
            '',
            `${d.config.appUrl}/management/invoice/${inv.id}`,
          ].join('\n'),
        });
      }
      return d.agreements.answer(actor, a.id);
    },

    async list() {
      return { invoices: (await repo.invoices()).map(toInvoice) };
    },

    async show(id: number) {
      const inv = await repo.invoice(id);
      if (!inv) throw notFound(M.invoiceNotFound);
      return { invoice: toInvoice(inv) };
    },

    /** The invoice PDF: super admins, and the requester of its agreement; anyone else gets 404. */
    async pdf(actor: Actor, id: number) {
      const inv = await repo.invoice(id);
      if (!inv || (!actor.user.super_admin && inv.requester_id !== actor.user.id)) throw notFound(M.invoiceNotFound);
      return { bytes: await pdfOf(inv), filename: `${inv.number}.pdf` };
    },

    /** Irreversible and idempotent: a second call finds paid_at set, changes nothing and answers the same. */
    async markAsPaid(actor: Actor, id: number) {
      const at = clock.now();
      const found = await repo.invoice(id);
      if (!found) throw notFound(M.invoiceNotFound);
      const done = await repo.transaction(async (trx) => {
        // the quote first, as every other change of an agreement does: no lock-order deadlock with a card payment
        await repo.lock(trx, found.quote_id);
        const inv = await repo.lockInvoice(trx, id);
        if (!inv) throw notFound(M.invoiceNotFound);
        if (inv.paid_at) return null;
        await repo.markInvoicePaid(trx, id, actor.user.id, at);
        return { after: await d.agreements.finalizeIn(trx, inv.quote_id), quoteId: inv.quote_id };
      });
      if (done) {
        await d.audit.record({
          action: 'invoice.marked_paid',
          actor_user_id: actor.user.id,
          target_type: 'invoice',
          target_id: id,
          details: { quote_id: done.quoteId },
        });
        await done.after?.();
      }
      return { message: M.markedPaid, invoice: toInvoice((await repo.invoice(id))!) };
    },
  };
}
export type InvoicesService = ReturnType<typeof createInvoicesService>;
