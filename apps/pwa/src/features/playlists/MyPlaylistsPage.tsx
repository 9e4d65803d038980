import { PLAYLIST_MESSAGES as M, PLAYLIST_NAME_MAX, type Playlist } from '@simvisit/schema';
import { Alert, Button, Card, CardBody, CardHeader, cn, Modal, PlusIcon, Spinner, SwitchField, TextField } from '@simvisit/ui';
import { Link } from '@tanstack/react-router';
import { type FormEvent, useId, useState } from 'react';
import { errorMessage } from '../../lib/api';
import { useDocumentTitle } from '../../lib/use-document-title';
import { AddScenarioDialog } from './AddScenarioDialog';
import { CreatePlaylistDialog } from './CreatePlaylistDialog';
import { useDeletePlaylist, useMyPlaylists, useRemoveScenario, useReorderPlaylist, useUpdatePlaylist } from './playlists-api';
import { SortableEntries } from './SortableEntries';

export interface MyPlaylistsPageProps {
  /** the playlist chosen in the address (?playlist=id); the first one when absent or unknown */
  selectedId: number | null;
  onSelect: (playlistId: number | null) => void;
}

/**
 * my-playlists (spec 001 §2, §6): the person's playlists on the left with a scenario-count badge and Create;
 * the chosen one on the right with its editable name, the Public switch, its scenarios (drag reorder, remove,
 * status labels), Add Scenario and Delete.
 */
export function MyPlaylistsPage({ selectedId, onSelect }: MyPlaylistsPageProps) {
  useDocumentTitle('My Playlists');
  const { data, error, isPending, isError } = useMyPlaylists();
  const [creating, setCreating] = useState(false);

  if (isError) {
    return (
      <Alert tone="danger" role="alert" title="Error loading playlists.">
        {errorMessage(error)}
      </Alert>
    );
  }
  const playlists = data?.playlists ?? [];
  const selected = playlists.find((p) => p.id === selectedId) ?? playlists[0] ?? null;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">My Playlists</h1>
        <Button asChild variant="secondary">
          <Link to="/playlists">Browse Playlists</Link>
        </Button>
      </div>
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[18rem_minmax(0,1fr)]">
        <Card>
          <CardHeader
            title="Playlists"
            actions={
              <Button size="sm" onClick={() => setCreating(true)}>
                <PlusIcon className="size-4" />
                Create
              </Button>
            }
          />
          <CardBody padding="md">
            {isPending ? (
              <Spinner label="Loading playlists" />
            ) : playlists.length === 0 ? (
              <p role="status" className="py-2 text-slate-600">
                {M.noPlaylists}
              </p>
            ) : (
              <nav aria-label="My playlists">
                <ul className="space-y-1">
                  {playlists.map((p) => (
                    <li key={p.id}>
                      <Link
                        to="/my-playlists"
                        search={{ playlist: String(p.id) }}
                        aria-current={p.id === selected?.id ? 'page' : undefined}
                        className={cn(
                          'flex items-center justify-between gap-3 rounded-md px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-brand-500',
                          p.id === selected?.id ? 'bg-brand-50 text-brand-800' : 'text-slate-700 hover:bg-slate-100',
                        )}
                      >
                        <span className="min-w-0 truncate">{p.name}</span>
                        <span className="shrink-0 rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-700">
                          {p.scenario_count}
                          <span className="sr-only"> {p.scenario_count === 1 ? 'scenario' : 'scenarios'}</span>
                        </span>
                      </Link>
                    </li>
                  ))}
                </ul>
              </nav>
            )}
          </CardBody>
        </Card>
        {isPending ? null : selected ? (
          <PlaylistEditor key={selected.id} playlist={selected} onDeleted={() => onSelect(null)} />
        ) : (
          <Card>
            <CardBody padding="lg" className="space-y-4 text-center">
              <p className="text-slate-600">{M.noPlaylists}</p>
              <Button onClick={() => setCreating(true)}>
                <PlusIcon className="size-4" />
                Create a Playlist
              </Button>
            </CardBody>
          </Card>
        )}
      </div>
      <CreatePlaylistDialog open={creating} onOpenChange={setCreating} onCreated={(id) => onSelect(id)} />
    </div>
  );
}

