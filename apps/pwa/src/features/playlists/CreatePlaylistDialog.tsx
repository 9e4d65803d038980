import { createPlaylistRequestSchema, PLAYLIST_MESSAGES as M, PLAYLIST_DESCRIPTION_MAX, PLAYLIST_NAME_MAX } from '@simvisit/schema';
import { Button, Modal, TextAreaField, TextField } from '@simvisit/ui';
import { useId, useState } from 'react';
import { useApiForm } from '../../lib/api-form';
import { useCreatePlaylist } from './playlists-api';

export interface CreatePlaylistDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (playlistId: number) => void;
}

/** Create a playlist (spec 001 §5): the name is required and Save stays disabled while it is empty. */
export function CreatePlaylistDialog({ open, onOpenChange, onCreated }: CreatePlaylistDialogProps) {
  const ids = useId();
  // The name's message shows as soon as it has been typed in and emptied, not only on Save.
  const [touched, setTouched] = useState(false);
  const create = useCreatePlaylist();
  const { form, field, onSubmit, submitting, error } = useApiForm({
    schema: createPlaylistRequestSchema,
    defaultValues: { name: '', description: '' },
    submit: async (body) => {
      const { playlist } = await create.mutateAsync(body);
      reset();
      onOpenChange(false);
      onCreated(playlist.id);
    },
  });
  const empty = form.watch('name').trim() === '';
  const name = field('name');

  function reset() {
    form.reset();
    setTouched(false);
  }

  const nameError = touched && empty ? M.nameRequired : error('name');
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next) reset();
        onOpenChange(next);
      }}
      title="Create Playlist"
    >
      <form
        id={`${ids}-form`}
        onSubmit={(event) => {
          setTouched(true);
          if (empty) event.preventDefault();
          else void onSubmit(event);
        }}
        noValidate
        className="space-y-4"
      >
        <TextField
          {...name}
          id={`${ids}-name`}
          label="Name"
          required
          autoFocus
          maxLength={PLAYLIST_NAME_MAX}
          onChange={(e) => {
            setTouched(true);
            form.clearErrors();
            return name.onChange(e);
          }}
          error={nameError}
        />
        <TextAreaField
          {...field('description', `${ids}-description`)}
          label="Description"
          hint="Optional"
          rows={3}
          maxLength={PLAYLIST_DESCRIPTION_MAX}
        />
        <div className="flex flex-wrap justify-end gap-2 pt-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={empty || submitting} aria-busy={submitting || undefined}>
            Save
          </Button>
        </div>
      </form>
    </Modal>
  );
}
