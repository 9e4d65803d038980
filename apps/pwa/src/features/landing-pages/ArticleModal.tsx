import {
  ARTICLE_DESCRIPTION_MAX,
  ARTICLE_IMAGE_MAX_BYTES,
  ARTICLE_TITLE_MAX,
  type Article,
  type ArticlesResponse,
  articleFieldsSchema,
  earliestPublishDate,
  LANDING_MESSAGES as M,
} from '@simvisit/schema';
import { Alert, Button, Modal, SelectField, Spinner, TextAreaField, TextField } from '@simvisit/ui';
import { type ChangeEvent, lazy, Suspense, useId, useState } from 'react';
import { useApiForm } from '../../lib/api-form';
import { notifySuccess } from '../../platform/notices';
import { loadRichTextEditor } from '../../platform/rich-text';

const RichTextEditor = lazy(() => loadRichTextEditor().then((m) => ({ default: m.RichTextEditor })));

/** Today in the browser's zone, as the date picker shows dates. */
export const localToday = () => {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
};

export interface ArticleModalProps {
  /** The article to edit; none creates one. */
  article?: Article;
  choices: Pick<ArticlesResponse, 'authors' | 'partners'>;
  onClose: () => void;
  /** Sends the multipart body (create or update) and resolves with the server's message. */
  send: (form: FormData, editing: boolean) => Promise<{ message: string }>;
}

/** A picked image, checked as the server will (JPEG or PNG, 5 MB; the server decides by content). */
function imageProblem(file: File | null): string | null {
  if (!file) return null;
  if (!/^image\/(jpeg|png)$/.test(file.type) && !/\.(jpe?g|png)$/i.test(file.name)) return M.imageType;
  if (file.size > ARTICLE_IMAGE_MAX_BYTES) return M.imageTooLarge;
  return null;
}

/**
 * 'Create New Article' and 'Edit Article' (spec 002 §2.15, §5): title, description, partner, author, publish
 * date (no earlier than 30 days ago), the rich text body, and a small web image and a large social image.
 */
export function ArticleModal({ article, choices, onClose, send }: ArticleModalProps) {
  const ids = useId();
  const editing = article !== undefined;
  const [files, setFiles] = useState<{ file: File | null; file_large: File | null }>({ file: null, file_large: null });
  const [fileErrors, setFileErrors] = useState<{ file: string | null; file_large: string | null }>({ file: null, file_large: null });
  const { form, field, onSubmit, submitting, failure, error } = useApiForm({
    schema: articleFieldsSchema,
    defaultValues: {
      title: article?.title ?? '',
      description: article?.description ?? '',
      article_text: article?.article_text ?? '',
      author_id: article ? String(article.author_id) : '',
      partner_id: article ? String(article.partner_id) : '',
      published_on: article?.published_on ?? localToday(),
    },
    fields: ['file', 'file_large'],
    submit: async (data) => {
      if (fileErrors.file || fileErrors.file_large) return;
      const body = new FormData();
      for (const [key, value] of Object.entries(data)) body.set(key, String(value));
      if (article) body.set('id', String(article.id));
      if (files.file) body.set('file', files.file);
      if (files.file_large) body.set('file_large', files.file_large);
      const { message } = await send(body, editing);
      notifySuccess(message);
      onClose();
    },
  });

  function pick(name: 'file' | 'file_large') {
    return (event: ChangeEvent<HTMLInputElement>) => {
      const file = event.target.files?.[0] ?? null;
      setFiles((f) => ({ ...f, [name]: file }));
      setFileErrors((e) => ({ ...e, [name]: imageProblem(file) }));
    };
  }

  const body = form.watch('article_text');
  return (
    <Modal open onOpenChange={(open) => !open && !submitting && onClose()} title={editing ? 'Edit Article' : 'Create New Article'}>
      <form id={`${ids}-form`} onSubmit={onSubmit} noValidate className="space-y-4">
        {failure ? <Alert tone="danger">{failure}</Alert> : null}
        <TextField {...field('title', `${ids}-title`)} label="Title" required maxLength={ARTICLE_TITLE_MAX} autoFocus />
        <TextAreaField
          {...field('description', `${ids}-description`)}
          label="Description"
          required
          rows={3}
          maxLength={ARTICLE_DESCRIPTION_MAX}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            {...field('partner_id', `${ids}-partner`)}
            label="Partner"
            required
            placeholder="Select a partner"
            options={choices.partners.map((p) => ({ value: String(p.id), label: p.short_name }))}
          />
          <SelectField
            {...field('author_id', `${ids}-author`)}
            label="Author"
            required
            placeholder="Select an author"
            options={choices.authors.map((a) => ({ value: String(a.id), label: a.full_name }))}
          />
        </div>
        <TextField
          {...field('published_on', `${ids}-published`)}
          type="date"
          label="Publish Date"
          required
          min={earliestPublishDate(localToday())}
          hint="No earlier than 30 days ago."
        />
        <Suspense fallback={<Spinner label="Loading the editor" />}>
          <RichTextEditor
            id={`${ids}-body`}
            label="Article"
            required
            value={body}
            onChange={(html) => form.setValue('article_text', html)}
            error={error('article_text')}
          />
        </Suspense>
        <div className="grid gap-4 sm:grid-cols-2">
          <FileInput id={`${ids}-file`} label="Web image" onChange={pick('file')} error={fileErrors.file ?? error('file')} />
          <FileInput
            id={`${ids}-file-large`}
            label="Social image"
            onChange={pick('file_large')}
            error={fileErrors.file_large ?? error('file_large')}
          />
        </div>
        <div className="flex flex-wrap justify-end gap-2 pt-2">
          <Button variant="secondary" onClick={onClose} disabled={submitting}>
            Cancel
          </Button>
          <Button type="submit" disabled={submitting} aria-busy={submitting || undefined}>
            {editing ? 'Update Article' : 'Create Article'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

function FileInput({
  id,
  label,
  onChange,
  error,
}: {
  id: string;
  label: string;
  onChange: (e: ChangeEvent<HTMLInputElement>) => void;
  error: string | null;
}) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        id={id}
        type="file"
        accept="image/jpeg,image/png"
        onChange={onChange}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-1.5 file:text-sm file:font-medium"
      />
      <p id={`${id}-hint`} className="text-xs text-slate-500">
        JPEG or PNG, max 5MB
      </p>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