function PlaylistEditor({ playlist, onDeleted }: { playlist: Playlist; onDeleted: () => void }) {
  const ids = useId();
  const [adding, setAdding] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const update = useUpdatePlaylist(playlist.id);
  const reorder = useReorderPlaylist(playlist.id);
  const remove = useRemoveScenario(playlist.id);
  const del = useDeletePlaylist(() => {
    setConfirmDelete(false);
    onDeleted();
  });

  return (
    <Card aria-labelledby={`${ids}-title`}>
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-100 px-5 py-4">
        <h2 id={`${ids}-title`} className="min-w-0 break-words text-lg font-semibold text-slate-900">
          {playlist.name}
        </h2>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="secondary" size="sm">
            <Link to="/playlists/$id" params={{ id: String(playlist.id) }}>
              View Playlist Page
            </Link>
          </Button>
          <Button variant="danger" size="sm" onClick={() => setConfirmDelete(true)}>
            Delete Playlist
          </Button>
        </div>
      </div>
      <CardBody className="space-y-5">
        <NameEditor
          playlist={playlist}
          saving={update.isPending}
          onSave={(name) => update.mutate({ name, public: playlist.public === 1 })}
        />
        {playlist.description ? <p className="whitespace-pre-line break-words text-sm text-slate-600">{playlist.description}</p> : null}
        <div className="border-y border-slate-100">
          <SwitchField
            id={`${ids}-public`}
            label="Public"
            description="A public playlist can be found, viewed and copied by others."
            checked={playlist.public === 1}
            busy={update.isPending}
            onCheckedChange={(checked) => update.mutate({ name: playlist.name, public: checked })}
          />
        </div>
        <section aria-labelledby={`${ids}-scenarios`} className="space-y-3">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h3 id={`${ids}-scenarios`} className="text-base font-semibold text-slate-900">
              Scenarios
            </h3>
            <Button size="sm" variant="secondary" onClick={() => setAdding(true)}>
              <PlusIcon className="size-4" />
              Add Scenario
            </Button>
          </div>
          {playlist.scenarios.length === 0 ? (
            <p role="status" className="rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center text-slate-600">
              {M.noScenarios}
            </p>
          ) : (
            <SortableEntries
              entries={playlist.scenarios}
              onReorder={(order) => reorder.mutate(order)}
              onRemove={(entry) => remove.mutate(entry.id)}
              removingId={remove.isPending ? (remove.variables ?? null) : null}
            />
          )}
        </section>
      </CardBody>
      <AddScenarioDialog playlistId={playlist.id} entries={playlist.scenarios} open={adding} onOpenChange={setAdding} />
      <Modal
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title="Delete Playlist"
        description={`“${playlist.name}” and its list of scenarios will be deleted. This cannot be undone.`}
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirmDelete(false)}>
              Cancel
            </Button>
            <Button
              variant="danger"
              onClick={() => del.mutate(playlist.id)}
              disabled={del.isPending}
              aria-busy={del.isPending || undefined}
            >
              Delete
            </Button>
          </>
        }
      />
    </Card>
  );
}

/** The editable name (spec 001 §5): 'A Name is Required' and Save disabled while it is empty. */
function NameEditor({ playlist, saving, onSave }: { playlist: Playlist; saving: boolean; onSave: (name: string) => void }) {
  const id = useId();
  const [name, setName] = useState(playlist.name);
  const trimmed = name.trim();
  const unchanged = trimmed === playlist.name;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (trimmed === '' || unchanged || saving) return;
    onSave(trimmed);
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-wrap items-start gap-3">
      <TextField
        id={`${id}-name`}
        label="Name"
        required
        maxLength={PLAYLIST_NAME_MAX}
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={trimmed === '' ? M.nameRequired : null}
        className="min-w-0 flex-1"
      />
      <Button type="submit" className="mt-7" disabled={trimmed === '' || unchanged || saving} aria-busy={saving || undefined}>
        Save
      </Button>
    </form>
  );
}
