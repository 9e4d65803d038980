import { createRoute } from '@tanstack/react-router';
import { stringParam } from '../../lib/search-params';
import { signedInLayoutRoute } from '../../platform/shell';

/** The playlists list (spec 000 §2.1, 001 §2): every signed-in user. */
export const playlistsRoute = createRoute({
  getParentRoute: () => signedInLayoutRoute,
  path: 'playlists',
}).lazy(() => import('./playlists-routes.lazy').then((d) => d.playlistsLazyRoute));

/** playlists.item (id). */
export const playlistRoute = createRoute({
  getParentRoute: () => signedInLayoutRoute,
  path: 'playlists/$id',
}).lazy(() => import('./playlists-routes.lazy').then((d) => d.playlistLazyRoute));

export interface MyPlaylistsSearch {
  /** the chosen playlist, so a copy or a new playlist opens selected and Back keeps the choice */
  playlist?: string;
}

/** my-playlists. */
export const myPlaylistsRoute = createRoute({
  getParentRoute: () => signedInLayoutRoute,
  path: 'my-playlists',
  validateSearch: (search: Record<string, unknown>): MyPlaylistsSearch => {
    const value = search.playlist;
    return { playlist: typeof value === 'number' && Number.isFinite(value) ? String(value) : stringParam(value) };
  },
}).lazy(() => import('./playlists-routes.lazy').then((d) => d.myPlaylistsLazyRoute));

export const playlistsRoutes = { signedIn: [playlistsRoute, playlistRoute, myPlaylistsRoute] };
