import { formatDateTime } from '@simvisit/schema';
import { Button, Card, CardBody, CardHeader } from '@simvisit/ui';
import type { ReactNode } from 'react';
import { notify, notifyError } from '../../platform/notices';
import type { UserDetail } from './types';
import { UserAvatar } from './UserAvatar';

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="break-words text-sm text-slate-900">{children}</dd>
    </div>
  );
}

async function copyLink(link: string, partnerName: string) {
  try {
    await navigator.clipboard.writeText(link);
    notify({
      title: 'Auto login link copied.',
      content: `The link signs in at ${partnerName}, once, within 15 minutes.`,
      icon: 'success',
      color: 'green',
    });
  } catch {
    // No clipboard (permission refused or an insecure origin): show the link so it can be copied by hand.
    notifyError('Could not copy the link', link);
  }
}

/** Id, email, mobile number and its verification, and the partners the user belongs to (spec 000 §2.14). */
export function UserSummaryCard({ user }: { user: UserDetail }) {
  const verified = user.mobile_verified_at ? new Date(user.mobile_verified_at) : null;
  return (
    <Card aria-label="User Information">
      <CardHeader title="User Information" />
      <CardBody className="space-y-5">
        <div className="flex items-start gap-4">
          <UserAvatar name={user.name} image={user.image_location} className="size-16 text-base" />
          <dl className="grid flex-1 gap-x-8 gap-y-3 sm:grid-cols-2 lg:grid-cols-4">
            <Item label="User ID">{user.id}</Item>
            <Item label="Email">
              <a href={`mailto:${user.email}`} className="text-brand-700 hover:underline">
                {user.email}
              </a>
            </Item>
            <Item label="Mobile Number">{user.mobile_number ?? 'None'}</Item>
            <Item label="Mobile Verified">
              {verified && !Number.isNaN(verified.getTime()) ? formatDateTime(verified) : 'Mobile not verified'}
            </Item>
          </dl>
        </div>
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Partners</caption>
            <thead>
              <tr className="border-b border-slate-200 text-xs font-medium text-slate-500">
                <th scope="col" className="py-2 pr-4 font-medium">
                  Partner
                </th>
                <th scope="col" className="py-2 font-medium">
                  Auto Login
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {user.partners.length === 0 ? (
                <tr>
                  <td colSpan={2} className="py-3 text-slate-600">
                    No partners
                  </td>
                </tr>
              ) : (
                user.partners.map((p) => (
                  <tr key={p.id}>
                    <td className="py-2 pr-4 text-slate-900">
                      {p.long_name} - {p.slug}
                    </td>
                    <td className="py-2">
                      {p.al_link ? (
                        <Button
                          size="sm"
                          variant="secondary"
                          aria-label={`Copy auto login link for ${p.long_name}`}
                          onClick={() => void copyLink(p.al_link!, p.long_name)}
                        >
                          Copy Link
                        </Button>
                      ) : (
                        <span className="text-slate-500">{user.auto_login ? '—' : 'Off'}</span>
                      )}
                    </td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
      </CardBody>
    </Card>
  );
}
