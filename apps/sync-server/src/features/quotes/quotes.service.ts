import {
  centsToAmount,
  fullName,
  QUOTE_MESSAGES as M,
  QUOTE_PAGE_SIZE,
  QUOTE_RELOAD_MS,
  QUOTE_SESSIONS_MAX,
  type QuoteDetail,
  type QuoteForm,
  type QuoteListResponse,
  type QuoteSaveParsed,
  type QuoteTab,
  quoteAmounts,
  RESERVED_SUBDOMAINS,
} from '@simvisit/schema';
import type { Config } from '../../config';
import { conflict, fieldError, notFound, unprocessable } from '../../http/errors';
import type { Actor } from '../../platform/actor';
import type { AuditService } from '../../platform/audit';
import { clock } from '../../platform/clock';
import type { MailService } from '../../platform/mail';
import type { PartnersService } from '../partners';
import { pgCode, type QuotesRepository } from './quotes.repository';

interface Deps {
  repo: QuotesRepository;
  partners: PartnersService;
  audit: AuditService;
  mail: MailService;
  config: Pick<Config, 'appUrl' | 'productName'>;
}

type QuoteRow = NonNullable<Awaited<ReturnType<QuotesRepository['quoteOf']>>>;
const iso = (t: unknown) => (t ? new Date(t as string).toISOString() : null);
const dateOnly = (d: unknown) => (d ? (typeof d === 'string' ? d.slice(0, 10) : new Date(d as Date).toISOString().slice(0, 10)) : null);
const todayUtc = () => clock.now().toISOString().slice(0, 10);

function statusOf(q: { is_rejected: boolean | null; is_approved: boolean | null; finalized_at: unknown } | null): string {
  if (q?.is_rejected) return 'Rejected';
  if (q?.finalized_at) return 'Completed';
  if (q?.is_approved) return 'Pending';
  return 'To Do';
}

/**
 * Quote management (spec 002 §2.18, §4; decision 0070). Only super admins reach it (the contracts' access rule).
 * A quote is editable until it is approved or rejected; the decision happens under a row lock so two tabs (or a
 * double click) cannot both decide, and the amounts are always the server's own.
 */
