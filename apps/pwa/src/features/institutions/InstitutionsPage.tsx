import { type Institution, INSTITUTION_MESSAGES as M } from '@simvisit/schema';
import { AdminPage, Button, DataTable, defineColumns, deletionConfirmation, EditDeleteActions, useAdminDialogs } from '@simvisit/ui';
import { useQueryClient } from '@tanstack/react-query';
import { tableRows } from '../../lib/table-rows';
import { useDocumentTitle } from '../../lib/use-document-title';
import { adminCallOutcome } from '../../platform/notices';
import { InstitutionForm } from './InstitutionForm';
import { institutionKeys, useDeleteInstitution, useInstitutions } from './institutions-api';

const columns = defineColumns<Institution>([
  { id: 'name', header: 'Name', value: (i) => i.name, sortable: true, className: 'text-slate-900' },
  {
    id: 'royalty_rate',
    header: 'Royalty Rate',
    value: (i) => Number(i.royalty_rate),
    cell: (i) => `$${i.royalty_rate}`,
    sortable: true,
    align: 'end',
  },
]);

/** Institutions (spec 002 §2.13): name and royalty rate, create, edit and delete modals; super admins (the route's guard). */
export function InstitutionsPage() {
  useDocumentTitle('Institutions');
  const list = useInstitutions();
  const queryClient = useQueryClient();
  const dialogs = useAdminDialogs<Institution>();
  const remove = useDeleteInstitution();
  const { editing, confirming } = dialogs;

  return (
    <AdminPage
      title="Institutions"
      actions={<Button onClick={dialogs.create}>Create Institution</Button>}
      editor={
        editing ? (
          <InstitutionForm
            key={editing === 'new' ? 'new' : editing.id}
            institution={editing === 'new' ? null : editing}
            onClose={dialogs.closeEditor}
            onSaved={(institutions) => queryClient.setQueryData(institutionKeys.list, { institutions })}
          />
        ) : null
      }
      confirmation={
        confirming &&
        deletionConfirmation('Institution', confirming.name, {
          busy: remove.isPending,
          onCancel: dialogs.closeConfirmation,
          onConfirm: () => remove.mutate(confirming.id, adminCallOutcome(dialogs.closeConfirmation)),
        })
      }
    >
      <DataTable
        caption="Institutions"
        columns={columns}
        {...tableRows(list, (data) => data.institutions, M.loadError)}
        getRowId={(i) => i.id}
        loadingLabel="Loading institutions"
        empty={M.empty}
        rowActions={(i) => (
          <EditDeleteActions
            name={i.name}
            onEdit={() => dialogs.edit(i)}
            onDelete={() => dialogs.confirm(i)}
            notDeletable={i.deletable ? undefined : M.notDeletable}
          />
        )}
      />
    </AdminPage>
  );
}
