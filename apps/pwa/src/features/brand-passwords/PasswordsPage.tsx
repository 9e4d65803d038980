import { type BrandPassword, BRAND_PASSWORD_MESSAGES as M } from '@simvisit/schema';
import { AdminPage, Button, DataTable, defineColumns, useAdminDialogs } from '@simvisit/ui';
import { useQuery } from '@tanstack/react-query';
import { tableRows } from '../../lib/table-rows';
import { useDocumentTitle } from '../../lib/use-document-title';
import { notifyFailure, notifySuccess } from '../../platform/notices';
import { brandPasswordsQuery, useSaveBrandPassword } from './brand-passwords-api';
import { EditPasswordModal } from './EditPasswordModal';

const HEADING = 'Manage Passwords';

function rotationText(p: BrandPassword): string {
  if (!p.enable_password || !p.rotate_password || !p.rotation_frequency) return 'Off';
  return p.rotation_frequency === 1 ? 'Every day' : `Every ${p.rotation_frequency} days`;
}

const columns = defineColumns<BrandPassword>([
  { id: 'long_name', header: 'Partner', value: (p) => p.long_name, sortable: true, className: 'font-medium text-slate-900' },
  { id: 'slug', header: 'Slug', value: (p) => p.slug, sortable: true },
  { id: 'enabled', header: 'Enabled', value: (p) => (p.enable_password ? 'Yes' : 'No'), sortable: true },
  { id: 'password', header: 'Password', value: (p) => (p.enable_password ? p.password : ''), className: 'font-mono' },
  { id: 'rotation', header: 'Rotation', value: rotationText },
  {
    id: 'rotation_end_date',
    header: 'Rotation End Date',
    value: (p) => (p.enable_password && p.rotate_password ? p.rotation_end_date : ''),
    sortable: true,
  },
]);

/** /management/passwords (spec 002 §2.14): every partner's passcode settings, each edited in a modal. Super admins (the route's guard). */
export function PasswordsPage() {
  useDocumentTitle(HEADING);
  const list = useQuery(brandPasswordsQuery());
  const save = useSaveBrandPassword();
  const dialogs = useAdminDialogs<BrandPassword>();
  const editing = dialogs.editing === 'new' ? null : dialogs.editing;
  return (
    <AdminPage
      title={HEADING}
      editor={
        <EditPasswordModal
          key={editing?.id ?? 'closed'}
          partner={editing}
          onClose={dialogs.closeEditor}
          save={(body) => save.mutateAsync(body)}
          onSaved={() => {
            notifySuccess(M.saved);
            dialogs.closeEditor();
          }}
          onFailed={(err) => notifyFailure(M.failed, err)}
        />
      }
    >
      <DataTable
        caption="Partner passwords"
        columns={columns}
        {...tableRows(list, (data) => data.partners, 'Partner passwords could not be loaded')}
        getRowId={(p) => p.id}
        loadingLabel="Loading partner passwords"
        empty="There are no partners."
        rowActions={(p) => (
          <Button size="sm" variant="secondary" onClick={() => dialogs.edit(p)} aria-label={`Edit password settings of ${p.long_name}`}>
            Edit
          </Button>
        )}
      />
    </AdminPage>
  );
}
