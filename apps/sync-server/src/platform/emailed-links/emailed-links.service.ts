import type { Transaction } from 'kysely';
import type { DB } from '../../db/types';
import { HttpError, tooManyRequests } from '../../http/errors';
import { randomToken, sha256 } from '../../lib/crypto';
import type { RequestMeta } from '../actor';
import type { AuditService } from '../audit';
import { clock } from '../clock';
import type { RateLimitService } from '../rate-limit';
import type { EmailedLinksRepository, SpentLink } from './emailed-links.repository';
import { LINK_PURPOSES, type LinkPurpose, type ResendablePurpose } from './purposes';

/** A new link: the token goes into the mail and nowhere else; only its hash is stored. */
export interface MintedLink {
  purpose: LinkPurpose;
  token: string;
  tokenHash: string;
  expiresAt: Date;
  createdAt: Date;
}

/**
 * A fresh random token (256 bits from the CSPRNG) and its expiry, for a feature that stores the link in its
 * own transaction (`insertEmailedLink`); `issue` does both at once.
 */
export function mintEmailedLink(purpose: LinkPurpose, now: Date = clock.now()): MintedLink {
  const token = randomToken();
  return { purpose, token, tokenHash: sha256(token), expiresAt: new Date(now.getTime() + LINK_PURPOSES[purpose].ttlMs), createdAt: now };
}

/** What a resend confirms: the partner the new link is for and what the audit entry names. */
export interface ResendTarget {
  partnerId: number | null;
  target: { type: string; id: number };
}

export interface ResendRequest<T extends ResendTarget> {
  purpose: ResendablePurpose;
  subjectId: number;
  meta: RequestMeta & { actorUserId: number | null };
  /** what is still waiting for a link, if anything */
  find: () => Promise<T | undefined>;
  /** the 422's words when nothing waits */
  nothingLeft: string;
  /** mails the new link */
  send: (token: string, found: T) => Promise<void>;
}

interface Deps {
  repo: EmailedLinksRepository;
  limits: RateLimitService;
  audit: AuditService;
}

/**
 * Emailed links of every purpose (issue 18 item 3, docs/decisions/0064): issue, spend and resend, each under its
 * purpose's rate limit, resends audited. The token is random and single use; an unknown, spent, expired or
 * wrong-purpose link are one and the same answer (null) to the caller.
 */
export function createEmailedLinksService(d: Deps) {
  async function count(limit: { key: string; max: number; windowSeconds: number }, who: string | number, purpose: LinkPurpose) {
    const state = await d.limits.hit({ key: `${limit.key}:${who}`, max: limit.max, windowSeconds: limit.windowSeconds });
    if (state.limited) throw tooManyRequests(LINK_PURPOSES[purpose].throttled(state.retryAfter), state.retryAfter);
  }

  async function issue(purpose: LinkPurpose, subjectId: number, partnerId: number | null): Promise<MintedLink> {
    const minted = mintEmailedLink(purpose);
    await d.repo.insert({ ...minted, subjectId, partnerId });
    return minted;
  }

  return {
    issue,

    /**
     * Follows a link: counts the attempt against the address, then spends the link if it is live (with every
     * other unspent link of its subject) and runs `effect` in the same transaction. `subjectId` narrows the link
     * to one subject (a reset's email names its user); null means the caller knows none can match, and only the
     * attempt is counted. Answers the link and the effect's result, or null.
     */
    async spend<T = undefined>(
      purpose: LinkPurpose,
      token: string,
      opts: { ip: string; subjectId?: number | null },
      effect?: (trx: Transaction<DB>, link: SpentLink) => Promise<T>,
    ): Promise<{ link: SpentLink; result: T } | null> {
      await count(LINK_PURPOSES[purpose].spendLimit, opts.ip, purpose);
      if (opts.subjectId === null || token.length > 200) return null;
      const run = effect ?? (async () => undefined as T);
      return d.repo.spend(purpose, sha256(token), clock.now(), opts.subjectId, run);
    },

    /**
     * A new link for what still waits for one: counts the request against the subject first (refused attempts
     * count too), then `find`, then issues, mails and audits. Earlier links keep working until one is spent.
     */
    async resend<T extends ResendTarget>(r: ResendRequest<T>): Promise<void> {
      const rules = LINK_PURPOSES[r.purpose];
      await count(rules.resendLimit, r.subjectId, r.purpose);
      const found = await r.find();
      if (!found) throw new HttpError(422, r.nothingLeft);
      const link = await issue(r.purpose, r.subjectId, found.partnerId);
      await r.send(link.token, found);
      await d.audit.record({
        action: rules.resentAction,
        actor_user_id: r.meta.actorUserId,
        partner_id: found.partnerId,
        target_type: found.target.type,
        target_id: found.target.id,
        ip: r.meta.ip,
        request_id: r.meta.requestId,
        details: { purpose: r.purpose },
      });
    },

    /** The subject's newest link of this purpose never spent, expired or not: whether something waits for it. */
    newestUnspent: (purpose: LinkPurpose, subjectId: number) => d.repo.newestUnspent(purpose, subjectId),
  };
}
export type EmailedLinksService = ReturnType<typeof createEmailedLinksService>;
