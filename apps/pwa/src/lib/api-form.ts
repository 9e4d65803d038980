import { zodResolver } from '@hookform/resolvers/zod';
import { type FormEvent, useRef, useState } from 'react';
import {
  type DefaultValues,
  type FieldValues,
  type FieldErrors as FormFieldErrors,
  get,
  type Path,
  type Resolver,
  type UseFormRegisterReturn,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod/mini';
import { errorMessage, isApiError } from './api';
import type { FieldErrors } from './form-errors';

/** How a failed submit ended, for a form that reports it beyond the messages under its fields (a toast). */
export interface SubmitFailure {
  /** The server's (or the shared schema's) messages by field, Laravel style. */
  errors: FieldErrors;
  /** The failure's own message, whatever was thrown. */
  message: string;
  /** True when a field of this form shows at least one of the messages. */
  explained: boolean;
}

export interface ApiFormOptions<TValues extends FieldValues, TData> {
  /** The shared zod schema (packages/schema) that the server checks the same request with. */
  schema: z.core.$ZodType<TData>;
  defaultValues: TValues;
  /** What the schema checks, when it is more than the form's own values (a slug from the address, trimmed text). */
  input?: (values: TValues) => unknown;
  /** Sends the checked request; a thrown ApiError's field messages land under the form's fields. */
  submit: (data: TData, form: UseFormReturn<TValues, unknown, TData>) => Promise<unknown>;
  /** Fields the form shows besides its default values' keys (a message for one of them is "explained"). */
  fields?: readonly string[];
  /** After a failed call, once its field messages are under their fields (a toast, a refetch). */
  onError?: (failure: SubmitFailure, error: unknown) => void;
  /** When the shared schema refuses the values, nothing having been sent. */
  onInvalid?: (errors: FieldErrors) => void;
  /**
   * The form element's id, for a form whose controls are not inside it (one form per table row: a <form> may not
   * wrap a <tr>): every control's `form` attribute then names it, and its id defaults to `${id}-${name}`.
   */
  id?: string;
}

/** What a control bound by `field` or `fileField` gets: register()'s props, its id, the message under it. */
export type FieldBinding<TName extends string = string> = UseFormRegisterReturn<TName> & {
  id: string;
  error: string | null;
  /** the form it belongs to, when it stands outside it (a row's form) */
  form?: string;
};

export interface ApiForm<TValues extends FieldValues, TData> {
  form: UseFormReturn<TValues, unknown, TData>;
  /** The form's onSubmit: checks with the schema, then sends. */
  onSubmit: (event?: FormEvent) => Promise<void>;
  submitting: boolean;
  /** A failed call's message when none of the form's fields explains it (shown above the fields). */
  failure: string | null;
  /** The first message for a field (dotted paths for nested ones), as shown under it. */
  error: (name: string) => string | null;
  /** Every message for a field, the schema's and the server's. */
  messages: (name: string) => string[];
  /** Back to these values (or the defaults) with no messages and no failure: a row or a modal opened again. */
  reset: (values?: TValues) => void;
  /** Reports a failure of a step that goes on after the submit (a card's 3-D Secure check) the same way. */
  setFailure: (message: string | null) => void;
  /** A text control's binding: register()'s props, its id and the message under it. */
  field: (name: Path<TValues>, id?: string) => FieldBinding<Path<TValues>>;
  /**
   * A file input's binding: the schema sees the picked File (or null, not the input's FileList), and `reset`
   * empties the input. Send it with apiUploadCall, which builds the multipart body from the checked values.
   */
  fileField: (name: Path<TValues>, id?: string) => FieldBinding<Path<TValues>>;
  /** The <form> element's props: its id (per-row forms), onSubmit and noValidate (the schema checks, not the browser). */
  formProps: { id?: string; onSubmit: (event?: FormEvent) => Promise<void>; noValidate: true };
}

function messagesOf(errors: FormFieldErrors, name: string): string[] {
  const entry = get(errors, name) as { message?: unknown; types?: Record<string, unknown> } | undefined;
  if (!entry) return [];
  const all = entry.types ? Object.values(entry.types).flat() : [];
  const first = typeof entry.message === 'string' && entry.message ? [entry.message] : [];
  return [...new Set([...first, ...all].filter((m): m is string => typeof m === 'string' && m !== ''))];
}

/** RHF's nested errors flattened to Laravel's `{ 'a.b': [messages] }`, so callers see the server's shape. */
function flatten(errors: FormFieldErrors, prefix = ''): FieldErrors {
  const flat: FieldErrors = {};
  for (const [key, value] of Object.entries(errors)) {
    if (!value || typeof value !== 'object') continue;
    const name = prefix ? `${prefix}.${key}` : key;
    // A field's own error has a `type`; anything else is a group of nested fields.
    if (typeof (value as { type?: unknown }).type === 'string') {
      const list = messagesOf(errors, key);
      if (list.length) flat[name] = list;
    } else {
      Object.assign(flat, flatten(value as FormFieldErrors, name));
    }
  }
  return flat;
}

/** A 422's `errors`, or those of a write the local store refused (LocalValidationError: the same shape). */
function fieldErrorsOf(error: unknown): FieldErrors {
  if (isApiError(error)) return error.errors;
  const errors = error instanceof Error ? (error as { errors?: unknown }).errors : undefined;
  if (!errors || typeof errors !== 'object') return {};
  return Object.fromEntries(
    Object.entries(errors).filter(
      (entry): entry is [string, string[]] => Array.isArray(entry[1]) && entry[1].every((m) => typeof m === 'string'),
    ),
  );
}

/** A file input's value as react-hook-form keeps it (a FileList) becomes its first file, or null. */
function withPickedFiles<TValues extends FieldValues>(values: TValues, files: ReadonlySet<string>): TValues {
  if (files.size === 0) return values;
  const picked: Record<string, unknown> = { ...values };
  for (const name of files) {
    const value = picked[name];
    if (value && typeof value === 'object' && 'length' in value && typeof (value as FileList).item === 'function') {
      picked[name] = (value as FileList).item(0);
    } else if (value === undefined || value === '') picked[name] = null;
  }
  return picked as TValues;
}

/**
 * One form over react-hook-form (docs/decisions/0037): the shared schema checks the values on submit (the
 * server's own words under the fields), a refused call's `errors` (a 422) land under the matching fields, and a
 * message no field explains is the form's `failure`. Messages change only on submit, as the server's do.
 */
export function useApiForm<TValues extends FieldValues, TData>(options: ApiFormOptions<TValues, TData>): ApiForm<TValues, TData> {
  const { schema, input, submit, onError, onInvalid, id: formId } = options;
  // The file inputs bound with fileField, by name, to give the schema their File and to empty them on reset.
  const fileInputs = useRef(new Map<string, HTMLInputElement | null>());
  const schemaResolver = zodResolver(schema as never) as unknown as Resolver<TValues, unknown, TData>;
  const resolver: Resolver<TValues, unknown, TData> = (values, context, resolverOptions) => {
    const picked = withPickedFiles(values, new Set(fileInputs.current.keys()));
    return schemaResolver(input ? (input(picked) as TValues) : picked, context, resolverOptions);
  };
  const form = useForm<TValues, unknown, TData>({
    defaultValues: options.defaultValues as DefaultValues<TValues>,
    resolver,
    criteriaMode: 'all',
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const busy = useRef(false);
  const known = new Set([...Object.keys(options.defaultValues), ...(options.fields ?? [])]);
  const errors = form.formState.errors;

  const send = form.handleSubmit(
    async (data) => {
      setSubmitting(true);
      try {
        await submit(data, form);
      } catch (error) {
        // The app has logged out and shows the login page: nothing is left to report on this form.
        if (isApiError(error) && error.sessionEnded) return;
        const fieldErrors = fieldErrorsOf(error);
        for (const [name, list] of Object.entries(fieldErrors)) {
          if (list[0]) form.setError(name as Path<TValues>, { type: 'server', message: list[0], types: { server: list } });
        }
        const explained = Object.keys(fieldErrors).some((name) => known.has(name.split('.')[0] ?? name) && fieldErrors[name]?.length);
        const message = errorMessage(error);
        setFailure(explained ? null : message);
        onError?.({ errors: fieldErrors, message, explained }, error);
      } finally {
        setSubmitting(false);
      }
    },
    (invalid) => onInvalid?.(flatten(invalid)),
  );

  async function onSubmit(event?: FormEvent) {
    event?.preventDefault();
    if (busy.current) return;
    busy.current = true;
    setFailure(null);
    try {
      await send();
    } finally {
      busy.current = false;
    }
  }

  const error = (name: string) => messagesOf(errors, name)[0] ?? null;
  const field = (name: Path<TValues>, id?: string): FieldBinding<Path<TValues>> => ({
    ...form.register(name),
    id: id ?? (formId ? `${formId}-${name}` : name),
    error: error(name),
    ...(formId ? { form: formId } : {}),
  });
  return {
    form,
    onSubmit,
    submitting,
    failure,
    error,
    messages: (name) => messagesOf(errors, name),
    reset: (values) => {
      form.reset(values);
      for (const inputElement of fileInputs.current.values()) if (inputElement) inputElement.value = '';
      setFailure(null);
    },
    setFailure,
    field,
    fileField: (name, id) => {
      const binding = field(name, id);
      if (!fileInputs.current.has(name)) fileInputs.current.set(name, null);
      return {
        ...binding,
        ref: (element: HTMLInputElement | null) => {
          binding.ref(element);
          fileInputs.current.set(name, element);
        },
      };
    },
    formProps: { ...(formId ? { id: formId } : {}), onSubmit, noValidate: true },
  };
}
