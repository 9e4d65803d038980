import { PLAYLIST_MESSAGES as M, type PlaylistSummary } from '@simvisit/schema';
import { Alert, Button, Spinner } from '@simvisit/ui';
import { Link } from '@tanstack/react-router';
import { errorMessage } from '../../lib/api';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSignedInSession } from '../../platform/session';
import { usePlaylists } from './playlists-api';

const countLabel = (n: number) => `${n} ${n === 1 ? 'scenario' : 'scenarios'}`;

/** The playlists list (spec 001 §2): public playlists at the partner and the person's own; each opens playlists.item. */
export function PlaylistsPage() {
  useDocumentTitle('Playlists');
  const { data, error, isPending, isError } = usePlaylists();
  const userId = useSignedInSession().user.id;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Playlists</h1>
        <Button asChild variant="secondary">
          <Link to="/my-playlists">My Playlists</Link>
        </Button>
      </div>
      {isError ? (
        <Alert tone="danger" role="alert" title="Error loading playlists.">
          {errorMessage(error)}
        </Alert>
      ) : isPending ? (
        <Spinner label="Loading playlists" />
      ) : data.playlists.length === 0 ? (
        <p role="status" className="rounded-xl border border-dashed border-slate-300 bg-white px-5 py-8 text-center text-slate-600">
          There are no shared playlists yet.
        </p>
      ) : (
        <ul aria-label="Playlists" className="grid gap-3 sm:grid-cols-2">
          {data.playlists.map((p) => (
            <li key={p.id}>
              <PlaylistCard playlist={p} own={p.user_id === userId} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function PlaylistCard({ playlist, own }: { playlist: PlaylistSummary; own: boolean }) {
  return (
    <Link
      to="/playlists/$id"
      params={{ id: String(playlist.id) }}
      className="block h-full rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition-colors hover:border-brand-300 hover:bg-brand-50/40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
    >
      <span className="flex items-start justify-between gap-3">
        <span className="min-w-0 break-words font-semibold text-slate-900">{playlist.name}</span>
        <span className="shrink-0 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
          {countLabel(playlist.scenario_count)}
        </span>
      </span>
      {playlist.description ? <span className="mt-1 line-clamp-2 block text-sm text-slate-600">{playlist.description}</span> : null}
      <span className="mt-2 block text-xs text-slate-500">
        {own ? (playlist.public ? `${M.youOwn} · Public` : `${M.youOwn} · Private`) : `By ${playlist.owner.name}`}
      </span>
    </Link>
  );
}
