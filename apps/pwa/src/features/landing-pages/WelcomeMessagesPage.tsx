import { LANDING_MESSAGES as M, type WelcomePartner } from '@simvisit/schema';
import { Button, Card, CardBody, Spinner } from '@simvisit/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError } from '../../lib/api';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ErrorPage } from '../../platform/errors';
import { notifyFailure, notifySuccess } from '../../platform/notices';
import { QuestionHtml } from '../rubrics';
import { landingCalls, landingKeys, welcomeMessagesQuery } from './landing-pages-api';
import { TextEditModal } from './RichTextModal';

type Editing = { partner: WelcomePartner; field: 'welcome_message' | 'welcome_header' } | null;

/** Welcome Messages (spec 002 §2.12): per partner, an edit message modal, and an edit header modal for sim partners. */
export function WelcomeMessagesPage() {
  useDocumentTitle('Welcome Messages');
  const queryClient = useQueryClient();
  const partners = useQuery(welcomeMessagesQuery());
  const [editing, setEditing] = useState<Editing>(null);

  if (partners.isError && isApiError(partners.error) && [403, 404].includes(partners.error.status)) {
    return <ErrorPage code={String(partners.error.status)} />;
  }

  async function save(partner: WelcomePartner, field: 'welcome_message' | 'welcome_header', value: string) {
    try {
      const { message } = await landingCalls.updateWelcome({ partner_id: partner.id, [field]: value });
      notifySuccess(message);
      await queryClient.invalidateQueries({ queryKey: landingKeys.all });
    } catch (error) {
      notifyFailure(M.welcomeError, error);
      throw error;
    }
  }

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Welcome Messages</h1>
      <Card>
        <CardBody>
          {partners.isPending ? (
            <Spinner label="Loading partners" />
          ) : partners.isError ? (
            <p className="text-sm text-red-700">{partners.error.message}</p>
          ) : (
            <div className="overflow-x-auto">
              <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
                <thead>
                  <tr className="text-slate-600">
                    <th scope="col" className="px-3 py-2 font-medium">
                      Partner
                    </th>
                    <th scope="col" className="px-3 py-2 font-medium">
                      Welcome Header
                    </th>
                    <th scope="col" className="px-3 py-2 font-medium">
                      Welcome Message
                    </th>
                    <th scope="col" className="px-3 py-2 font-medium">
                      <span className="sr-only">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {partners.data.partners.map((p) => (
                    <tr key={p.id} className="align-top">
                      <td className="px-3 py-2 font-medium text-slate-900">{p.short_name}</td>
                      <td className="px-3 py-2 text-slate-700">{p.is_sim ? (p.welcome_header ?? '') : '—'}</td>
                      <td className="max-w-md px-3 py-2 text-slate-700">
                        {p.welcome_message ? <QuestionHtml html={p.welcome_message} className="line-clamp-3" /> : null}
                      </td>
                      <td className="px-3 py-2">
                        <div className="flex justify-end gap-2">
                          {p.is_sim ? (
                            <Button
                              size="sm"
                              variant="secondary"
                              onClick={() => setEditing({ partner: p, field: 'welcome_header' })}
                              aria-label={`Edit Header of ${p.short_name}`}
                            >
                              Edit Header
                            </Button>
                          ) : null}
                          <Button
                            size="sm"
                            variant="secondary"
                            onClick={() => setEditing({ partner: p, field: 'welcome_message' })}
                            aria-label={`Edit Message of ${p.short_name}`}
                          >
                            Edit Message
                          </Button>
                        </div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </CardBody>
      </Card>
      {editing ? (
        <TextEditModal
          title={`${editing.field === 'welcome_header' ? 'Edit Welcome Header' : 'Edit Welcome Message'}: ${editing.partner.short_name}`}
          field={editing.field}
          value={editing.partner[editing.field] ?? ''}
          onClose={() => setEditing(null)}
          save={(value) => save(editing.partner, editing.field, value)}
        />
      ) : null}
    </div>
  );
}
