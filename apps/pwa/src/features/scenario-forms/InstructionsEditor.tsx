import { FORM_INSTRUCTIONS_MAX, SCENARIO_FORM_MESSAGES as M, type ScenarioForm } from '@simvisit/schema';
import { Button, TextAreaField } from '@simvisit/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { isApiError } from '../../lib/api';
import { firstError } from '../../lib/form-errors';
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
export function InstructionsEditor({ form, editable }: { form: ScenarioForm; editable: boolean }) {
  const id = useId();
  const queryClient = useQueryClient();
  const saved = form.instructions ?? '';
  const [text, setText] = useState(saved);
  const [error, setError] = useState<string | null>(null);
  // Another change of the form (or another tab) brought new instructions: show them unless the person is typing.
  const [base, setBase] = useState(saved);
  useEffect(() => {
    if (saved !== base) {
      setText((t) => (t === base ? saved : t));
      setBase(saved);
    }
  }, [saved, base]);

  const save = useMutation({
    mutationFn: () => formCalls.saveInstructions(form, text),
    onSuccess: (result) => {
      queryClient.setQueryData(scenarioFormKeys.form(form.kind, form.scenario_id), result.form);
      const stored = result.form.instructions ?? '';
      setBase(stored);
      setText(stored);
      notifySuccess(result.message);
    },
    onError: (e) => {
      if (isApiError(e)) setError(firstError(e.errors, 'instructions'));
      notifyFailure(M.instructionsError, e);
    },
  });

  const changed = text.trim() !== saved.trim();
  return (
    <form
      className="space-y-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (editable && changed && !save.isPending) save.mutate();
      }}
    >
      <TextAreaField
        id={`${id}-instructions`}
        label="Instructions"
        hint={`Plain text shown to ${ANSWERED_BY[form.kind]} before the questions.`}
        rows={3}
        maxLength={FORM_INSTRUCTIONS_MAX}
        value={text}
        readOnly={!editable}
        error={error}
        onChange={(e) => {
          setText(e.target.value);
          setError(null);
        }}
      />
      {editable ? (
        <div className="flex justify-end">
          <Button type="submit" size="sm" variant="secondary" disabled={!changed || save.isPending}>
            {save.isPending ? 'Saving…' : 'Save Instructions'}
          </Button>
        </div>
      ) : null}
    </form>
  );
}
