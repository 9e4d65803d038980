import { FORM_INSTRUCTIONS_MAX, formInstructionsRequestSchema, SCENARIO_FORM_MESSAGES as M, type ScenarioForm } from '@simvisit/schema';
import { Button, TextAreaField } from '@simvisit/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef } from 'react';
import { useApiForm } from '../../lib/api-form';
import { notifyFailure, notifySuccess } from '../../platform/notices';
import { formCalls, scenarioFormKeys } from './scenario-forms-api';

/** Who answers each form, for the hints. */
const ANSWERED_BY: Record<ScenarioForm['kind'], string> = {
  scorecard: 'observers',
  'feedback-form': 'the SP',
  'participant-feedback': 'participants',
};

/**
 * The form's instructions (plain text, shown to whoever fills the form in before its questions). Saved with
 * a button rather than on every key, so a half-typed text is never what the scorers read.
 */
export function InstructionsEditor({ form: scenarioForm, editable }: { form: ScenarioForm; editable: boolean }) {
  const id = useId();
  const queryClient = useQueryClient();
  const saved = scenarioForm.instructions ?? '';
  // The instructions the field started from: another change of the form (or another tab) that brings new ones
  // shows them, unless the person is typing. A ref, so that only a new `saved` from outside moves the field:
  // a save of our own sets it before the form prop catches up, and must not be undone in between.
  const base = useRef(saved);
  const { form, field, onSubmit, submitting } = useApiForm({
    schema: formInstructionsRequestSchema,
    defaultValues: { instructions: saved },
    submit: async ({ instructions }) => {
      const result = await formCalls.saveInstructions(scenarioForm, instructions ?? '');
      queryClient.setQueryData(scenarioFormKeys.form(scenarioForm.kind, scenarioForm.scenario_id), result.form);
      const stored = result.form.instructions ?? '';
      base.current = stored;
      form.reset({ instructions: stored });
      notifySuccess(result.message);
    },
    onError: (_failure, error) => notifyFailure(M.instructionsError, error),
  });
  const text = form.watch('instructions');
  useEffect(() => {
    if (saved !== base.current) {
      if (form.getValues('instructions') === base.current) form.setValue('instructions', saved);
      base.current = saved;
    }
  }, [saved, form]);

  const control = field('instructions', `${id}-instructions`);
  const changed = text.trim() !== saved.trim();
  return (
    <form
      className="space-y-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (editable && changed) void onSubmit();
      }}
    >
      <TextAreaField
        {...control}
        label="Instructions"
        hint={`Plain text shown to ${ANSWERED_BY[scenarioForm.kind]} before the questions.`}
        rows={3}
        maxLength={FORM_INSTRUCTIONS_MAX}
        readOnly={!editable}
        onChange={(e) => {
          // The message under the field goes once the text changes.
          form.clearErrors('instructions');
          return control.onChange(e);
        }}
      />
      {editable ? (
        <div className="flex justify-end">
          <Button type="submit" size="sm" variant="secondary" disabled={!changed || submitting}>
            {submitting ? 'Saving…' : 'Save Instructions'}
          </Button>
        </div>
      ) : null}
    </form>
  );
}
