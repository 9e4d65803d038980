import {
  type AdminRegistrationField,
  REGISTRATION_FIELD_MESSAGES as M,
  REGISTRATION_FIELD_TYPE_LABELS,
  updateRegistrationFieldsRequestSchema,
} from '@simvisit/schema';
import { Alert, Button, Card, ConfirmDialog, SelectField, Spinner } from '@simvisit/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../lib/api';
import { useApiForm } from '../../lib/api-form';
import { useDocumentTitle } from '../../lib/use-document-title';
import { notifyFailure, notifySuccess } from '../../platform/notices';
import { useSignedInSession } from '../../platform/session';
import { AddFieldDialog } from './AddFieldDialog';
import { removeRegistrationField, updateRegistrationFields, usePartnerChoices, useRegistrationFields } from './registration-fields-api';

type Toggles = { fields: { id: number; active: boolean; required: boolean }[] };

const togglesOf = (fields: readonly AdminRegistrationField[]): Toggles => ({
  fields: fields.map((f) => ({ id: f.id, active: f.active, required: f.required })),
});

/** The field table of one partner: the defaults (partner 0, not deletable) and its own, with their toggles. */
export function FieldTable({ partnerId, userId }: { partnerId: number; userId: number }) {
  const queryClient = useQueryClient();
  const fields = useRegistrationFields(partnerId);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<AdminRegistrationField | null>(null);
  const rows = fields.data?.fields;
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['registration-fields', partnerId] });
  // The toggles of every row are one form: Save sends them all (spec 002 §2.11).
  const toggles = useApiForm({
    // The checkboxes sit in the table's cells, outside the <form> of the Save button.
    id: `registration-fields-${partnerId}`,
    schema: updateRegistrationFieldsRequestSchema,
    defaultValues: togglesOf(rows ?? []),
    input: (values) => ({ ...values, partner_id: partnerId }),
    submit: async (body) => {
      notifySuccess((await updateRegistrationFields(body)).message);
      await refresh();
    },
    onError: (_failure, error) => notifyFailure(M.updateFailed, error),
  });
  const { reset } = toggles;
  // The rows read again (a field added, deleted or saved) are the form's values afresh.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset is a new function each render; the rows decide.
  useEffect(() => {
    if (rows) reset(togglesOf(rows));
  }, [rows]);
  // Deleting is a confirmed single call, not a form (decision 0037).
  const remove = useMutation({
    mutationFn: (field: AdminRegistrationField) => removeRegistrationField(field.id, userId),
    onSuccess: async (answer) => {
      notifySuccess(answer.message);
      setDeleting(null);
      await refresh();
    },
    onError: (error) => notifyFailure(M.deleteFailed, error),
  });

  if (fields.isPending) return <Spinner label="Loading the registration fields" />;
  if (!rows)
    return (
      <Alert tone="danger" role="alert">
        {errorMessage(fields.error)}
      </Alert>
    );

  return (
    <Card className="space-y-4 p-4 sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold text-slate-900">Fields</h2>
        <Button variant="secondary" onClick={() => setAdding(true)}>
          Add Custom Field
        </Button>
      </div>
      <p className="text-sm text-slate-600">First Name, Last Name and Email are always shown and required.</p>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-slate-200 text-slate-600">
            <tr>
              <th className="py-2 pr-3 font-medium">Title</th>
              <th className="py-2 pr-3 font-medium">Type</th>
              <th className="py-2 pr-3 font-medium">Options</th>
              <th className="py-2 pr-3 font-medium">Active</th>
              <th className="py-2 pr-3 font-medium">Required</th>
              <th className="py-2 font-medium">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((f, index) => (
              <tr key={f.id} className="border-b border-slate-100">
                <td className="py-2 pr-3 text-slate-900">
                  {f.title}
                  {f.partner_id === 0 ? (
                    <span className="ml-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700">Default</span>
                  ) : null}
                </td>
                <td className="py-2 pr-3">{REGISTRATION_FIELD_TYPE_LABELS[f.field_type]}</td>
                <td className="py-2 pr-3">{f.answers.map((a) => a.title).join(', ')}</td>
                <td className="py-2 pr-3">
                  <input
                    type="checkbox"
                    className="size-4"
                    aria-label={`${f.title} active`}
                    form={toggles.formProps.id}
                    {...toggles.form.register(`fields.${index}.active`)}
                  />
                </td>
                <td className="py-2 pr-3">
                  <input
                    type="checkbox"
                    className="size-4"
                    aria-label={`${f.title} required`}
                    form={toggles.formProps.id}
                    {...toggles.form.register(`fields.${index}.required`)}
                  />
                </td>
                <td className="py-2 text-right">
                  {f.partner_id === 0 ? null : (
                    <Button variant="danger" size="sm" onClick={() => setDeleting(f)} aria-label={`Delete ${f.title}`}>
                      Delete
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <form {...toggles.formProps} className="flex justify-end">
        <Button type="submit" disabled={toggles.submitting || rows.length === 0}>
          Save
        </Button>
      </form>
      {adding ? (
        <AddFieldDialog
          partnerId={partnerId}
          userId={userId}
          onCancel={() => setAdding(false)}
          onDone={() => {
            setAdding(false);
            void refresh();
          }}
        />
      ) : null}
      {deleting ? (
        <ConfirmDialog
          title="Delete Field"
          description={`Delete the field '${deleting.title}'? Every answer given to it is deleted too.`}
          confirmLabel="Delete"
          tone="danger"
          busy={remove.isPending}
          onConfirm={() => remove.mutate(deleting)}
          onCancel={() => setDeleting(null)}
        />
      ) : null}
    </Card>
  );
}

/** Partner Registration Fields (spec 002 §2.11), super admins only. */
export function RegistrationFieldsPage() {
  useDocumentTitle('Registration Fields');
  const session = useSignedInSession();
  const partners = usePartnerChoices();
  const [partnerId, setPartnerId] = useState<number | null>(null);
  const list = partners.data ?? [];
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Registration Fields</h1>
      {partners.isPending ? (
        <Spinner label="Loading the partners" />
      ) : partners.error ? (
        <Alert tone="danger" role="alert">
          {errorMessage(partners.error)}
        </Alert>
      ) : list.length === 0 ? (
        <Alert tone="info" role="status">
          {M.noPartners}
        </Alert>
      ) : (
        <>
          <Card className="p-4 sm:p-5">
            <SelectField
              id="registration-fields-partner"
              label="Partner"
              placeholder="Select a partner"
              options={list.map((p) => ({ value: String(p.id), label: p.long_name }))}
              value={partnerId === null ? '' : String(partnerId)}
              onChange={(e) => setPartnerId(e.target.value ? Number(e.target.value) : null)}
            />
          </Card>
          {partnerId === null ? null : <FieldTable key={partnerId} partnerId={partnerId} userId={session.user.id} />}
        </>
      )}
    </div>
  );
}
