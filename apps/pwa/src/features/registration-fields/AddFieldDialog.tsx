import {
  type AddRegistrationFieldValues,
  addRegistrationFieldRequestSchema,
  REGISTRATION_FIELD_MESSAGES as M,
  REGISTRATION_FIELD_TYPE_LABELS,
  REGISTRATION_FIELD_TYPES,
  slugOfTitle,
} from '@simvisit/schema';
import { Alert, Button, Modal, SelectField, TextField } from '@simvisit/ui';
import { useRef, useState } from 'react';
import { useApiForm } from '../../lib/api-form';
import { notifySuccess } from '../../platform/notices';
import { addRegistrationField } from './registration-fields-api';

const typeOptions = REGISTRATION_FIELD_TYPES.map((t) => ({ value: t, label: REGISTRATION_FIELD_TYPE_LABELS[t] }));

/** The add custom field modal (spec 002 §2.11): type, title, the slug it gives, and a drop-down's options. */
export function AddFieldDialog({
  partnerId,
  userId,
  onDone,
  onCancel,
}: {
  partnerId: number;
  userId: number;
  onDone: () => void;
  onCancel: () => void;
}) {
  const defaultValues: AddRegistrationFieldValues = { field_type: 'input', field_title: '', field_slug: '', answers: [], user_id: userId };
  const { form, field, error, onSubmit, submitting, failure } = useApiForm({
    schema: addRegistrationFieldRequestSchema,
    defaultValues,
    input: (values) => ({
      ...values,
      field_slug: slugOfTitle(values.field_title),
      answers: values.field_type === 'select' ? values.answers : [],
    }),
    submit: async (body) => {
      notifySuccess((await addRegistrationField(partnerId, body)).message);
      onDone();
    },
  });
  const type = form.watch('field_type');
  const title = form.watch('field_title');
  // Each option keeps a key of its own, so removing one keeps the others' inputs (and focus) in place.
  const [options, setOptions] = useState<{ key: number; value: string }[]>([]);
  const nextKey = useRef(0);
  const setAnswers = (next: { key: number; value: string }[]) => {
    setOptions(next);
    form.setValue(
      'answers',
      next.map((o) => o.value),
    );
  };
  const answersError = error('answers');
  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open && !submitting) onCancel();
      }}
      title="Add Custom Field"
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={submitting}>
            Cancel
          </Button>
          <Button type="submit" form="add-registration-field" disabled={submitting}>
            Add Field
          </Button>
        </>
      }
    >
      <form id="add-registration-field" className="space-y-4" onSubmit={onSubmit} noValidate>
        {failure ? (
          <Alert tone="danger" role="alert">
            {failure}
          </Alert>
        ) : null}
        <SelectField label="Field Type" required options={typeOptions} {...field('field_type')} />
        <TextField label="Title" required maxLength={255} {...field('field_title')} />
        <TextField id="field-slug" label="Slug" readOnly value={slugOfTitle(title ?? '')} hint="Derived from the title." />
        {type === 'select' ? (
          <fieldset className="space-y-2" aria-describedby={answersError ? 'answers-error' : undefined}>
            <legend className="text-sm font-medium text-slate-900">Options</legend>
            {options.map((option, index) => (
              <div key={option.key} className="flex items-end gap-2">
                <TextField
                  id={`answer-${index}`}
                  label={`Option ${index + 1}`}
                  className="flex-1"
                  maxLength={255}
                  value={option.value}
                  onChange={(e) => setAnswers(options.map((o) => (o.key === option.key ? { ...o, value: e.target.value } : o)))}
                />
                <Button
                  variant="secondary"
                  onClick={() => setAnswers(options.filter((o) => o.key !== option.key))}
                  aria-label={`Remove option ${index + 1}`}
                >
                  Remove
                </Button>
              </div>
            ))}
            <Button variant="secondary" size="sm" onClick={() => setAnswers([...options, { key: nextKey.current++, value: '' }])}>
              Add Option
            </Button>
            {answersError ? (
              <p id="answers-error" className="text-sm text-red-700">
                {answersError}
              </p>
            ) : (
              <p className="text-xs text-slate-500">{M.selectOptions}.</p>
            )}
          </fieldset>
        ) : null}
      </form>
    </Modal>
  );
}
