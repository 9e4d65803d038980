import { type Institution, INSTITUTION_MESSAGES as M } from '@simvisit/schema';
import { Alert, Button, Card, Modal, Spinner } from '@simvisit/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ErrorPage } from '../../platform/errors';
import { notifyAdminCallFailure, notifySuccess } from '../../platform/notices';
import { useSignedInSession } from '../../platform/session';
import { InstitutionForm } from './InstitutionForm';
import { institutionKeys, useDeleteInstitution, useInstitutions } from './institutions-api';

/** Institutions (spec 002 §2.13): name and royalty rate, create, edit and delete modals; super admins. */
export function InstitutionsPage() {
  useDocumentTitle('Institutions');
  const session = useSignedInSession();
  if (session.user.super_admin !== 1) return <ErrorPage code="403" />;
  return <Institutions />;
}

function Institutions() {
  const list = useInstitutions();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Institution | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Institution | null>(null);
  const remove = useDeleteInstitution();

  function confirmDelete() {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: (answer) => {
        notifySuccess(answer.message);
        setDeleting(null);
      },
      onError: notifyAdminCallFailure,
    });
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Institutions</h1>
        <Button onClick={() => setEditing('new')}>Create Institution</Button>
      </div>
      {list.isPending ? (
        <Spinner label="Loading institutions" />
      ) : list.isError ? (
        <Alert tone="danger" role="alert" title={M.loadError}>
          {errorMessage(list.error)}
        </Alert>
      ) : list.data.institutions.length === 0 ? (
        <Card className="p-6 text-center text-slate-600">{M.empty}</Card>
      ) : (
        <Card className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Name
                </th>
                <th scope="col" className="px-4 py-3 text-right font-semibold">
                  Royalty Rate
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {list.data.institutions.map((i) => (
                <tr key={i.id}>
                  <td className="px-4 py-3 text-slate-900">{i.name}</td>
                  <td className="px-4 py-3 text-right whitespace-nowrap text-slate-700">${i.royalty_rate}</td>
                  <td className="px-4 py-3 text-right whitespace-nowrap">
                    <Button size="sm" variant="secondary" onClick={() => setEditing(i)} aria-label={`Edit ${i.name}`}>
                      Edit
                    </Button>{' '}
                    <Button
                      size="sm"
                      variant="danger"
                      onClick={() => setDeleting(i)}
                      disabled={!i.deletable}
                      title={i.deletable ? undefined : M.notDeletable}
                      aria-label={`Delete ${i.name}`}
                    >
                      Delete
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      )}
      {editing ? (
        <InstitutionForm
          key={editing === 'new' ? 'new' : editing.id}
          institution={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(institutions) => queryClient.setQueryData(institutionKeys.list, { institutions })}
        />
      ) : null}
      <Modal
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open && !remove.isPending) setDeleting(null);
        }}
        title="Delete Institution"
        footer={
          <>
            <Button variant="secondary" onClick={() => setDeleting(null)} disabled={remove.isPending}>
              Cancel
            </Button>
            <Button variant="danger" onClick={confirmDelete} disabled={remove.isPending}>
              Delete
            </Button>
          </>
        }
      >
        <p className="text-sm text-slate-700">Delete “{deleting?.name}”? This cannot be undone.</p>
      </Modal>
    </div>
  );
}
