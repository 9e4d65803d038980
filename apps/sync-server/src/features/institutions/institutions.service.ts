import { INSTITUTION_MESSAGES, type Institution } from '@simvisit/schema';
import { conflict, notFound } from '../../http/errors';
import type { Actor } from '../../platform/actor';
import type { AuditService } from '../../platform/audit';
import type { InstitutionsRepository } from './institutions.repository';

interface Deps {
  repo: InstitutionsRepository;
  audit: AuditService;
}

/** Institutions (spec 002 §2.13): super admins only, checked by the routes' access rule (AUTHZ-14). */
export function createInstitutionsService(d: Deps) {
  async function list(): Promise<Institution[]> {
    const rows = await d.repo.list();
    const used = await d.repo.referenced(rows.map((r) => r.id));
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      royalty_rate: (r.royalty_rate ?? 0).toFixed(2),
      deletable: !used.has(r.id),
    }));
  }

  const audit = (actor: Actor, action: string, id: number, details?: Record<string, unknown>) =>
    d.audit.record({
      action,
      actor_user_id: actor.user.id,
      partner_id: actor.partnerId,
      target_type: 'institution',
      target_id: id,
      details: details ?? null,
    });

  return {
    list,

    async show(id: number): Promise<Institution> {
      const found = (await list()).find((i) => i.id === id);
      if (!found) throw notFound(INSTITUTION_MESSAGES.notFound);
      return found;
    },

    async create(actor: Actor, row: { name: string; royalty_rate: number }) {
      const { id } = await d.repo.insert({ name: row.name.trim(), royalty_rate: row.royalty_rate });
      await audit(actor, 'institution.created', id, { name: row.name.trim(), royalty_rate: row.royalty_rate });
      return list();
    },

    async update(actor: Actor, id: number, row: { name: string; royalty_rate: number }) {
      const done = await d.repo.update(id, { name: row.name.trim(), royalty_rate: row.royalty_rate });
      if (!done) throw notFound(INSTITUTION_MESSAGES.notFound);
      await audit(actor, 'institution.updated', id, { name: row.name.trim(), royalty_rate: row.royalty_rate });
      return list();
    },

    async delete(actor: Actor, id: number) {
      const found = await d.repo.byId(id);
      if (!found) throw notFound(INSTITUTION_MESSAGES.notFound);
      if ((await d.repo.referenced([id])).has(id)) throw conflict(INSTITUTION_MESSAGES.notDeletable);
      if (!(await d.repo.delete(id))) throw notFound(INSTITUTION_MESSAGES.notFound);
      await audit(actor, 'institution.deleted', id, { name: found.name });
      return list();
    },
  };
}
export type InstitutionsService = ReturnType<typeof createInstitutionsService>;
