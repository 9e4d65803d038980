import { type FormEvent, useRef, useState } from 'react';
import type { z } from 'zod/mini';
import { errorMessage, isApiError } from './api';
import { type FieldErrors, validate } from './form-errors';

/**
 * The form of the pages a signed-out person opens first (login, registration): the behaviour of useApiForm
 * (decision 0037) without react-hook-form, which was 14 KB gzip of their first JavaScript (decision 0085, third
 * pass). The controls are uncontrolled (the browser keeps what is typed); on submit their values are read, the
 * shared schema checks them (its messages under the fields, the first field in error focused), and a refused call's
 * `errors` (a 422) land under the matching fields. Messages change only on submit, as the server's do. Text inputs,
 * text areas and selects only; other forms keep useApiForm.
 */

/** What a control bound by `field` gets: its name, id, default value, the message under it, and a ref. */
export interface LightFieldBinding {
  name: string;
  id: string;
  defaultValue: string;
  error: string | null;
  ref: (element: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement | null) => void;
}

export interface LightFormOptions<TValues, TData> {
  /** The shared zod schema (packages/schema) that the server checks the same request with. */
  schema: z.core.$ZodType<TData>;
  /** Every field's starting value, as text; an array of objects for repeated fields (`custom_fields.0.value`). */
  defaultValues: TValues;
  /** What the schema checks, when it is more than the form's own values (a slug from the address). */
  input?: (values: TValues) => unknown;
  /** Sends the checked request; a thrown ApiError's field messages land under the form's fields. */
  submit: (data: TData) => Promise<unknown>;
  /** After a failed call, once its field messages are under their fields (a toast). */
  onError?: (failure: { errors: FieldErrors; message: string; explained: boolean }, error: unknown) => void;
}

export interface LightForm {
  onSubmit: (event?: FormEvent) => Promise<void>;
  submitting: boolean;
  /** A failed call's message when none of the form's fields explains it. */
  failure: string | null;
  field: (name: string, id?: string) => LightFieldBinding;
}

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

function valueAt(values: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), values);
}

/** A copy of `values` with the text at a dotted path replaced (only paths the defaults already hold). */
function withValueAt<T>(values: T, path: string, value: string): T {
  const keys = path.split('.');
  const copy = structuredClone(values) as Record<string, unknown>;
  let node: Record<string, unknown> = copy;
  for (const key of keys.slice(0, -1)) {
    const next = node[key];
    if (!next || typeof next !== 'object') return values;
    node = next as Record<string, unknown>;
  }
  node[keys[keys.length - 1] as string] = value;
  return copy as T;
}

export function useLightForm<TValues, TData>(options: LightFormOptions<TValues, TData>): LightForm {
  const { schema, defaultValues, input, submit, onError } = options;
  const controls = useRef(new Map<string, Control>());
  const busy = useRef(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  function currentValues(): TValues {
    let values = defaultValues;
    for (const [name, control] of controls.current) values = withValueAt(values, name, control.value);
    return values;
  }

  function focusFirstError(found: FieldErrors) {
    for (const [name, control] of controls.current) {
      if (found[name]?.length) {
        control.focus();
        return;
      }
    }
  }

  async function onSubmit(event?: FormEvent) {
    event?.preventDefault();
    if (busy.current) return;
    busy.current = true;
    setFailure(null);
    try {
      const values = currentValues();
      const checked = validate(schema, input ? input(values) : values);
      if (checked.errors) {
        setErrors(checked.errors);
        focusFirstError(checked.errors);
        return;
      }
      setErrors({});
      setSubmitting(true);
      try {
        await submit(checked.data);
      } catch (error) {
        // The app has logged out and shows the login page: nothing is left to report on this form.
        if (isApiError(error) && error.sessionEnded) return;
        const fieldErrors = isApiError(error) ? error.errors : {};
        setErrors(fieldErrors);
        const explained = Object.keys(fieldErrors).some((name) => controls.current.has(name) && fieldErrors[name]?.length);
        const message = errorMessage(error);
        setFailure(explained ? null : message);
        onError?.({ errors: fieldErrors, message, explained }, error);
      } finally {
        setSubmitting(false);
      }
    } finally {
      busy.current = false;
    }
  }

  const field = (name: string, id?: string): LightFieldBinding => ({
    name,
    id: id ?? name,
    defaultValue: String(valueAt(defaultValues, name) ?? ''),
    error: errors[name]?.[0] ?? null,
    ref: (element) => {
      if (element) controls.current.set(name, element);
      else controls.current.delete(name);
    },
  });

  return { onSubmit, submitting, failure, field };
}
