import {
  type Agreement,
  type AgreementPaymentRequest,
  type AgreementResponse,
  type AgreementState,
  centsToAmount,
  generateBrandPassword,
  AGREEMENT_MESSAGES as M,
  type SignAgreementRequest,
} from '@simvisit/schema';
import type { Transaction } from 'kysely';
import type { Config } from '../../config';
import type { DB } from '../../db/types';
import { conflict, fieldError, notFound } from '../../http/errors';
import type { Actor, RequestMeta } from '../../platform/actor';
import type { AuditService } from '../../platform/audit';
import { clock } from '../../platform/clock';
import type { MailService } from '../../platform/mail';
import { renderPdf, sha256Hex } from '../../platform/pdf';
import type { PaymentsService } from '../payments';
import { addMonths, agreementDocument } from './agreement-documents';
import type { AgreementRow, AgreementsRepository } from './agreements.repository';

export interface AgreementsDeps {
  repo: AgreementsRepository;
  payments: PaymentsService;
  audit: AuditService;
  mail: MailService;
  config: Pick<Config, 'appUrl' | 'productName'>;
}

const iso = (t: unknown) => (t ? new Date(t as string).toISOString() : null);
const day = (d: unknown) => (d ? new Date(d as string).toISOString().slice(0, 10) : null);

export function stateOf(a: Pick<AgreementRow, 'is_rejected' | 'finalized_at' | 'is_agreement_signed'>): AgreementState {
  if (a.is_rejected) return 'rejected';
  if (a.finalized_at) return 'finalized';
  return a.is_agreement_signed ? 'signed' : 'unsigned';
}

/** A quote rejected before it was built has no brand title yet: the company's name stands in for it. */
const titleOf = (a: Pick<AgreementRow, 'id' | 'title' | 'company_name'>) =>
  a.title || (a.company_name ? `Quote for ${a.company_name}` : `Agreement ${a.id}`);

/** The agreement's answer shape (spec 002 §3 'Agreement'); amounts as cents and 'd.dd'. */
function toAgreement(a: AgreementRow): Agreement {
  return {
    id: a.id,
    title: titleOf(a),
    slug: a.slug ?? '',
    state: stateOf(a),
    agreement_path: a.is_agreement_signed ? `/api/agreement/pdf?agreement_id=${a.id}` : null,
    is_agreement_signed: a.is_agreement_signed,
    agreement_signed_at: iso(a.agreement_signed_at),
    signer_name: a.is_agreement_signed ? `${a.signer_first_name ?? ''} ${a.signer_last_name ?? ''}`.trim() : null,
    is_payment_made: a.is_payment_made,
    payment_made_at: iso(a.payment_made_at),
    is_rejected: a.is_rejected,
    invoice_requested: a.invoice_requested_at !== null,
    invoice_id: a.invoice_id ?? null,
    number_of_sessions: a.number_of_sessions,
    session_rate: centsToAmount(a.session_rate_cents),
    agreement_duration: a.agreement_duration ?? 0,
    payment_amount: centsToAmount(a.payment_amount_cents),
    processing_fee: centsToAmount(a.processing_fee_cents),
    total_amount: centsToAmount(a.total_amount_cents),
    total_amount_cents: a.total_amount_cents,
    partner_id: a.partner_id,
    company_name: a.company_name,
    settings: { start_date: day(a.target_start_date) },
  };
}

/**
 * Agreements (issue 19, decisions 0071 and 0072): an approved (or rejected) quote seen by its requester or a super
 * admin only, anyone else gets 404 (AUTHZ-11). Every change of state happens under the quote's row lock, and
 * finalizing (the partner's creation) happens once, whoever reports the payment first.
 */
