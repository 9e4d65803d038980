import { type BrandPassword, BRAND_PASSWORD_MESSAGES as M } from '@simvisit/schema';
import { Button, Card, CardBody, Spinner } from '@simvisit/ui';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError } from '../../lib/api';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ErrorPage } from '../../platform/errors';
import { notifyFailure, notifySuccess } from '../../platform/notices';
import { useSignedInSession } from '../../platform/session';
import { brandPasswordsQuery, useSaveBrandPassword } from './brand-passwords-api';
import { EditPasswordModal } from './EditPasswordModal';

const HEADING = 'Manage Passwords';

function rotationText(p: BrandPassword): string {
  if (!p.enable_password || !p.rotate_password || !p.rotation_frequency) return 'Off';
  return p.rotation_frequency === 1 ? 'Every day' : `Every ${p.rotation_frequency} days`;
}

/** /management/passwords (spec 002 §2.14): every partner's passcode settings, each edited in a modal. Super admins only. */
export function PasswordsPage() {
  useDocumentTitle(HEADING);
  const session = useSignedInSession();
  const isSuperAdmin = session.user.super_admin === 1;
  const list = useQuery({ ...brandPasswordsQuery(), enabled: isSuperAdmin });
  const save = useSaveBrandPassword();
  const [editing, setEditing] = useState<BrandPassword | null>(null);

  if (!isSuperAdmin || (isApiError(list.error) && list.error.status === 403)) return <ErrorPage code="403" />;
  const partners = list.data?.partners ?? [];
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{HEADING}</h1>
      <Card>
        <CardBody>
          {list.isPending ? (
            <Spinner label="Loading partner passwords" />
          ) : list.isError ? (
            <p role="alert" className="text-sm text-red-700">
              {list.error.message}
            </p>
          ) : (
            <div className="overflow-x-auto">
              <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
                <caption className="sr-only">Partner passwords</caption>
                <thead>
                  <tr className="text-slate-600">
                    {['Partner', 'Slug', 'Enabled', 'Password', 'Rotation', 'Rotation End Date'].map((h) => (
                      <th key={h} scope="col" className="px-3 py-2 font-medium">
                        {h}
                      </th>
                    ))}
                    <th scope="col" className="px-3 py-2 font-medium">
                      <span className="sr-only">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {partners.map((p) => (
                    <tr key={p.id}>
                      <td className="px-3 py-2 font-medium text-slate-900">{p.long_name}</td>
                      <td className="px-3 py-2 text-slate-700">{p.slug}</td>
                      <td className="px-3 py-2 text-slate-700">{p.enable_password ? 'Yes' : 'No'}</td>
                      <td className="px-3 py-2 font-mono text-slate-700">{p.enable_password ? p.password : ''}</td>
                      <td className="px-3 py-2 text-slate-700">{rotationText(p)}</td>
                      <td className="px-3 py-2 text-slate-700">{p.enable_password && p.rotate_password ? p.rotation_end_date : ''}</td>
                      <td className="px-3 py-2 text-right">
                        <Button
                          size="sm"
                          variant="secondary"
                          onClick={() => setEditing(p)}
                          aria-label={`Edit password settings of ${p.long_name}`}
                        >
                          Edit
                        </Button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </CardBody>
      </Card>
      <EditPasswordModal
        key={editing?.id ?? 'closed'}
        partner={editing}
        onClose={() => setEditing(null)}
        save={(body) => save.mutateAsync(body)}
        onSaved={() => {
          notifySuccess(M.saved);
          setEditing(null);
        }}
        onFailed={(err) => notifyFailure(M.failed, err)}
      />
    </div>
  );
}
