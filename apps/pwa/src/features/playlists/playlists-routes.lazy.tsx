import { createLazyRoute } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { ErrorPage } from '../../platform/errors';
import { MyPlaylistsPage } from './MyPlaylistsPage';
import { PlaylistPage } from './PlaylistPage';
import { PlaylistsPage } from './PlaylistsPage';

export const playlistsLazyRoute = createLazyRoute('/signed-in/playlists')({ component: PlaylistsPage });

export const playlistLazyRoute = createLazyRoute('/signed-in/playlists/$id')({ component: PlaylistRoute });

function PlaylistRoute(): ReactElement {
  const { id } = playlistLazyRoute.useParams();
  const playlistId = Number(id);
  if (!Number.isInteger(playlistId) || playlistId <= 0) return <ErrorPage code="404" />;
  return <PlaylistPage key={playlistId} playlistId={playlistId} />;
}

export const myPlaylistsLazyRoute = createLazyRoute('/signed-in/my-playlists')({ component: MyPlaylistsRoute });

function MyPlaylistsRoute(): ReactElement {
  const { playlist } = myPlaylistsLazyRoute.useSearch();
  const navigate = myPlaylistsLazyRoute.useNavigate();
  const selected = Number(playlist);
  return (
    <MyPlaylistsPage
      selectedId={Number.isInteger(selected) && selected > 0 ? selected : null}
      onSelect={(id) => void navigate({ search: id === null ? {} : { playlist: String(id) } })}
    />
  );
}
