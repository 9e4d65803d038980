import {
  earliestPublishDate,
  SOCIAL_MESSAGES as M,
  SOCIAL_DESCRIPTION_MAX,
  SOCIAL_IMAGE_MAX_BYTES,
  SOCIAL_TITLE_MAX,
  type SocialPost,
  socialPostFieldsSchema,
} from '@simvisit/schema';
import { Alert, Button, Modal, TextAreaField, TextField } from '@simvisit/ui';
import { useId, useState } from 'react';
import { useApiForm } from '../../lib/api-form';
import { notifyAdminCallFailure, notifySuccess } from '../../platform/notices';
import { saveSocialPost } from './social-posts-api';

export interface SocialPostModalProps {
  /** the post to edit, or null to create one */
  post: SocialPost | null;
  onClose: () => void;
  onSaved: () => void;
  /** today as 'YYYY-MM-DD' (a prop so tests need no clock) */
  today: string;
}

const IMAGE_TYPES = ['image/jpeg', 'image/png'];

/**
 * The create and edit modal of Social Media Posts (spec 002 §2.10, §5): title (225), description, publish date
 * (no earlier than 30 days ago) and a JPEG or PNG image of at most 5 MB. The server checks all of it again,
 * the picture by its content.
 */
export function SocialPostModal({ post, onClose, onSaved, today }: SocialPostModalProps) {
  const ids = useId();
  const formId = `${ids}-form`;
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const { field, onSubmit, submitting, failure, error } = useApiForm({
    schema: socialPostFieldsSchema,
    defaultValues: { title: post?.title ?? '', description: post?.description ?? '', published_on: post?.published_on ?? today },
    fields: ['file'],
    submit: async (data) => {
      const answer = await saveSocialPost(data, file, post?.id);
      notifySuccess(answer.message);
      onSaved();
      onClose();
    },
    onError: (f, err) => {
      if (!f.explained) notifyAdminCallFailure(err);
    },
  });

  function pick(chosen: File | null) {
    setFileError(null);
    setFile(null);
    if (!chosen) return;
    if (!IMAGE_TYPES.includes(chosen.type)) return setFileError('The image must be a JPEG or PNG file.');
    if (chosen.size > SOCIAL_IMAGE_MAX_BYTES) return setFileError('The image may not be larger than 5 MB.');
    setFile(chosen);
  }

  const title = post ? 'Edit Social Media Post' : 'Create Social Media Post';
  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open && !submitting) onClose();
      }}
      title={title}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={submitting}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={submitting || fileError !== null}>
            {submitting ? 'Saving…' : 'Save'}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={onSubmit} className="space-y-4">
        {failure ? (
          <Alert tone="danger" role="alert" title="Error saving social media post">
            {failure}
          </Alert>
        ) : null}
        <TextField {...field('title', `${ids}-title`)} label="Title" required maxLength={SOCIAL_TITLE_MAX} />
        <TextAreaField {...field('description', `${ids}-description`)} label="Description" required maxLength={SOCIAL_DESCRIPTION_MAX} />
        <TextField {...field('published_on', `${ids}-date`)} label="Publish Date" type="date" required min={earliestPublishDate(today)} />
        <div className="space-y-1.5">
          <label htmlFor={`${ids}-file`} className="block text-sm font-medium text-slate-700">
            Image
          </label>
          <input
            id={`${ids}-file`}
            type="file"
            accept="image/jpeg,image/png"
            aria-describedby={`${ids}-file-hint`}
            onChange={(e) => pick(e.target.files?.[0] ?? null)}
            className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium"
          />
          <p id={`${ids}-file-hint`} className="text-xs text-slate-600">
            {M.imageHint}
            {post?.image_path ? ' Choose a file only to replace the current image.' : ''}
          </p>
          {fileError || error('file') ? (
            <p role="alert" className="text-sm text-red-700">
              {fileError ?? error('file')}
            </p>
          ) : null}
        </div>
      </form>
    </Modal>
  );
}
