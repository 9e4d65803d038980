import { SCENARIO_FORM_LABELS, type ScenarioForm } from '@simvisit/schema';
import { Alert, Button, Modal, SelectField, Spinner } from '@simvisit/ui';
import { type FormEvent, useId, useState } from 'react';
import { errorMessage, isApiError } from '../../lib/api';
import { notifySuccess } from '../../platform/notices';
import { formCalls, usePublishedRubrics } from './scenario-forms-api';

export interface AttachRubricModalProps {
  form: ScenarioForm;
  online: boolean;
  onClose: () => void;
  onAttached: (form: ScenarioForm) => void;
}

const CHOOSE = 'Please choose a rubric.';

/**
 * 'Attach Rubric' (spec 001 §7): picks one of the published rubrics not yet on this form. Only published
 * rubrics are offered (drafts can still change); the server refuses a rubric attached twice, and its message
 * is shown here if that happens from another tab.
 */
export function AttachRubricModal({ form, online, onClose, onAttached }: AttachRubricModalProps) {
  const ids = useId();
  const formId = `${ids}-form`;
  const rubrics = usePublishedRubrics(true);
  const [choice, setChoice] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const attached = new Set(form.items.flatMap((i) => (i.type === 'rubric' ? [i.rubric.id] : [])));
  const options = (rubrics.data ?? [])
    .filter((r) => !attached.has(r.id))
    .map((r) => ({ value: String(r.id), label: `${r.name} (${r.question_count} question${r.question_count === 1 ? '' : 's'})` }));
  const noun = SCENARIO_FORM_LABELS[form.kind].tab;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving || !online) return;
    setFailure(null);
    if (!choice) {
      setFieldError(CHOOSE);
      document.getElementById(`${ids}-rubric`)?.focus();
      return;
    }
    setSaving(true);
    try {
      const result = await formCalls.attachRubric(form, Number(choice));
      notifySuccess(result.message);
      onAttached(result.form);
      onClose();
    } catch (error) {
      if (isApiError(error) && error.sessionEnded) return;
      setFailure(errorMessage(error));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open && !saving) onClose();
      }}
      title="Attach Rubric"
      description={`Add a published rubric to the ${noun}. Its questions are shown in the order of the rubric.`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={saving || !online || options.length === 0}>
            {saving ? 'Attaching…' : 'Attach'}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={submit} className="space-y-4">
        {failure ? (
          <Alert tone="danger" role="alert" title="Error attaching rubric.">
            {failure}
          </Alert>
        ) : null}
        {rubrics.isPending ? (
          <Spinner label="Loading published rubrics" />
        ) : rubrics.isError ? (
          <Alert tone="danger" role="alert" title="Error loading rubrics.">
            {errorMessage(rubrics.error)}
          </Alert>
        ) : options.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 px-4 py-4 text-center text-sm text-slate-600">
            There are no published rubrics left to attach. Publish a rubric first.
          </p>
        ) : (
          <SelectField
            id={`${ids}-rubric`}
            label="Rubric"
            required
            autoFocus
            placeholder="Select a rubric"
            options={options}
            value={choice}
            error={fieldError}
            onChange={(e) => {
              setChoice(e.target.value);
              setFieldError(null);
            }}
          />
        )}
      </form>
    </Modal>
  );
}
