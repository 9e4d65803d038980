import { Button, PencilIcon } from '@simvisit/ui';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { errorMessage, isApiError } from '../../lib/api';
import type { FieldErrors } from '../../lib/form-errors';
import { useSyncState } from '../../platform/sync';

export const OFFLINE_NOTE = 'You are offline';

export interface EditorProps<D> {
  draft: D;
  setDraft: (draft: D) => void;
  /** The first message for a key of the draft (the server's, or the shared rule's). */
  error: (key: string) => string | null;
  saving: boolean;
}

export interface EditableRowProps<D> {
  /** The field's label, also the name of its form and of the Edit button ("Edit First Name"). */
  label: string;
  /** The value as read in view mode; null shows "Not provided". */
  view: ReactNode;
  /** The draft when editing starts (from the current saved value). */
  initialDraft: () => D;
  /** Problems shown while typing (the mobile number); while there are some, Save stays disabled. */
  check?: (draft: D) => FieldErrors | null;
  /** Problems found on Save before anything is sent (the shared rule). */
  validate?: (draft: D) => FieldErrors | null;
  /** Sends the draft; a thrown ApiError's field errors are shown under the matching controls. */
  save: (draft: D) => Promise<void>;
  /** The key of the main control; a message for a key no control shows is put under it. */
  mainKey: string;
  /** Other keys the editor shows messages for (the current password of the email row). */
  otherKeys?: readonly string[];
  editor: (props: EditorProps<D>) => ReactNode;
}

/**
 * One inline-editable profile row (spec 000 §2.13, §4): view mode shows the value and an Edit button; edit
 * mode shows the control with Save and Cancel. Cancel restores the saved value. Saving needs the network.
 */
export function EditableRow<D>({ label, view, initialDraft, check, validate, save, mainKey, otherKeys = [], editor }: EditableRowProps<D>) {
  const { online } = useSyncState();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<D>(initialDraft);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);

  useEffect(() => {
    if (!editing && returnFocus.current) {
      returnFocus.current = false;
      editButton.current?.focus();
    }
  }, [editing]);

  const problems = editing && check ? check(draft) : null;

  function open() {
    setDraft(initialDraft());
    setErrors({});
    setEditing(true);
  }

  function close() {
    returnFocus.current = true;
    setErrors({});
    setEditing(false);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving || !online || problems) return;
    const invalid = validate?.(draft) ?? null;
    if (invalid) {
      setErrors(invalid);
      return;
    }
    setSaving(true);
    try {
      await save(draft);
      close();
    } catch (error) {
      if (isApiError(error) && error.sessionEnded) return;
      const fieldErrors = isApiError(error) ? error.errors : {};
      setErrors(Object.keys(fieldErrors).length ? fieldErrors : { [mainKey]: [errorMessage(error)] });
    } finally {
      setSaving(false);
    }
  }

  function errorFor(key: string): string | null {
    const shown = problems ?? errors;
    const own = shown[key]?.[0];
    if (own) return own;
    if (key !== mainKey) return null;
    // A message for a key no control shows (a 422 keyed otherwise) goes under the main control.
    const stray = Object.entries(shown).find(([k, list]) => k !== mainKey && !otherKeys.includes(k) && list.length > 0);
    return stray?.[1][0] ?? null;
  }

  if (!editing) {
    return (
      <div className="grid grid-cols-[1fr_auto] items-start gap-x-4 gap-y-1 py-3 sm:grid-cols-[12rem_1fr_auto] sm:items-center">
        <p className="text-sm font-medium text-slate-600">{label}</p>
        <p className="col-start-1 row-start-2 min-w-0 text-sm break-words whitespace-pre-line text-slate-900 sm:col-start-2 sm:row-start-1">
          {view === null || view === '' ? <span className="text-slate-500">Not provided</span> : view}
        </p>
        <div className="col-start-2 row-span-2 row-start-1 sm:col-start-3 sm:row-span-1">
          <Button ref={editButton} variant="ghost" size="sm" onClick={open} aria-label={`Edit ${label}`}>
            <PencilIcon className="size-4" />
            <span aria-hidden="true">Edit</span>
          </Button>
        </div>
      </div>
    );
  }

  return (
    <div className="py-3">
      <form
        onSubmit={submit}
        noValidate
        aria-label={`Edit ${label}`}
        className="space-y-3 rounded-lg border border-brand-200 bg-brand-50/40 p-3"
      >
        {editor({ draft, setDraft, error: errorFor, saving })}
        <div className="flex flex-wrap items-center justify-end gap-2">
          {!online ? (
            <p role="status" className="mr-auto text-sm text-amber-800">
              {OFFLINE_NOTE}
            </p>
          ) : null}
          <Button variant="secondary" size="sm" onClick={close} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" size="sm" disabled={saving || !online || problems !== null}>
            {saving ? 'Saving…' : 'Save'}
          </Button>
        </div>
      </form>
    </div>
  );
}
