import { Button, PencilIcon } from '@simvisit/ui';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { type ApiForm, useApiForm } from '../../lib/api-form';
import type { FieldErrors } from '../../lib/form-errors';
import { useSyncState } from '../../platform/sync';

export const OFFLINE_NOTE = 'You are offline';

export interface EditorProps<V extends FieldValues, T> {
  form: UseFormReturn<V, unknown, T>;
  /** A text control's binding (react-hook-form's register); its `error` is replaced by the row's own below. */
  field: ApiForm<V, T>['field'];
  /** The first message for a key (the server's, or the shared rule's); the main key also shows strays. */
  error: (key: string) => string | null;
  saving: boolean;
}

export interface EditableRowProps<V extends FieldValues, T> {
  /** The field's label, also the name of its form and of the Edit button ("Edit First Name"). */
  label: string;
  /** The value as read in view mode; null shows "Not provided". */
  view: ReactNode;
  /** The values when editing starts (from the current saved value). */
  initialValues: () => V;
  /** The shared rule checked on Save before anything is sent (the server applies the same one). */
  schema: z.ZodType<T>;
  /** What the rule reads, when it is not the values as they are. */
  input?: (values: V) => unknown;
  /** Problems shown while typing (the mobile number); while there are some, Save stays disabled. */
  check?: (values: V) => FieldErrors | null;
  /** Sends what the rule returned; a thrown ApiError's field errors are shown under the matching controls. */
  save: (data: T, values: V) => Promise<void>;
  /** The key of the main control; a message for a key no control shows (or a failure) is put under it. */
  mainKey: string;
  /** Other keys the editor shows messages for (the current password of the email row). */
  otherKeys?: readonly string[];
  editor: (props: EditorProps<V, T>) => ReactNode;
}

/**
 * One inline-editable profile row (spec 000 §2.13, §4): view mode shows the value and an Edit button; edit
 * mode shows the control with Save and Cancel. Cancel restores the saved value. Saving needs the network.
 * The row is a useApiForm form (docs/decisions/0037); a failure no control explains shows under the main one.
 */
export function EditableRow<V extends FieldValues, T>({
  label,
  view,
  initialValues,
  schema,
  input,
  check,
  save,
  mainKey,
  otherKeys = [],
  editor,
}: EditableRowProps<V, T>) {
  const { online } = useSyncState();
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  const api = useApiForm<V, T>({
    schema,
    defaultValues: initialValues(),
    input,
    fields: [mainKey, ...otherKeys],
    submit: async (data, form) => {
      await save(data, form.getValues());
      close();
    },
  });
  const { form, onSubmit, submitting: saving, failure } = api;

  useEffect(() => {
    if (!editing && returnFocus.current) {
      returnFocus.current = false;
      editButton.current?.focus();
    }
  }, [editing]);

  const values = form.watch();
  const problems = editing && check ? check(values) : null;

  function open() {
    api.reset(initialValues());
    setEditing(true);
  }

  function close() {
    returnFocus.current = true;
    api.reset(initialValues());
    setEditing(false);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!online || problems) return;
    void onSubmit();
  }

  function errorFor(key: string): string | null {
    if (problems) return problems[key]?.[0] ?? null;
    const own = api.error(key);
    if (own) return own;
    if (key !== mainKey) return null;
    // A message for a key no control shows (a 422 keyed otherwise), else a failure, goes under the main control.
    const stray = Object.keys(form.formState.errors).find((k) => k !== mainKey && !otherKeys.includes(k) && api.error(k));
    return (stray ? api.error(stray) : null) ?? failure;
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
        {editor({ form, field: api.field, error: errorFor, saving })}
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
