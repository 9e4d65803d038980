import { institutionsApi as api, INSTITUTION_MESSAGES } from '@simvisit/schema';
import { actorOf } from '../../http/actor';
import { type AnyRoute, implement } from '../../http/route';

/** Institutions (contracts in packages/schema/src/api/institutions.ts). */
export const institutionsRoutes: AnyRoute[] = [
  implement(api.list, async ({ c }) => ({ institutions: await c.var.services.institutions.list() })),
  implement(api.show, async ({ c, params }) => ({ institution: await c.var.services.institutions.show(params.id) })),
  implement(api.create, async ({ c, body }) => ({
    message: INSTITUTION_MESSAGES.created,
    institutions: await c.var.services.institutions.create(await actorOf(c), body),
  })),
  implement(api.update, async ({ c, params, body }) => ({
    message: INSTITUTION_MESSAGES.updated,
    institutions: await c.var.services.institutions.update(await actorOf(c), params.id, body),
  })),
  implement(api.delete, async ({ c, params }) => ({
    message: INSTITUTION_MESSAGES.deleted,
    institutions: await c.var.services.institutions.delete(await actorOf(c), params.id),
  })),
];
