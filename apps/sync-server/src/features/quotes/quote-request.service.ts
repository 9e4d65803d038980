import {
  QUOTE_REQUEST_MESSAGES as M,
  MSG,
  normalizePhone,
  QUOTE_MESSAGES,
  type QuoteRequestBody,
  type QuoteRequestResponse,
} from '@simvisit/schema';
import type { Config } from '../../config';
import type { UserRow } from '../../db/types';
import { fieldError, notFound, tooManyRequests } from '../../http/errors';
import type { AuditService } from '../../platform/audit';
import { clock } from '../../platform/clock';
import { mintEmailedLink } from '../../platform/emailed-links';
import type { MailService } from '../../platform/mail';
import { hashPassword } from '../../platform/passwords';
import type { RateLimitService } from '../../platform/rate-limit';
import { applicantConfirmationMail } from '../applying';
import type { PartnersService } from '../partners';
import type { UsersService } from '../users';
import type { NewQuoteRequest, QuoteRequestRepository } from './quote-request.repository';
import { pgCode } from './quotes.repository';

interface Deps {
  repo: QuoteRequestRepository;
  partners: PartnersService;
  users: UsersService;
  limits: RateLimitService;
  audit: AuditService;
  mail: MailService;
  config: Pick<Config, 'appUrl' | 'productName' | 'supportEmail'>;
}

export interface QuoteRequestMeta {
  ip: string;
  host?: string;
  requestId: string;
}

/**
 * The quote request (issue 19 item 1, decision 0073): at a sim partner, for scenarios published there. A signed-in
 * caller requests with their own account (the body's name and email are not used); anyone else gets an applicant
 * account confirmed by the same emailed link as applying for a role. Every check runs before any write.
 */
export function createQuoteRequestService(d: Deps) {
  const mailTo = (to: string, subject: string, lines: string[]) => d.mail.queue({ to, subject, text: lines.join('\n') });

  return {
    async request(body: QuoteRequestBody, caller: UserRow | null, meta: QuoteRequestMeta): Promise<QuoteRequestResponse> {
      // Counted like the contact form, refused requests too: per account when signed in (colleagues behind one
      // office address do not use up each other's requests), per address otherwise.
      const key = caller ? `quote-request:user:${caller.id}` : `quote-request:${meta.ip}`;
      const state = await d.limits.hit({ key, max: 5, windowSeconds: 600 });
      if (state.limited) throw tooManyRequests(MSG.tooManyRequests, state.retryAfter);

      const partner = await d.partners.bySlug(d.partners.requestSlug(meta.host, body.partner_slug));
      if (!partner?.is_sim) throw notFound(QUOTE_MESSAGES.unknownPartner);
      const usState = await d.repo.usState(body.state_id);
      if (!usState) throw fieldError('state_id', M.stateRequired);
      const published = await d.repo.publishedAmong(
        partner.id,
        body.scenarios.map((s) => s.scenario_id),
      );
      if (published.length !== body.scenarios.length) throw fieldError('scenarios', M.scenarioUnavailable);
      if (!caller && body.password === undefined) throw fieldError('password', M.passwordRequired);
      const email = (caller?.email ?? body.email).toLowerCase();
      if (!caller && (await d.users.byEmail(email))) {
        await d.audit.record({
          action: 'quote_request.email_taken',
          actor_user_id: null,
          partner_id: partner.id,
          ip: meta.ip,
          request_id: meta.requestId,
        });
        throw fieldError('email', M.emailTaken);
      }

      const now = clock.now();
      const request: NewQuoteRequest = {
        partnerId: partner.id,
        title: body.company_name,
        mobileNumber: normalizePhone(body.mobile_number) ?? body.mobile_number,
        jobTitle: body.job_title,
        companyName: body.company_name,
        address1: body.address_1,
        address2: body.address_2 || null,
        city: body.city,
        stateId: usState.id,
        zip: body.zip,
        scenarios: body.scenarios,
        now,
      };
      const person = caller ?? { first_name: body.first_name, last_name: body.last_name, email };
      let userId: number;
      let requestId: number;
      const link = caller ? null : mintEmailedLink('application_confirmation', now);
      if (caller) {
        userId = caller.id;
        requestId = await d.repo.createForUser(caller.id, request);
      } else {
        const passwordHash = await hashPassword(body.password!);
        try {
          ({ userId, requestId } = await d.repo.createWithAccount(
            { partnerId: partner.id, email, passwordHash, firstName: body.first_name, lastName: body.last_name, confirmation: link!, now },
            request,
          ));
        } catch (error) {
          // the same email sent twice at one moment: the second meets the unique index
          if (pgCode(error) === '23505') throw fieldError('email', M.emailTaken);
          throw error;
        }
      }
      await d.audit.record({
        action: 'quote_request.created',
        actor_user_id: userId,
        partner_id: partner.id,
        target_type: 'quote_request',
        target_id: requestId,
        ip: meta.ip,
        request_id: meta.requestId,
        details: { account_created: !caller, scenarios: body.scenarios.length },
      });

      const titles = new Map(published.map((s) => [String(s.id), s.title ?? String(s.id)]));
      const wanted = body.scenarios.map((s) => `- ${titles.get(s.scenario_id)}: ${s.scenario_count} session(s)`);
      await mailTo(d.config.supportEmail, `${d.config.productName}: New quote request from ${body.company_name}`, [
        `A quote request arrived at ${partner.long_name}.`,
        '',
        `From: ${person.first_name} ${person.last_name} <${person.email}>, ${body.job_title}`,
        `Company: ${body.company_name}, ${body.city}, ${usState.short_name ?? ''} ${body.zip}`,
        '',
        'Scenarios:',
        ...wanted,
        '',
        `Review it: ${d.config.appUrl}/management/quote/${requestId}`,
      ]);
      if (link) {
        // the confirmation thanks for the request too: one mail, not two, to a new address
        await d.mail.queue(applicantConfirmationMail(d.config, person, link.token, partner.slug, 'quote'));
      } else {
        await mailTo(person.email, `${d.config.productName}: We received your quote request`, [
          `Hello ${person.first_name},`,
          '',
          `Thank you for your quote request for ${body.company_name}. We will email you when your quote is ready.`,
          '',
          'You asked for:',
          ...wanted,
          '',
          `You can follow it on your dashboard: ${d.config.appUrl}/dashboard`,
        ]);
      }
      return {
        message: link ? M.sentConfirm(email) : M.sent,
        quote_request_id: requestId,
        account_created: link !== null,
      };
    },
  };
}
export type QuoteRequestService = ReturnType<typeof createQuoteRequestService>;
