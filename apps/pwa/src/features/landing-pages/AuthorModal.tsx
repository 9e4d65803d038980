import { AUTHOR_BIOSKETCH_MAX, AUTHOR_NAME_MAX, type Author, authorRequestSchema } from '@simvisit/schema';
import { Alert, Button, Modal, TextAreaField, TextField } from '@simvisit/ui';
import { useId } from 'react';
import { useApiForm } from '../../lib/api-form';
import { notifySuccess } from '../../platform/notices';

export interface AuthorModalProps {
  /** The author to edit; none creates one. */
  author?: Author;
  onClose: () => void;
  send: (body: { full_name: string; biosketch: string }) => Promise<{ message: string }>;
}

/** 'Create New Author' (spec 002 §2.15, §5): a name (75) and a biosketch (500), both required. */
export function AuthorModal({ author, onClose, send }: AuthorModalProps) {
  const ids = useId();
  const { field, onSubmit, submitting, failure } = useApiForm({
    schema: authorRequestSchema,
    defaultValues: { full_name: author?.full_name ?? '', biosketch: author?.biosketch ?? '' },
    submit: async (body) => {
      const { message } = await send(body);
      notifySuccess(message);
      onClose();
    },
  });
  return (
    <Modal open onOpenChange={(open) => !open && !submitting && onClose()} title={author ? 'Edit Author' : 'Create New Author'}>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {failure ? <Alert tone="danger">{failure}</Alert> : null}
        <TextField {...field('full_name', `${ids}-name`)} label="Full Name" required maxLength={AUTHOR_NAME_MAX} autoFocus />
        <TextAreaField {...field('biosketch', `${ids}-bio`)} label="Biosketch" required rows={4} maxLength={AUTHOR_BIOSKETCH_MAX} />
        <div className="flex flex-wrap justify-end gap-2 pt-2">
          <Button variant="secondary" onClick={onClose} disabled={submitting}>
            Cancel
          </Button>
          <Button type="submit" disabled={submitting} aria-busy={submitting || undefined}>
            {author ? 'Update Author' : 'Create Author'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