export function createQuotesService(d: Deps) {
  async function pendingPartner(q: QuoteRow | undefined) {
    if (!q) return null;
    return {
      id: q.id,
      title: q.title,
      slug: q.slug,
      session_rate: centsToAmount(q.session_rate_cents),
      number_of_sessions: q.number_of_sessions,
      agreement_duration: q.agreement_duration,
      target_start_date: dateOnly(q.target_start_date),
      payment_amount: centsToAmount(q.payment_amount_cents),
      processing_fee: centsToAmount(q.processing_fee_cents),
      total_amount: centsToAmount(q.total_amount_cents),
      is_approved: q.is_approved,
      is_rejected: q.is_rejected,
      approved_at: iso(q.approved_at),
      rejected_at: iso(q.rejected_at),
    };
  }

  /** Checks the body against the request and the server's own figures; returns the row to write. */
  async function checked(body: QuoteSaveParsed) {
    const request = await d.repo.request(body.request_id);
    if (!request) throw notFound(M.notFound);
    if (body.target_start_date < todayUtc()) throw fieldError('target_start_date', M.startDatePast);
    if ((await d.repo.partnerSlugTaken(body.subdomain)) || (await d.repo.openQuoteSlugTaken(body.subdomain, request.id)))
      throw fieldError('subdomain', M.subdomainTaken);
    const selected = await d.repo.selectedScenarios(request.id);
    const sold = new Map(selected.map((s) => [s.scenario_id, s.scenario_count_invoice]));
    for (const s of body.scenarios) {
      if (!sold.has(s.scenario_id)) throw fieldError('scenarios', M.scenarioUnknown);
      sold.set(s.scenario_id, s.scenario_count_invoice);
    }
    const sessions = [...sold.values()];
    if (sessions.reduce((sum, n) => sum + n, 0) > QUOTE_SESSIONS_MAX) throw fieldError('scenarios', M.sessionsMax);
    const amounts = quoteAmounts(body.session_rate, sessions);
    const differs =
      amounts.payment_amount_cents !== body.payment_amount ||
      amounts.processing_fee_cents !== body.processing_fee ||
      amounts.total_amount_cents !== body.total_amount ||
      amounts.number_of_sessions !== body.number_of_sessions;
    if (differs) throw unprocessable(M.amountsDiffer, { total_amount: [M.amountsDiffer] });
    return {
      request,
      sold,
      write: {
        title: body.title,
        slug: body.subdomain,
        session_rate_cents: body.session_rate,
        agreement_duration: body.agreement_duration,
        target_start_date: body.target_start_date,
        ...amounts,
      },
    };
  }

  /** Writes the quote in one transaction; `approve` also decides it. Returns the quote id. */
  async function store(actor: Actor, body: QuoteSaveParsed, approve: boolean) {
    const { request, sold, write } = await checked(body);
    try {
      const id = await d.repo.transaction(async (trx) => {
        const locked = await d.repo.lockQuote(trx, request.id);
        if (locked.is_approved || locked.is_rejected) throw conflict(M.decided);
        const quoteId = locked.id;
        await d.repo.update(trx, quoteId, write);
        for (const [scenarioId, n] of sold) await d.repo.setSold(trx, request.id, scenarioId, n);
        if (approve) await d.repo.approve(trx, quoteId, actor.user.id, clock.now());
        return quoteId;
      });
      await d.audit.record({
        action: approve ? 'quote.approved' : 'quote.saved',
        actor_user_id: actor.user.id,
        partner_id: request.partner_id,
        target_type: 'quote',
        target_id: id,
      });
      return { id, request };
    } catch (error) {
      // two open quotes racing for one subdomain: the quotes_open_slug index refused the second
      if (pgCode(error) === '23505') throw fieldError('subdomain', M.subdomainTaken);
      throw error;
    }
  }

  return {
    async form(host: string | undefined, slug: string | undefined): Promise<QuoteForm> {
      const partner = await d.partners.bySlug(d.partners.requestSlug(host, slug));
      // quotes are requested at a sim partner only, as the request itself checks (decision 0073)
      if (!partner?.is_sim) throw notFound(M.unknownPartner);
      const [scenarios, states] = await Promise.all([d.repo.publishedScenarios(partner.id), d.repo.usStates()]);
      return {
        partner: { id: partner.id, slug: partner.slug, long_name: partner.long_name },
        scenarios: scenarios.map((s) => ({ id: String(s.id), title: s.title ?? String(s.id) })),
        states,
      };
    },

    async list(query: { type: QuoteTab; email_string: string; page: number }): Promise<QuoteListResponse> {
      const email = query.email_string;
      const [todo, pending, completed, rejected] = await Promise.all([
        d.repo.count('todo', email),
        d.repo.count('pending', email),
        d.repo.count('completed', email),
        d.repo.count('rejected', email),
      ]);
      const { rows, total } = await d.repo.page(query.type, email, (query.page - 1) * QUOTE_PAGE_SIZE, QUOTE_PAGE_SIZE);
      const data = rows.map((r) => ({
        id: r.id,
        created_at: new Date(r.created_at).toISOString(),
        name: fullName(r),
        email: r.email,
        company_name: r.company_name,
        status: statusOf(r.is_approved === null ? null : r),
      }));
      return { todo, pending, completed, rejected, quotes: { data, total, page: query.page, per_page: QUOTE_PAGE_SIZE } };
    },

    async detail(requestId: number): Promise<QuoteDetail> {
      const r = await d.repo.request(requestId);
      if (!r) throw notFound(M.notFound);
      const [selected, scenarios, quote] = await Promise.all([
        d.repo.selectedScenarios(r.id),
        d.repo.publishedAt(r.partner_id),
        d.repo.quoteOf(r.id),
      ]);
      return {
        quote: {
          id: r.id,
          created_at: new Date(r.created_at).toISOString(),
          user: {
            user_id: r.user_id,
            name: fullName(r),
            email: r.email,
            mobile_number: r.mobile_number,
            job_title: r.job_title,
            company_name: r.company_name,
            address_1: r.address_1,
            address_2: r.address_2,
            city: r.city,
            state: r.state_short_name ? { short_name: r.state_short_name } : null,
            zip: r.zip,
          },
        },
        selected_scenarios: selected.map((s) => ({ ...s, title: s.title ?? s.scenario_id })),
        scenarios: scenarios.map((s) => ({ id: s.id, title: s.title ?? s.id })),
        pending_partner: await pendingPartner(quote),
        settings: { today: todayUtc(), reload_ms: QUOTE_RELOAD_MS, reserved_subdomains: [...RESERVED_SUBDOMAINS] },
      };
    },

    async save(actor: Actor, body: QuoteSaveParsed) {
      await store(actor, body, false);
    },

    async approve(actor: Actor, body: QuoteSaveParsed) {
      const { id, request } = await store(actor, body, true);
      await d.mail.queue({
        to: request.email,
        subject: `${d.config.productName}: Your quote is ready to sign`,
        text: [
          `Hello ${request.first_name},`,
          '',
          `Your quote "${body.title}" has been approved. Please sign in to review and sign the agreement and make the payment:`,
          '',
          `${d.config.appUrl}/agreement/${id}`,
        ].join('\n'),
      });
    },

    async reject(actor: Actor, requestId: number) {
      const request = await d.repo.request(requestId);
      if (!request) throw notFound(M.notFound);
      const id = await d.repo.transaction(async (trx) => {
        const locked = await d.repo.lockQuote(trx, request.id);
        if (locked.is_approved || locked.is_rejected) throw conflict(M.decided);
        await d.repo.reject(trx, locked.id, actor.user.id, clock.now());
        return locked.id;
      });
      await d.audit.record({
        action: 'quote.rejected',
        actor_user_id: actor.user.id,
        partner_id: request.partner_id,
        target_type: 'quote',
        target_id: id,
      });
      await d.mail.queue({
        to: request.email,
        subject: `${d.config.productName}: Your quote request`,
        text: [
          `Hello ${request.first_name},`,
          '',
          'Thank you for your interest. We are unable to offer a quote for your request at this time.',
          `You can see its status on your dashboard: ${d.config.appUrl}/dashboard`,
        ].join('\n'),
      });
    },
  };
}
export type QuotesService = ReturnType<typeof createQuotesService>;
