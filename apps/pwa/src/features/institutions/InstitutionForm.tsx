import { INSTITUTION_NAME_MAX, type Institution, institutionRequestSchema, ROYALTY_RATE_MAX } from '@simvisit/schema';
import { Alert, Button, Modal, TextField } from '@simvisit/ui';
import { useId } from 'react';
import { useApiForm } from '../../lib/api-form';
import { notifyAdminCallFailure, notifySuccess } from '../../platform/notices';
import { saveInstitution } from './institutions-api';

export interface InstitutionFormProps {
  /** the institution to edit, or null to create one */
  institution: Institution | null;
  onClose: () => void;
  onSaved: (institutions: Institution[]) => void;
}

/**
 * The create and edit modal of Institutions (spec 002 §2.13, §5): a name (at most 255) and a royalty rate in
 * USD from 0 to 999 with 2 decimals. Server errors show as the admin-call notification (spec 002 §8).
 */
export function InstitutionForm({ institution, onClose, onSaved }: InstitutionFormProps) {
  const ids = useId();
  const formId = `${ids}-form`;
  const { field, onSubmit, submitting, failure } = useApiForm({
    schema: institutionRequestSchema,
    defaultValues: { name: institution?.name ?? '', royalty_rate: institution?.royalty_rate ?? '0.00' },
    submit: async (data) => {
      const answer = await saveInstitution(data, institution?.id);
      notifySuccess(answer.message);
      onSaved(answer.institutions);
      onClose();
    },
    onError: (_f, err) => notifyAdminCallFailure(err),
  });
  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open && !submitting) onClose();
      }}
      title={institution ? 'Edit Institution' : 'Create Institution'}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={submitting}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={submitting}>
            {submitting ? 'Saving…' : 'Save'}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={onSubmit} className="space-y-4">
        {failure ? (
          <Alert tone="danger" role="alert" title="Error saving institution">
            {failure}
          </Alert>
        ) : null}
        <TextField {...field('name', `${ids}-name`)} label="Institution Name" required maxLength={INSTITUTION_NAME_MAX} />
        <TextField
          {...field('royalty_rate', `${ids}-rate`)}
          label="Royalty Rate (USD)"
          type="number"
          inputMode="decimal"
          min={0}
          max={ROYALTY_RATE_MAX}
          step="0.01"
          required
          hint="From $0.00 to $999.00"
        />
      </form>
    </Modal>
  );
}
