import { SCENARIO_FORM_LABELS, type ScenarioForm } from '@simvisit/schema';
import { Alert, Button, Modal, SelectField, Spinner } from '@simvisit/ui';
import { useId } from 'react';
import { z } from 'zod';
import { errorMessage } from '../../lib/api';
import { useApiForm } from '../../lib/api-form';
import { notifySuccess } from '../../platform/notices';
import { formCalls, usePublishedRubrics } from './scenario-forms-api';

export interface AttachRubricModalProps {
  form: ScenarioForm;
  online: boolean;
  onClose: () => void;
  onAttached: (form: ScenarioForm) => void;
}

const CHOOSE = 'Please choose a rubric.';
/** The choice only: the server checks the rubric itself (published, not yet on the form) through the call's path. */
const choiceSchema = z.object({ rubric: z.string().min(1, { error: CHOOSE }).transform(Number) });

/**
 * 'Attach Rubric' (spec 001 §7): picks one of the published rubrics not yet on this form. Only published
 * rubrics are offered (drafts can still change); the server refuses a rubric attached twice, and its message
 * is shown here if that happens from another tab.
 */
export function AttachRubricModal({ form, online, onClose, onAttached }: AttachRubricModalProps) {
  const ids = useId();
  const formId = `${ids}-form`;
  const rubrics = usePublishedRubrics(true);
  const {
    form: choiceForm,
    field,
    onSubmit,
    submitting: saving,
    failure,
  } = useApiForm({
    schema: choiceSchema,
    defaultValues: { rubric: '' },
    submit: async ({ rubric }) => {
      const result = await formCalls.attachRubric(form, rubric);
      notifySuccess(result.message);
      onAttached(result.form);
      onClose();
    },
  });
  const rubricChoice = field('rubric', `${ids}-rubric`);
  const attached = new Set(form.items.flatMap((i) => (i.type === 'rubric' ? [i.rubric.id] : [])));
  const options = (rubrics.data ?? [])
    .filter((r) => !attached.has(r.id))
    .map((r) => ({ value: String(r.id), label: `${r.name} (${r.question_count} question${r.question_count === 1 ? '' : 's'})` }));
  const noun = SCENARIO_FORM_LABELS[form.kind].tab;

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
      <form id={formId} noValidate onSubmit={(event) => (online ? onSubmit(event) : event.preventDefault())} className="space-y-4">
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
            {...rubricChoice}
            label="Rubric"
            required
            autoFocus
            placeholder="Select a rubric"
            options={options}
            onChange={(e) => {
              choiceForm.clearErrors('rubric');
              return rubricChoice.onChange(e);
            }}
          />
        )}
      </form>
    </Modal>
  );
}
