import { isPlaylistOwner, PLAYLIST_MESSAGES as M } from '@simvisit/schema';
import { Alert, Button, Card, CardBody, Spinner } from '@simvisit/ui';
import { Link, useNavigate } from '@tanstack/react-router';
import { errorMessage, isApiError } from '../../lib/api';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSignedInSession } from '../../platform/session';
import { EntrySummary } from './EntrySummary';
import { useCopyPlaylist, usePlaylist } from './playlists-api';

/**
 * playlists.item (spec 001 §2): name, description and scenarios. The owner sees 'You Own This Playlist' and
 * the status labels; anyone else sees 'Copy to My Playlists', which copies it and goes to my-playlists.
 */
export function PlaylistPage({ playlistId }: { playlistId: number }) {
  const { data, error, isPending, isError } = usePlaylist(playlistId);
  const userId = useSignedInSession().user.id;
  const navigate = useNavigate();
  const copy = useCopyPlaylist((newId) => void navigate({ to: '/my-playlists', search: { playlist: String(newId) } }));
  useDocumentTitle(data?.playlist.name ?? 'Playlist');

  if (isError) {
    return (
      <div className="space-y-4">
        <Alert tone="danger" role="alert" title={M.loadError}>
          {isApiError(error) && error.status === 404 ? 'This playlist does not exist or is not shared with you.' : errorMessage(error)}
        </Alert>
        <Button asChild variant="secondary">
          <Link to="/playlists">Back to Playlists</Link>
        </Button>
      </div>
    );
  }
  if (isPending) return <Spinner label="Loading playlist" />;

  const playlist = data.playlist;
  const owner = isPlaylistOwner(userId, playlist);
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <h1 className="break-words text-2xl font-semibold tracking-tight text-slate-900">{playlist.name}</h1>
          {owner ? null : <p className="text-sm text-slate-600">By {playlist.owner.name}</p>}
        </div>
        {owner ? (
          <div className="flex flex-wrap items-center gap-3">
            <p className="rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-800 ring-1 ring-brand-200 ring-inset">
              {M.youOwn}
            </p>
            <Button asChild variant="secondary">
              <Link to="/my-playlists" search={{ playlist: String(playlist.id) }}>
                Edit in My Playlists
              </Link>
            </Button>
          </div>
        ) : (
          <Button
            onClick={() => copy.mutate(playlist.id)}
            disabled={copy.isPending || copy.isSuccess}
            aria-busy={copy.isPending || undefined}
          >
            {M.copy}
          </Button>
        )}
      </div>
      {playlist.description ? <p className="max-w-prose whitespace-pre-line break-words text-slate-700">{playlist.description}</p> : null}
      <Card>
        <CardBody padding="list">
          {playlist.scenarios.length === 0 ? (
            <p role="status" className="py-6 text-center text-slate-600">
              {owner ? M.noScenarios : 'There are no scenarios in this playlist.'}
            </p>
          ) : (
            <ol aria-label="Scenarios" className="divide-y divide-slate-100">
              {playlist.scenarios.map((entry) => (
                <li key={entry.id} className="flex items-center gap-3 py-3">
                  <EntrySummary entry={entry} status={owner} />
                </li>
              ))}
            </ol>
          )}
        </CardBody>
      </Card>
    </div>
  );
}
