import { createRoute } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { ErrorPage } from '../features/errors/ErrorPage';
import { MyPlaylistsPage } from '../features/playlists/MyPlaylistsPage';
import { PlaylistPage } from '../features/playlists/PlaylistPage';
import { PlaylistsPage } from '../features/playlists/PlaylistsPage';
import { stringParam } from '../lib/search-params';
import { signedInLayoutRoute } from './layouts';

/** The playlists list (spec 000 §2.1, 001 §2): every signed-in user. */
export const playlistsRoute = createRoute({
  getParentRoute: () => signedInLayoutRoute,
  path: 'playlists',
  component: PlaylistsPage,
});

/** playlists.item (id). */
export const playlistRoute = createRoute({
  getParentRoute: () => signedInLayoutRoute,
  path: 'playlists/$id',
  component: PlaylistRoute,
});

function PlaylistRoute(): ReactElement {
  const { id } = playlistRoute.useParams();
  const playlistId = Number(id);
  if (!Number.isInteger(playlistId) || playlistId <= 0) return <ErrorPage code="404" />;
  return <PlaylistPage key={playlistId} playlistId={playlistId} />;
}

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
  component: MyPlaylistsRoute,
});

function MyPlaylistsRoute(): ReactElement {
  const { playlist } = myPlaylistsRoute.useSearch();
  const navigate = myPlaylistsRoute.useNavigate();
  const selected = Number(playlist);
  return (
    <MyPlaylistsPage
      selectedId={Number.isInteger(selected) && selected > 0 ? selected : null}
      onSelect={(id) => void navigate({ search: id === null ? {} : { playlist: String(id) } })}
    />
  );
}

export const playlistsRoutes = [playlistsRoute, playlistRoute, myPlaylistsRoute] as const;
