import {
  bySessionUsage,
  historyStartDay,
  isAtWarning,
  SESSION_COUNTER_MESSAGES as M,
  ROLE,
  SESSION_COUNTER_PARTNER_ID,
  type SeatUsageDay,
  type SessionCounterClientAdmin,
  type SessionCounterResponse,
  usagePercent,
} from '@simvisit/schema';
import { forbidden } from '../../http/errors';
import type { Actor } from '../../platform/actor';
import { clock } from '../../platform/clock';
import type { PartnerCapacityService } from '../partner-capacity';
import type { UsersService } from '../users';
import type { SessionCounterRepository } from './session-counter.repository';

interface Deps {
  repo: SessionCounterRepository;
  users: UsersService;
  /** partner-capacity's read of seat totals and used seats (never derived again here) */
  seatUsage: PartnerCapacityService['seatUsage'];
}

/** Which rows a caller gets: every partner (admin view) or the partners they administer (client admin view). */
type View = { kind: 'admin' } | { kind: 'client_admin'; partnerIds: number[] };

/**
 * The session counter (spec 000 §2.9; docs/decisions/0076). Super admins, and admins signed in at partner 28, see
 * every partner with seats; a client admin at partner 28 sees only the partners they administer, whatever
 * `is_client_admin` says (AUTHZ-12): the flag only lets someone who is both choose the client admin view. Anyone
 * else, or anyone at another partner, gets 403: the card exists at partner 28 only.
 */
export function createSessionCounterService(d: Deps) {
  async function viewOf(actor: Actor, wantsClientAdmin: boolean): Promise<View> {
    const grants = await d.users.grants(actor.user.id);
    const atBrand = actor.partnerId === SESSION_COUNTER_PARTNER_ID;
    const holds = (roleId: number) =>
      atBrand && grants.some((g) => g.is_approved && g.partner_id === SESSION_COUNTER_PARTNER_ID && g.role_id === roleId);
    const admin = actor.user.super_admin || holds(ROLE.admin);
    const clientAdmin = holds(ROLE.client_admin);
    if (clientAdmin && (!admin || wantsClientAdmin))
      return { kind: 'client_admin', partnerIds: await d.repo.administeredBy(actor.user.id) };
    if (admin) return { kind: 'admin' };
    throw atBrand ? forbidden() : forbidden(M.notSessionCounterPartner);
  }

  return {
    /** POST api/reports/session-counter */
    async show(actor: Actor, q: { is_client_admin: boolean }): Promise<SessionCounterResponse> {
      const view = await viewOf(actor, q.is_client_admin);
      const seats = await d.seatUsage(view.kind === 'admin' ? null : view.partnerIds);
      const rows = seats.map((p) => ({ ...p, usage: usagePercent(p.used_seats, p.seats) }));
      // The mail modal is for the admin view and rows at the warning only: no other addresses leave the server.
      const mailed = view.kind === 'admin' ? rows.filter((r) => isAtWarning(r.usage)).map((r) => r.id) : [];
      const admins = new Map<number, SessionCounterClientAdmin[]>();
      for (const a of await d.repo.clientAdminsOf(mailed)) {
        const list = admins.get(a.partner_id) ?? [];
        list.push({ first_name: a.first_name, last_name: a.last_name, email: a.email });
        admins.set(a.partner_id, list);
      }
      const history = new Map<number, SeatUsageDay[]>();
      const readings = await d.repo.historyOf(
        rows.map((r) => r.id),
        historyStartDay(clock.now()),
      );
      for (const h of readings) {
        const list = history.get(h.partner_id) ?? [];
        list.push({
          day: h.day,
          usage: usagePercent(h.used_seats, h.seats),
          used_seats: h.used_seats,
          held_seats: h.held_seats,
          seats: h.seats,
        });
        history.set(h.partner_id, list);
      }
      const partners = rows.map((r) => ({
        id: r.id,
        long_name: r.long_name,
        short_name: r.short_name,
        slug: r.slug,
        usage: r.usage,
        used_seats: r.used_seats,
        held_seats: r.held_seats,
        seats: r.seats,
        client_admins: admins.get(r.id) ?? [],
        history: history.get(r.id) ?? [],
      }));
      return { partners: partners.sort(bySessionUsage) };
    },

    /** The timed job (issue 20 item 6): reads every partner's seats for `now`'s UTC day. Answers how many. */
    recordUsage(now: Date): Promise<number> {
      return d.repo.recordDay(now.toISOString().slice(0, 10));
    },
  };
}
export type SessionCounterService = ReturnType<typeof createSessionCounterService>;
