import { LANDING_MESSAGES as M, type WelcomePartner } from '@simvisit/schema';
import { AdminPage, Button, DataTable, defineColumns } from '@simvisit/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage, isApiError } from '../../lib/api';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ErrorPage } from '../../platform/errors';
import { notifyFailure, notifySuccess } from '../../platform/notices';
import { QuestionHtml } from '../../platform/rich-text';
import { landingCalls, landingKeys, welcomeMessagesQuery } from './landing-pages-api';
import { TextEditModal, type WelcomeTextField } from './RichTextModal';

type Editing = { partner: WelcomePartner; field: WelcomeTextField } | null;

const columns = defineColumns<WelcomePartner>([
  { id: 'short_name', header: 'Partner', value: (p) => p.short_name, sortable: true, className: 'font-medium text-slate-900' },
  { id: 'welcome_header', header: 'Welcome Header', value: (p) => (p.is_sim ? (p.welcome_header ?? '') : '—') },
  {
    id: 'welcome_message',
    header: 'Welcome Message',
    value: (p) => p.welcome_message ?? '',
    cell: (p) => (p.welcome_message ? <QuestionHtml html={p.welcome_message} className="line-clamp-3" /> : null),
    className: 'max-w-md',
  },
]);

/** Welcome Messages (spec 002 §2.12): per partner, an edit message modal, and an edit header modal for sim partners. */
export function WelcomeMessagesPage() {
  useDocumentTitle('Welcome Messages');
  const queryClient = useQueryClient();
  const partners = useQuery(welcomeMessagesQuery());
  const [editing, setEditing] = useState<Editing>(null);

  if (partners.isError && isApiError(partners.error) && [403, 404].includes(partners.error.status)) {
    return <ErrorPage code={String(partners.error.status)} />;
  }

  async function save(partner: WelcomePartner, field: WelcomeTextField, value: string) {
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
    <AdminPage
      title="Welcome Messages"
      editor={
        editing ? (
          <TextEditModal
            title={`${editing.field === 'welcome_header' ? 'Edit Welcome Header' : 'Edit Welcome Message'}: ${editing.partner.short_name}`}
            field={editing.field}
            value={editing.partner[editing.field] ?? ''}
            onClose={() => setEditing(null)}
            save={(value) => save(editing.partner, editing.field, value)}
          />
        ) : null
      }
    >
      <DataTable
        caption="Partner welcome messages"
        columns={columns}
        rows={partners.data?.partners}
        getRowId={(p) => p.id}
        loadingLabel="Loading partners"
        error={partners.isError ? { title: errorMessage(partners.error) } : null}
        empty="There are no partners at this time."
        rowActions={(p) => (
          <>
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
          </>
        )}
      />
    </AdminPage>
  );
}
