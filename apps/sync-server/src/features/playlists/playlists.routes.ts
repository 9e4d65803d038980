import { playlistsApi as api } from '@simvisit/schema';
import { actorOf } from '../../http/actor';
import { type AnyRoute, implement } from '../../http/route';

/** The playlist calls (contracts in packages/schema/src/api/playlists.ts); the service does the object checks. */
export const playlistsRoutes: AnyRoute[] = [
  implement(api.list, async ({ c }) => c.var.services.playlists.list(await actorOf(c))),
  implement(api.mine, async ({ c }) => c.var.services.playlists.mine(await actorOf(c))),
  implement(api.show, async ({ c, params }) => c.var.services.playlists.show(await actorOf(c), params.id)),
  implement(api.create, async ({ c, body }) => c.var.services.playlists.create(await actorOf(c), body)),
  implement(api.update, async ({ c, params, body }) => c.var.services.playlists.update(await actorOf(c), params.id, body)),
  implement(api.remove, async ({ c, params }) => c.var.services.playlists.remove(await actorOf(c), params.id)),
  implement(api.copy, async ({ c, params }) => c.var.services.playlists.copy(await actorOf(c), params.id)),
  implement(api.addScenario, async ({ c, params, body }) =>
    c.var.services.playlists.addScenario(await actorOf(c), params.id, body.scenario_id),
  ),
  implement(api.removeScenario, async ({ c, params }) =>
    c.var.services.playlists.removeScenario(await actorOf(c), params.id, params.entry_id),
  ),
  implement(api.reorder, async ({ c, params, body }) => c.var.services.playlists.reorder(await actorOf(c), params.id, body.order)),
];