export function createAgreementsService(d: AgreementsDeps) {
  const { repo } = d;

  async function reachable(actor: Actor, id: number): Promise<AgreementRow> {
    const a = await repo.agreement(id);
    const decided = a && (a.is_approved || a.is_rejected);
    if (!a || !decided || (!actor.user.super_admin && a.requester_id !== actor.user.id)) throw notFound(M.agreementNotFound);
    return a;
  }

  async function pdfOf(a: AgreementRow, signed: boolean) {
    const scenarios = await repo.scenarios(a.id);
    return renderPdf(agreementDocument({ productName: d.config.productName, agreement: a, scenarios, signed }));
  }

  async function answer(actor: Actor, id: number): Promise<AgreementResponse> {
    const a = await reachable(actor, id);
    const [scenarios, states] = await Promise.all([repo.scenarios(a.id), repo.usStates()]);
    return {
      agreement: toAgreement(a),
      // the brand passcode: only once finalized, and reachable() already limited who gets here (PWD-06)
      password: a.finalized_at ? (a.partner_password ?? null) : null,
      scenarios: scenarios.map((s) => ({ id: s.scenario_id, title: s.title ?? s.scenario_id, sessions: s.scenario_count_invoice })),
      states: states.map((s) => ({ id: s.id, short_name: s.short_name ?? s.title })),
      payment: d.payments.providerInfo(),
    };
  }

  function mailRequester(a: AgreementRow, subject: string, lines: string[]) {
    return d.mail.queue({
      to: a.email,
      subject: `${d.config.productName}: ${subject}`,
      text: [`Hello ${a.first_name},`, '', ...lines, '', `${d.config.appUrl}/agreement/${a.id}`].join('\n'),
    });
  }

  /** A free subdomain for the new partner: the quote's, else the quote's with its id (decision 0071). */
  async function partnerSlug(trx: Transaction<DB>, slug: string, id: number) {
    if (!(await repo.slugTaken(trx, slug))) return slug;
    return `${slug.slice(0, 40).replace(/-+$/, '')}-${id}`;
  }

  return {
    reachable,
    answer,
    mailRequester,
    async list(actor: Actor) {
      const rows = await repo.list(actor.user.super_admin ? null : actor.user.id);
      return { agreements: rows.map((a) => ({ id: a.id, title: titleOf(a), state: stateOf(a) })) };
    },

    show: answer,

    /** The PDF: the signed copy once signed, else the terms to sign (the same bytes the signature's hash is of). */
    async pdf(actor: Actor, id: number) {
      const a = await reachable(actor, id);
      return { bytes: await pdfOf(a, a.is_agreement_signed), filename: `agreement-${a.id}.pdf` };
    },

    async sign(actor: Actor, meta: RequestMeta & { userAgent: string }, body: SignAgreementRequest) {
      const before = await reachable(actor, body.agreement_id);
      let billing: string | null = null;
      if (body.billing_address) {
        const state = await repo.stateShortName(body.billing_address.state);
        if (!state) throw fieldError('billing_address.state', M.billingStateRequired);
        billing = JSON.stringify({ ...body.billing_address, state_short_name: state });
      }
      // The hash is of the exact bytes the signer was shown: the unsigned terms, rendered from the decided quote.
      const sha256 = sha256Hex(await pdfOf(before, false));
      const at = clock.now();
      await repo.transaction(async (trx) => {
        const q = await repo.lock(trx, before.id);
        if (!q) throw notFound(M.agreementNotFound);
        if (q.is_rejected) throw conflict(M.rejected);
        if (q.is_agreement_signed) throw conflict(M.alreadySigned);
        await repo.sign(trx, q.id, {
          userId: actor.user.id,
          firstName: body.first_name,
          lastName: body.last_name,
          ip: meta.ip,
          userAgent: meta.userAgent.slice(0, 1000),
          sha256,
          path: `/api/agreement/pdf?agreement_id=${q.id}`,
          billing,
          at,
        });
      });
      await d.audit.record({
        action: 'agreement.signed',
        actor_user_id: actor.user.id,
        ip: meta.ip,
        request_id: meta.requestId,
        target_type: 'quote',
        target_id: before.id,
        details: { pdf_sha256: sha256, billing_contact: billing !== null },
      });
      await mailRequester(before, 'Agreement signed', [
        `The agreement "${before.title ?? ''}" was signed by ${body.first_name} ${body.last_name} on ${at.toISOString()}.`,
        'You can now pay by card or request an invoice:',
      ]);
      return answer(actor, before.id);
    },

    async pay(actor: Actor, body: AgreementPaymentRequest) {
      const a = await reachable(actor, body.agreement_id);
      if (a.is_rejected) throw conflict(M.rejected);
      if (!a.is_agreement_signed) throw conflict(M.notSigned);
      if (a.is_payment_made || a.finalized_at) throw conflict(M.alreadyPaid);
      const result = await d.payments.payQuote(actor, {
        quoteId: a.id,
        paymentCents: a.payment_amount_cents,
        processingFeeCents: a.processing_fee_cents,
        totalCents: a.total_amount_cents,
        nameOnCard: body.name_on_card,
        paymentMethod: body.stripe_token,
        idempotencyKey: body.idempotency_key,
        description: `Agreement ${a.id}: ${a.title ?? ''}`,
      });
      const after = await repo.agreement(a.id);
      return {
        message: result.status === 'succeeded' ? M.paymentSubmitted : result.message,
        status: result.status,
        payment_id: result.payment_id,
        ...(result.client_secret ? { client_secret: result.client_secret } : {}),
        ...(result.next_action ? { next_action: result.next_action } : {}),
        pending_partner: { id: a.id, partner_id: after?.partner_id ?? null, slug: after?.partner_slug ?? a.slug ?? '' },
        password: after?.finalized_at ? (after.partner_password ?? null) : null,
      };
    },

    /**
     * Finalizing in the caller's transaction (a card payment's record, an invoice marked as paid): under the
     * quote's row lock, once (a second caller finds finalized_at set and does nothing). Answers what to do after
     * the commit (the receipt mail and the audit entry), or null when there was nothing to do.
     */
    async finalizeIn(trx: Transaction<DB>, id: number): Promise<(() => Promise<void>) | null> {
      const q = await repo.lock(trx, id);
      if (!q || q.finalized_at || q.is_rejected || !q.is_agreement_signed) return null;
      const request = await repo.agreement(id, trx);
      if (!request) return null;
      const at = clock.now();
      const title = q.title ?? q.slug ?? `Agreement ${q.id}`;
      const start = q.target_start_date ? day(q.target_start_date) : null;
      const password = generateBrandPassword();
      const slug = await partnerSlug(trx, q.slug ?? `agreement-${q.id}`, q.id);
      const partnerId = await repo.finalize(
        trx,
        { id: q.id, quote_request_id: q.quote_request_id, requester_id: request.requester_id },
        {
          slug,
          long_name: title,
          short_name: title.slice(0, 60),
          seats: q.number_of_sessions,
          start_date: start,
          end_date: start && q.agreement_duration ? addMonths(start, q.agreement_duration) : null,
          password,
        },
        at,
      );
      return async () => {
        await d.audit.record({
          action: 'agreement.finalized',
          actor_user_id: null,
          partner_id: partnerId,
          target_type: 'quote',
          target_id: q.id,
          details: { partner_id: partnerId, slug, seats: q.number_of_sessions, total_amount_cents: q.total_amount_cents },
        });
        await mailRequester(request, 'Payment received', [
          `Thank you: we received the payment of $${centsToAmount(q.total_amount_cents)} for "${title}".`,
          `Your brand is ready with ${q.number_of_sessions} seats. You are its client admin.`,
          `Sign-in page for your learners: ${d.config.appUrl}/login?partner_slug=${encodeURIComponent(slug)}`,
          `Your public landing page: ${d.config.appUrl}/p/${encodeURIComponent(slug)}`,
          `The passcode your learners enter is: ${password}`,
          'Your receipt and the signed agreement:',
        ]);
      };
    },
  };
}
export type AgreementsService = ReturnType<typeof createAgreementsService>;
