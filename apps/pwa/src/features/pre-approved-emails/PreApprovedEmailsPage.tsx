import { type EmailImportResponse, emailImportRequestSchema, PRE_APPROVED_LIMITS } from '@simvisit/schema';
import { Alert, Button, Card, FileField, SelectField, Spinner } from '@simvisit/ui';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { useApiForm } from '../../lib/api-form';
import { useDocumentTitle } from '../../lib/use-document-title';
import { notify, notifySuccess } from '../../platform/notices';
import { importEmails, usePartnerChoices } from './pre-approved-emails-api';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Pre-Approved Email Import (spec 002 §2.17): a partner, an .xlsx list, a sample picture, Upload Excel List. */
export function PreApprovedEmailsPage() {
  useDocumentTitle('Pre-Approved Emails');
  const partners = usePartnerChoices();
  const [result, setResult] = useState<EmailImportResponse | null>(null);
  const { field, fileField, messages, formProps, submitting, reset } = useApiForm({
    schema: emailImportRequestSchema,
    defaultValues: { partner_id: '', file: null as File | null },
    submit: async (body) => {
      setResult(null);
      const answer = await importEmails(body);
      notifySuccess(answer.message);
      setResult(answer);
      reset({ partner_id: String(body.partner_id), file: null });
    },
    // Spec 002 §8: the failure shows the response's content (the list's first bad rows) in a notification.
    onError: ({ errors, message }) =>
      notify({ title: message, content: errors.file?.slice(0, 3).join(' ') || undefined, icon: 'error', color: 'red' }),
  });
  const [fileMessage, ...moreFileMessages] = messages('file');

  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Pre-Approved Emails</h1>
        <p className="text-sm text-slate-600">
          Learners who register with an email on their partner&apos;s list skip the partner&apos;s passcode.
        </p>
      </div>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]">
        <Card className="p-5">
          {partners.isError ? (
            <Alert tone="danger" role="alert">
              {errorMessage(partners.error)}
            </Alert>
          ) : partners.isPending ? (
            <Spinner label="Loading partners" />
          ) : (
            <form {...formProps} className="space-y-5">
              <SelectField
                label="Partner"
                required
                placeholder="Select a partner"
                options={partners.data.map((p) => ({ value: String(p.id), label: `${p.long_name} (${p.slug})` }))}
                {...field('partner_id', 'pre-approved-partner')}
              />
              <FileField
                label="Excel List (.xlsx)"
                required
                accept={`.xlsx,${XLSX_TYPE}`}
                hint={`Emails in the first column of the first sheet; at most ${PRE_APPROVED_LIMITS.rows.toLocaleString('en-US')} rows and 2 MB.`}
                {...fileField('file', 'pre-approved-file')}
                error={fileMessage ?? null}
                moreErrors={moreFileMessages}
              />
              <Button type="submit" disabled={submitting}>
                {submitting ? 'Uploading…' : 'Upload Excel List'}
              </Button>
              {result ? (
                <p role="status" className="rounded-md bg-green-50 px-3 py-2 text-sm text-green-800">
                  {result.added} new {result.added === 1 ? 'email' : 'emails'} added; {result.already_listed} already on the list;{' '}
                  {result.duplicates} repeated in the file.
                </p>
              ) : null}
            </form>
          )}
        </Card>
        <figure className="space-y-2">
          <img
            src="/images/pre-approved-sample.png"
            alt="A sample sheet: the header Email in cell A1, then one email address per row in column A."
            width={320}
            height={186}
            className="w-full max-w-sm rounded-lg border border-slate-200 shadow-sm"
          />
          <figcaption className="text-sm text-slate-600">Sample list: one email per row in column A; a header row is optional.</figcaption>
        </figure>
      </div>
    </div>
  );
}
