import { CLIENT_REQUEST_PAGE_SIZE, type ClientRequest, fullName, CLIENT_REQUEST_MESSAGES as M, ROLE } from '@simvisit/schema';
import { conflict, forbidden, notFound, unprocessable } from '../../http/errors';
import type { Actor } from '../../platform/actor';
import type { AuditService } from '../../platform/audit';
import { type ClientAdminRequestsRepository, pgCode } from './client-admin-requests.repository';

interface Deps {
  repo: ClientAdminRequestsRepository;
  audit: AuditService;
}

type Row = NonNullable<Awaited<ReturnType<ClientAdminRequestsRepository['byId']>>>;
const toRequest = (r: Row): ClientRequest => ({
  id: r.id,
  user: { id: r.user_id, name: fullName(r), email: r.email },
  created_at: new Date(r.created_at).toISOString(),
  is_sim: r.is_sim,
  approved_at: r.approved_at ? new Date(r.approved_at).toISOString() : null,
});

/**
 * Client admin requests (spec 002 §2.8, §4; docs/decisions/0058). Any signed-in user asks for themselves at the
 * partner they work at; the list, detail and approval are super admins' (the routes' access rule, AUTHZ-14).
 */
export function createClientAdminRequestsService(d: Deps) {
  async function mine(actor: Actor) {
    const latest = await d.repo.latestOf(actor.user.id);
    const pending = latest !== undefined && latest.approved_at === null;
    const already = actor.partnerId !== null && (await d.repo.hasRole(actor.user.id, ROLE.client_admin, actor.partnerId));
    return { can_request: actor.partnerId !== null && !pending && !already, request: latest ? toRequest(latest) : null };
  }

  return {
    mine,

    async ask(actor: Actor) {
      if (actor.partnerId === null) throw forbidden();
      const state = await mine(actor);
      if (state.request && state.request.approved_at === null) throw conflict(M.alreadyPending);
      if (!state.can_request) throw conflict(M.alreadyClientAdmin);
      const partner = await d.repo.partner(actor.partnerId);
      if (!partner) throw forbidden();
      let id: number;
      try {
        ({ id } = await d.repo.insert({ user_id: actor.user.id, partner_id: partner.id, is_sim: partner.is_sim }));
      } catch (error) {
        // a second click that raced the first: the one-pending index refused it
        if (pgCode(error) === '23505') throw conflict(M.alreadyPending);
        throw error;
      }
      await d.audit.record({
        action: 'client_admin_request.created',
        actor_user_id: actor.user.id,
        partner_id: actor.partnerId,
        target_type: 'client_admin_request',
        target_id: id,
      });
      return mine(actor);
    },

    async list(q: { email_string: string; page_start: number }) {
      const { rows, total } = await d.repo.pending(q.email_string.trim(), q.page_start, CLIENT_REQUEST_PAGE_SIZE);
      return { requests: rows.map(toRequest), total };
    },

    async detail(id: number) {
      const row = await d.repo.byId(id);
      if (!row) throw notFound(M.notFound);
      return { request: toRequest(row), partners: await d.repo.partnersOfBrand(row.is_sim) };
    },

    /** Grants client admin for the selected partners of the request's brand; a second approval is refused. */
    async approve(actor: Actor, req: { request_id: number; selected_partners: number[] }) {
      const row = await d.repo.byId(req.request_id);
      if (!row) throw notFound(M.notFound);
      if (row.approved_at !== null) throw conflict(M.alreadyApproved);
      const offered = new Set((await d.repo.partnersOfBrand(row.is_sim)).map((p) => p.id));
      const selected = [...new Set(req.selected_partners)];
      if (selected.some((id) => !offered.has(id))) {
        throw unprocessable(M.partnersInvalid, { selected_partners: [M.partnersInvalid] });
      }
      // The role at the partner where they asked (where they sign in) and at each partner they now administer.
      const rolePartnerIds = [...new Set([row.partner_id, ...selected])];
      const done = await d.repo.approve({
        id: row.id,
        userId: row.user_id,
        approverId: actor.user.id,
        rolePartnerIds,
        partnerIds: selected,
        roleId: ROLE.client_admin,
      });
      if (!done) throw conflict(M.alreadyApproved);
      await d.audit.record({
        action: 'client_admin_request.approved',
        actor_user_id: actor.user.id,
        partner_id: actor.partnerId,
        target_type: 'client_admin_request',
        target_id: row.id,
        details: { user_id: row.user_id, partners: selected },
      });
    },
  };
}
export type ClientAdminRequestsService = ReturnType<typeof createClientAdminRequestsService>;
