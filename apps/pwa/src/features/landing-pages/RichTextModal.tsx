import { Alert, Button, Modal, Spinner, TextField } from '@simvisit/ui';
import { lazy, Suspense, useId, useState } from 'react';
import { errorMessage, isApiError } from '../../lib/api';
import { loadRichTextEditor } from '../../platform/rich-text';

const RichTextEditor = lazy(() => loadRichTextEditor().then((m) => ({ default: m.RichTextEditor })));

export interface TextEditModalProps {
  title: string;
  label: string;
  /** 'rich' edits HTML in the editor (sanitized by the server); 'plain' is a one-line text of `maxLength`. */
  kind: 'rich' | 'plain';
  value: string;
  maxLength?: number;
  onClose: () => void;
  /** Sends the text; a rejection shows its message in the modal (a 422's field message when it names one). */
  save: (value: string) => Promise<void>;
}

/** The edit header and edit message modals of Welcome Messages and the Landing Page Configuration. */
export function TextEditModal({ title, label, kind, value, maxLength, onClose, save }: TextEditModalProps) {
  const ids = useId();
  const [text, setText] = useState(value);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (maxLength !== undefined && text.length > maxLength) return;
    setSaving(true);
    setProblem(null);
    try {
      await save(text);
      onClose();
    } catch (error) {
      const first = isApiError(error) ? Object.values(error.errors)[0]?.[0] : undefined;
      setProblem(first ?? errorMessage(error));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal open onOpenChange={(open) => !open && !saving && onClose()} title={title} className="sm:max-w-2xl">
      <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4">
        {kind === 'rich' ? (
          <Suspense fallback={<Spinner label="Loading the editor" />}>
            <RichTextEditor id={`${ids}-text`} label={label} value={value} onChange={setText} error={problem} />
          </Suspense>
        ) : (
          <>
            {problem ? <Alert tone="danger">{problem}</Alert> : null}
            <TextField
              id={`${ids}-text`}
              label={label}
              value={text}
              maxLength={maxLength}
              onChange={(e) => setText(e.target.value)}
              hint={maxLength ? `At most ${maxLength} characters.` : undefined}
              autoFocus
            />
          </>
        )}
        <div className="flex flex-wrap justify-end gap-2 pt-2">
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" disabled={saving} aria-busy={saving || undefined}>
            Save
          </Button>
        </div>
      </form>
    </Modal>
  );
}
