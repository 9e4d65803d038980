import { PLAYLIST_MESSAGES as M, PLAYLIST_DESCRIPTION_MAX, PLAYLIST_NAME_MAX } from '@simvisit/schema';
import { Button, Modal, TextAreaField, TextField } from '@simvisit/ui';
import { type FormEvent, useId, useState } from 'react';
import { isApiError } from '../../lib/api';
import { useCreatePlaylist } from './playlists-api';

export interface CreatePlaylistDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (playlistId: number) => void;
}

/** Create a playlist (spec 001 §5): the name is required and Save stays disabled while it is empty. */
export function CreatePlaylistDialog({ open, onOpenChange, onCreated }: CreatePlaylistDialogProps) {
  const ids = useId();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [touched, setTouched] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string[]>>({});
  const create = useCreatePlaylist();
  const empty = name.trim() === '';

  function reset() {
    setName('');
    setDescription('');
    setTouched(false);
    setServerErrors({});
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched(true);
    if (empty || create.isPending) return;
    create.mutate(
      { name: name.trim(), description: description.trim() || null },
      {
        onSuccess: ({ playlist }) => {
          reset();
          onOpenChange(false);
          onCreated(playlist.id);
        },
        onError: (error) => setServerErrors(isApiError(error) ? error.errors : {}),
      },
    );
  }

  const nameError = touched && empty ? M.nameRequired : (serverErrors.name?.[0] ?? null);
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next) reset();
        onOpenChange(next);
      }}
      title="Create Playlist"
    >
      <form id={`${ids}-form`} onSubmit={submit} noValidate className="space-y-4">
        <TextField
          id={`${ids}-name`}
          label="Name"
          required
          autoFocus
          maxLength={PLAYLIST_NAME_MAX}
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            setTouched(true);
            setServerErrors({});
          }}
          error={nameError}
        />
        <TextAreaField
          id={`${ids}-description`}
          label="Description"
          hint="Optional"
          rows={3}
          maxLength={PLAYLIST_DESCRIPTION_MAX}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          error={serverErrors.description?.[0] ?? null}
        />
        <div className="flex flex-wrap justify-end gap-2 pt-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={empty || create.isPending} aria-busy={create.isPending || undefined}>
            Save
          </Button>
        </div>
      </form>
    </Modal>
  );
}
