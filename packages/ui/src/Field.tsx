import type { ComponentProps, ReactNode } from 'react';
import { cn } from './cn';

interface FieldFrameProps {
  id: string;
  label: ReactNode;
  /** The first message for this field; the control gets a danger border and points at it. */
  error?: string | null;
  hint?: ReactNode;
  required?: boolean;
  className?: string;
}

const CONTROL =
  'block w-full rounded-md border bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-500 ' +
  'focus:outline-none focus:ring-2 disabled:bg-slate-50 disabled:text-slate-500 max-sm:min-h-11 pointer-coarse:min-h-11';

function controlClassName(error: string | null | undefined, className?: string) {
  return cn(
    CONTROL,
    error ? 'border-red-500 focus:border-red-500 focus:ring-red-200' : 'border-slate-300 focus:border-brand-500 focus:ring-brand-200',
    className,
  );
}

function describedBy(id: string, error: string | null | undefined, hint: ReactNode) {
  const ids = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

function FieldFrame({
  id,
  label,
  error,
  hint,
  required,
  className,
  moreErrors,
  children,
}: FieldFrameProps & { moreErrors?: readonly string[]; children: ReactNode }) {
  return (
    <div className={cn('space-y-1.5', className)}>
      <div className="flex gap-0.5 text-sm font-medium text-slate-700">
        <label htmlFor={id}>{label}</label>
        {/* Outside the label so the field's name stays exactly its label; `required` tells assistive tech. */}
        {required ? (
          <span className="text-red-600" aria-hidden="true">
            *
          </span>
        ) : null}
      </div>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      {error && moreErrors?.length ? (
        <ul className="list-disc space-y-0.5 pl-5 text-sm text-red-700">
          {moreErrors.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

export type TextFieldProps = FieldFrameProps & Omit<ComponentProps<'input'>, 'id' | 'className'> & { inputClassName?: string };

export function TextField({ id, label, error, hint, required, className, inputClassName, ...input }: TextFieldProps) {
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} required={required} className={className}>
      <input
        id={id}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        className={controlClassName(error, inputClassName)}
        {...input}
      />
    </FieldFrame>
  );
}

export type FileFieldProps = FieldFrameProps &
  Omit<ComponentProps<'input'>, 'id' | 'className' | 'type'> & {
    /** The messages after the first, listed under it (a file refused for several reasons: a list's bad rows). */
    moreErrors?: readonly string[];
  };

/** A file input (one file), framed like the other fields: label, hint, the message under it. */
export function FileField({ id, label, error, hint, required, className, moreErrors, ...input }: FileFieldProps) {
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} required={required} className={className} moreErrors={moreErrors}>
      <input
        id={id}
        type="file"
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        className={cn(
          'block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2',
          'file:font-medium file:text-brand-800 hover:file:bg-brand-100',
        )}
        {...input}
      />
    </FieldFrame>
  );
}

export type TextAreaFieldProps = FieldFrameProps & Omit<ComponentProps<'textarea'>, 'id' | 'className'>;

export function TextAreaField({ id, label, error, hint, required, className, rows = 5, ...textarea }: TextAreaFieldProps) {
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} required={required} className={className}>
      <textarea
        id={id}
        rows={rows}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        className={controlClassName(error, 'resize-y')}
        {...textarea}
      />
    </FieldFrame>
  );
}

export interface SelectOption {
  value: string;
  label: string;
}

export type SelectFieldProps = FieldFrameProps &
  Omit<ComponentProps<'select'>, 'id' | 'className' | 'children'> & {
    options: readonly SelectOption[];
    /** A first, empty choice such as "Select a topic". */
    placeholder?: string;
  };

/** A native select: it gets the platform's own picker on phones and tablets. */
export function SelectField({ id, label, error, hint, required, className, options, placeholder, ...select }: SelectFieldProps) {
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} required={required} className={className}>
      <select
        id={id}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        className={controlClassName(error, 'pr-8')}
        {...select}
      >
        {placeholder !== undefined ? (
          <option value="" disabled={required}>
            {placeholder}
          </option>
        ) : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
