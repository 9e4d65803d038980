import { type AdminRegistrationField, REGISTRATION_FIELD_MESSAGES as M, REGISTRATION_FIELD_TYPE_LABELS } from '@simvisit/schema';
import { Alert, Button, Card, ConfirmDialog, SelectField, Spinner } from '@simvisit/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../lib/api';
import { useDocumentTitle } from '../../lib/use-document-title';
import { notifyFailure, notifySuccess } from '../../platform/notices';
import { useSignedInSession } from '../../platform/session';
import { AddFieldDialog } from './AddFieldDialog';
import { removeRegistrationField, updateRegistrationFields, usePartnerChoices, useRegistrationFields } from './registration-fields-api';

type Toggles = Record<number, { active: boolean; required: boolean }>;

const togglesOf = (fields: readonly AdminRegistrationField[]): Toggles =>
  Object.fromEntries(fields.map((f) => [f.id, { active: f.active, required: f.required }]));

/** The field table of one partner: the defaults (partner 0, not deletable) and its own, with their toggles. */
export function FieldTable({ partnerId, userId }: { partnerId: number; userId: number }) {
  const queryClient = useQueryClient();
  const fields = useRegistrationFields(partnerId);
  const [toggles, setToggles] = useState<Toggles>({});
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<AdminRegistrationField | null>(null);
  const [busy, setBusy] = useState(false);
  const rows = fields.data?.fields;

  useEffect(() => {
    if (rows) setToggles(togglesOf(rows));
  }, [rows]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['registration-fields', partnerId] });

  async function save() {
    setBusy(true);
    try {
      const list = Object.entries(toggles).map(([id, t]) => ({ id: Number(id), ...t }));
      notifySuccess((await updateRegistrationFields({ partner_id: partnerId, fields: list })).message);
      await refresh();
    } catch (err) {
      notifyFailure(M.updateFailed, err);
    } finally {
      setBusy(false);
    }
  }

  async function remove(field: AdminRegistrationField) {
    setBusy(true);
    try {
      notifySuccess((await removeRegistrationField(field.id, userId)).message);
      setDeleting(null);
      await refresh();
    } catch (err) {
      notifyFailure(M.deleteFailed, err);
    } finally {
      setBusy(false);
    }
  }

  if (fields.isPending) return <Spinner label="Loading the registration fields" />;
  if (!rows)
    return (
      <Alert tone="danger" role="alert">
        {errorMessage(fields.error)}
      </Alert>
    );
  const toggle = (id: number, key: 'active' | 'required', value: boolean) =>
    setToggles((t) => ({ ...t, [id]: { active: t[id]?.active ?? false, required: t[id]?.required ?? false, [key]: value } }));

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
            {rows.map((f) => (
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
                    checked={toggles[f.id]?.active ?? f.active}
                    onChange={(e) => toggle(f.id, 'active', e.target.checked)}
                  />
                </td>
                <td className="py-2 pr-3">
                  <input
                    type="checkbox"
                    className="size-4"
                    aria-label={`${f.title} required`}
                    checked={toggles[f.id]?.required ?? f.required}
                    onChange={(e) => toggle(f.id, 'required', e.target.checked)}
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
      <div className="flex justify-end">
        <Button onClick={save} disabled={busy || rows.length === 0}>
          Save
        </Button>
      </div>
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
          busy={busy}
          onConfirm={() => void remove(deleting)}
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
