import { type AuthUser, formatShortDate, type LookupName, PROFILE_FIELD_RULES, type ProfileField } from '@simvisit/schema';
import { SelectField, TextAreaField, TextField } from '@simvisit/ui';
import { lazy, type ReactNode, Suspense } from 'react';
import { z } from 'zod';
import type { FieldErrors } from '../../lib/form-errors';
import { useLookup } from '../../lib/lookups';
import { formatPhone } from '../../lib/phone-format';
import { useSessionUpdater, useSignedInSession } from '../../platform/session';
import { EditableRow } from './EditableRow';
import { updateField } from './profile-api';

// The international input and its flags are loaded the first time a number is edited (precached for offline).
const PhoneField = lazy(() => import('../../lib/phone-field'));

export type FieldKind =
  | { type: 'text'; autoComplete?: string }
  | { type: 'date' }
  | { type: 'number'; min: number }
  | { type: 'select'; lookup: LookupName; placeholder: string }
  | { type: 'textarea' }
  | { type: 'phone' };

/** The profile fields edited as text of one kind or another (booleans are the notification switches). */
export type EditableProfileField = Exclude<
  ProfileField,
  'email' | 'auto_login' | 'enable_email_notifications' | 'enable_sms_notifications' | 'enable_push_notifications'
>;

export function controlId(field: string): string {
  return `profile-${field.replaceAll('_', '-')}`;
}

/** The value a draft stands for, before the shared rule reads it: '' is "none" for ids, numbers and dates. */
function draftValue(kind: FieldKind, draft: string): unknown {
  if (kind.type === 'select' || kind.type === 'number') return draft.trim() === '' ? null : Number(draft);
  if (kind.type === 'date') return draft === '' ? null : draft;
  return draft;
}

/** Checks a value with the field's own rule of the allowlist (the server applies the same one). */
export function checkProfileValue(field: ProfileField, value: unknown): { ok: true; value: unknown } | { ok: false; errors: FieldErrors } {
  const parsed = PROFILE_FIELD_RULES[field].safeParse(value);
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, errors: { [field]: parsed.error.issues.map((i) => i.message) } };
}

/** A date-only "YYYY-MM-DD" as MM/DD/YY (spec 000 §9), read as a calendar day, not an instant. */
function formatDay(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return day;
  return formatShortDate(new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
}

function LookupTitle({ lookup, id }: { lookup: LookupName; id: number }) {
  const items = useLookup(lookup);
  if (!items) return <span className="text-slate-500">…</span>;
  return <>{items.find((item) => item.id === id)?.title ?? `#${id}`}</>;
}

function viewOf(kind: FieldKind, value: AuthUser[EditableProfileField]): ReactNode {
  if (value === null || value === '') return null;
  switch (kind.type) {
    case 'select':
      return <LookupTitle lookup={kind.lookup} id={Number(value)} />;
    case 'date':
      return formatDay(String(value));
    case 'phone':
      return formatPhone(String(value));
    default:
      return String(value);
  }
}

function SelectEditor({
  id,
  label,
  lookup,
  placeholder,
  value,
  onChange,
  error,
  disabled,
}: {
  id: string;
  label: string;
  lookup: LookupName;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  disabled: boolean;
}) {
  const items = useLookup(lookup);
  return (
    <SelectField
      id={id}
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      options={(items ?? []).map((item) => ({ value: String(item.id), label: item.title }))}
      placeholder={items ? placeholder : 'Loading…'}
      error={error}
      disabled={disabled}
      autoFocus
    />
  );
}

/** One allowlisted profile field, saved alone with PATCH api/auth/user/update-field/{field}. */
export function ProfileFieldRow({ field, label, kind }: { field: EditableProfileField; label: string; kind: FieldKind }) {
  const { user } = useSignedInSession();
  const { applyUser } = useSessionUpdater();
  const value = user[field];
  const id = controlId(field);

  return (
    <EditableRow
      label={label}
      view={viewOf(kind, value)}
      mainKey={field}
      initialValues={() => ({ value: value === null ? '' : String(value) })}
      // The mobile number is checked while it is typed; Save stays disabled until it is valid (spec 000 §5).
      check={kind.type === 'phone' ? ({ value: draft }) => (draft === '' ? null : invalidOrNull(field, draft)) : undefined}
      // The field's own rule of the allowlist reads the value as it is sent: trimmed, E.164, a number or null.
      schema={z.object({ [field]: PROFILE_FIELD_RULES[field] })}
      input={({ value: draft }) => ({ [field]: draftValue(kind, draft) })}
      save={async (data) => {
        const response = await updateField(field, { value: (data as Record<string, unknown>)[field] });
        applyUser(response.user);
      }}
      editor={({ form, field: bind, error, saving }) => {
        const draft = form.watch('value');
        const setDraft = (next: string) => form.setValue('value', next);
        switch (kind.type) {
          case 'phone':
            return (
              <Suspense fallback={<TextField id={id} label={label} value={draft} disabled readOnly hint="Loading…" />}>
                <PhoneField id={id} label={label} value={draft} onChange={setDraft} error={error(field)} disabled={saving} autoFocus />
              </Suspense>
            );
          case 'select':
            return (
              <SelectEditor
                id={id}
                label={label}
                lookup={kind.lookup}
                placeholder={kind.placeholder}
                value={draft}
                onChange={setDraft}
                error={error(field)}
                disabled={saving}
              />
            );
          case 'textarea':
            return <TextAreaField {...bind('value', id)} label={label} rows={8} error={error(field)} disabled={saving} autoFocus />;
          default:
            return (
              <TextField
                {...bind('value', id)}
                label={label}
                type={kind.type}
                error={error(field)}
                disabled={saving}
                autoFocus
                {...(kind.type === 'text' ? { autoComplete: kind.autoComplete } : {})}
                {...(kind.type === 'number' ? { min: kind.min, step: 1, inputMode: 'numeric' as const } : {})}
                {...(kind.type === 'date' ? { max: new Date().toISOString().slice(0, 10) } : {})}
              />
            );
        }
      }}
    />
  );
}

function invalidOrNull(field: ProfileField, value: unknown): FieldErrors | null {
  const checked = checkProfileValue(field, value);
  return checked.ok ? null : checked.errors;
}
