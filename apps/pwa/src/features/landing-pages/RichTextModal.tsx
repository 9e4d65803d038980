import { WELCOME_HEADER_MAX, welcomeHeaderRequestSchema, welcomeMessageRequestSchema } from '@simvisit/schema';
import { Alert, Button, Modal, Spinner, TextField } from '@simvisit/ui';
import { lazy, Suspense, useId } from 'react';
import { useApiForm } from '../../lib/api-form';
import { loadRichTextEditor } from '../../platform/rich-text';

const RichTextEditor = lazy(() => loadRichTextEditor().then((m) => ({ default: m.RichTextEditor })));

export type WelcomeTextField = 'welcome_header' | 'welcome_message';

export interface TextEditModalProps {
  title: string;
  /** The header is one line of at most WELCOME_HEADER_MAX characters; the message is rich text (sanitized by the server). */
  field: WelcomeTextField;
  value: string;
  onClose: () => void;
  /** Sends the text; a refusal's field message shows under the control, any other in the modal. */
  save: (value: string) => Promise<void>;
}

const LABELS: Record<WelcomeTextField, string> = { welcome_header: 'Welcome Header', welcome_message: 'Welcome Message' };

/** The edit header and edit message modals of Welcome Messages and the Landing Page Configuration. */
export function TextEditModal({ title, field: name, value, onClose, save }: TextEditModalProps) {
  const ids = useId();
  const { form, field, error, formProps, submitting, failure } = useApiForm<
    Partial<Record<WelcomeTextField, string>>,
    Partial<Record<WelcomeTextField, string>>
  >({
    // The server checks a welcome header or message with these (its 422 names the same field).
    schema: name === 'welcome_header' ? welcomeHeaderRequestSchema : welcomeMessageRequestSchema,
    defaultValues: { [name]: value },
    submit: async (body) => {
      await save(body[name] ?? '');
      onClose();
    },
  });
  const id = `${ids}-text`;
  return (
    <Modal open onOpenChange={(open) => !open && !submitting && onClose()} title={title} className="sm:max-w-2xl">
      <form {...formProps} className="space-y-4">
        {name === 'welcome_message' ? (
          <Suspense fallback={<Spinner label="Loading the editor" />}>
            <RichTextEditor
              id={id}
              label={LABELS[name]}
              value={value}
              onChange={(html) => form.setValue(name, html)}
              error={error(name) ?? failure}
            />
          </Suspense>
        ) : (
          <>
            {failure ? <Alert tone="danger">{failure}</Alert> : null}
            <TextField
              label={LABELS[name]}
              maxLength={WELCOME_HEADER_MAX}
              hint={`At most ${WELCOME_HEADER_MAX} characters.`}
              autoFocus
              {...field(name, id)}
            />
          </>
        )}
        <div className="flex flex-wrap justify-end gap-2 pt-2">
          <Button variant="secondary" onClick={onClose} disabled={submitting}>
            Cancel
          </Button>
          <Button type="submit" disabled={submitting} aria-busy={submitting || undefined}>
            Save
          </Button>
        </div>
      </form>
    </Modal>
  );
}
