import {
  RUBRIC_INSTRUCTIONS_MAX,
  RUBRIC_MESSAGES,
  RUBRIC_NAME_MAX,
  type RubricDetail,
  type RubricField,
  saveRubricFieldRequestSchema,
} from '@simvisit/schema';
import { Button, Card, CardBody, CardHeader, PencilIcon, SelectField, TextAreaField, TextField } from '@simvisit/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useApiForm } from '../../lib/api-form';
import type { FieldErrors } from '../../lib/form-errors';
import { notify, notifyFailure, notifySuccess } from '../../platform/notices';
import { RUBRIC_ERROR_TITLES } from './notices';
import { rubricKeys, saveRubricField } from './rubrics-api';

/** Display types of spec 002 §3: 1 two-column rows, otherwise cards. */
export const DISPLAY_TYPE_OPTIONS = [
  { value: '1', label: 'Two-column rows' },
  { value: '2', label: 'Cards' },
] as const;

function displayTypeLabel(value: number): string {
  return DISPLAY_TYPE_OPTIONS.find((o) => o.value === String(value))?.label ?? `Type ${value}`;
}

interface FieldSpec {
  field: RubricField;
  label: string;
  kind: 'text' | 'textarea' | 'select';
  hint?: string;
}

const FIELDS: readonly FieldSpec[] = [
  { field: 'name', label: 'Name', kind: 'text' },
  { field: 'learner_instructions', label: 'Learner Instructions', kind: 'textarea', hint: 'Shown to learners with their results.' },
  { field: 'scorer_instructions', label: 'Scorer Instructions', kind: 'textarea', hint: 'Shown to observers and SPs while they score.' },
  { field: 'display_type', label: 'Display Type', kind: 'select', hint: 'How the questions are laid out on a scorecard.' },
];

function savedValue(rubric: RubricDetail, field: RubricField): string {
  const v = rubric[field];
  return v === null || v === undefined ? '' : String(v);
}

export interface RubricDetailsCardProps {
  rubric: RubricDetail;
  /** A draft the person may change while online. */
  editable: boolean;
}

/** Name, instructions and display type, each saved on its own (POST api/rubric/save-field, spec 001 §5). */
export function RubricDetailsCard({ rubric, editable }: RubricDetailsCardProps) {
  return (
    <Card aria-labelledby="rubric-details-heading">
      <CardHeader title={<span id="rubric-details-heading">Details</span>} />
      <CardBody className="divide-y divide-slate-100 py-1">
        {FIELDS.map((spec) => (
          <FieldRow key={spec.field} rubric={rubric} spec={spec} editable={editable} />
        ))}
      </CardBody>
    </Card>
  );
}

function FieldRow({ rubric, spec, editable }: { rubric: RubricDetail; spec: FieldSpec; editable: boolean }) {
  const queryClient = useQueryClient();
  const id = useId();
  const saved = savedValue(rubric, spec.field);
  const [editing, setEditing] = useState(false);
  const {
    form,
    field,
    onSubmit,
    submitting: saving,
  } = useApiForm({
    schema: saveRubricFieldRequestSchema,
    defaultValues: { value: saved },
    input: ({ value }) => ({
      rubric_id: rubric.id,
      field: spec.field,
      value: spec.kind === 'select' ? Number(value) : spec.kind === 'textarea' && value.trim() === '' ? null : value,
    }),
    submit: async ({ value }) => {
      const result = await saveRubricField(rubric.id, spec.field, value);
      queryClient.setQueryData<RubricDetail>(rubricKeys.detail(rubric.id), (r) => (r ? { ...r, [result.field]: result.value } : r));
      void queryClient.invalidateQueries({ queryKey: rubricKeys.lists() });
      notifySuccess(result.message);
      close();
    },
    onInvalid: (errors) => showInvalid(errors),
    onError: ({ errors }, failure) => {
      if (errors.value?.[0]) showInvalid(errors);
      else notifyFailure(RUBRIC_ERROR_TITLES.save, failure);
    },
  });
  const control = field('value', id);
  // Whatever the rule refuses is about the one value this row edits: its first message shows under it.
  const [error, setError] = useState<string | null>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);

  useEffect(() => {
    if (!editing && returnFocus.current) {
      returnFocus.current = false;
      editButton.current?.focus();
    }
  }, [editing]);

  // Publishing (or going offline) while a row is open closes it.
  useEffect(() => {
    if (!editable) setEditing(false);
  }, [editable]);

  function open() {
    form.reset({ value: saved });
    setError(null);
    setEditing(true);
  }

  function close() {
    returnFocus.current = true;
    setError(null);
    setEditing(false);
  }

  function showInvalid(errors: FieldErrors) {
    const message = errors.value?.[0] ?? Object.values(errors)[0]?.[0] ?? RUBRIC_MESSAGES.invalidDataTitle;
    setError(message);
    // The name rule's notice of spec 001 §5: title 'Invalid data.'.
    notify({ title: RUBRIC_MESSAGES.invalidDataTitle, content: message, icon: 'warning', color: 'red' });
    requestAnimationFrame(() => document.getElementById(id)?.focus());
  }

  const view = spec.field === 'display_type' ? displayTypeLabel(rubric.display_type) : saved === '' ? null : saved;

  if (!editing) {
    return (
      <div className="grid grid-cols-[1fr_auto] items-start gap-x-4 gap-y-1 py-3 md:grid-cols-[11rem_1fr_auto]">
        <p className="text-sm font-medium text-slate-600">{spec.label}</p>
        <p className="col-start-1 row-start-2 min-w-0 text-sm break-words whitespace-pre-line text-slate-900 md:col-start-2 md:row-start-1">
          {view === null ? <span className="text-slate-500">Not provided</span> : view}
        </p>
        {editable ? (
          <div className="col-start-2 row-span-2 row-start-1 md:col-start-3 md:row-span-1">
            <Button ref={editButton} variant="ghost" size="sm" onClick={open} aria-label={`Edit ${spec.label}`}>
              <PencilIcon className="size-4" />
              <span aria-hidden="true">Edit</span>
            </Button>
          </div>
        ) : null}
      </div>
    );
  }

  const common = {
    ...control,
    onChange: (e: { target: unknown; type?: unknown }) => {
      setError(null);
      return control.onChange(e);
    },
    label: spec.label,
    error,
    hint: spec.hint,
    disabled: saving,
  };
  return (
    <div className="py-3">
      <form
        onSubmit={onSubmit}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && !saving) {
            e.preventDefault();
            close();
          }
        }}
        noValidate
        aria-label={`Edit ${spec.label}`}
        className="space-y-3 rounded-lg border border-brand-200 bg-brand-50/40 p-3"
      >
        {spec.kind === 'text' ? (
          <TextField {...common} autoFocus required maxLength={RUBRIC_NAME_MAX} />
        ) : spec.kind === 'textarea' ? (
          <TextAreaField {...common} autoFocus rows={4} maxLength={RUBRIC_INSTRUCTIONS_MAX} />
        ) : (
          <SelectField {...common} autoFocus options={DISPLAY_TYPE_OPTIONS} />
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" size="sm" onClick={close} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" size="sm" disabled={saving}>
            {saving ? 'Saving…' : 'Save'}
          </Button>
        </div>
      </form>
    </div>
  );
}
