import { type EmailImportResponse, PRE_APPROVED_MESSAGES as M, PRE_APPROVED_LIMITS } from '@simvisit/schema';
import { Alert, Button, Card, SelectField, Spinner } from '@simvisit/ui';
import { type FormEvent, useRef, useState } from 'react';
import { errorMessage, isApiError } from '../../lib/api';
import { useDocumentTitle } from '../../lib/use-document-title';
import { notify, notifySuccess } from '../../platform/notices';
import { useImportEmails, usePartnerChoices } from './pre-approved-emails-api';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Pre-Approved Email Import (spec 002 §2.17): a partner, an .xlsx list, a sample picture, Upload Excel List. */
export function PreApprovedEmailsPage() {
  useDocumentTitle('Pre-Approved Emails');
  const partners = usePartnerChoices();
  const upload = useImportEmails();
  const fileInput = useRef<HTMLInputElement>(null);
  const [partnerId, setPartnerId] = useState('');
  const [errors, setErrors] = useState<{ partner?: string; file?: string[] }>({});
  const [result, setResult] = useState<EmailImportResponse | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const file = fileInput.current?.files?.[0];
    const next: typeof errors = {};
    if (!partnerId) next.partner = M.partnerRequired;
    if (!file || !/\.xlsx$/i.test(file.name)) next.file = [M.fileRequired];
    else if (file.size > PRE_APPROVED_LIMITS.fileBytes) next.file = [M.tooLarge];
    setErrors(next);
    setResult(null);
    if (next.partner || next.file || !file) return;
    upload.mutate(
      { partnerId: Number(partnerId), file },
      {
        onSuccess: (answer) => {
          notifySuccess(answer.message);
          setResult(answer);
          if (fileInput.current) fileInput.current.value = '';
        },
        onError: (err) => {
          const fileErrors = isApiError(err) ? (err.errors.file ?? []) : [];
          setErrors({ partner: isApiError(err) ? (err.fieldError('partner_id') ?? undefined) : undefined, file: fileErrors });
          // Spec 002 §8: the failure shows the response's content.
          notify({ title: errorMessage(err), content: fileErrors.slice(0, 3).join(' ') || undefined, icon: 'error', color: 'red' });
        },
      },
    );
  }

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
            <form onSubmit={submit} noValidate className="space-y-5">
              <SelectField
                id="pre-approved-partner"
                label="Partner"
                required
                placeholder="Select a partner"
                options={partners.data.map((p) => ({ value: String(p.id), label: `${p.long_name} (${p.slug})` }))}
                value={partnerId}
                onChange={(e) => setPartnerId(e.target.value)}
                error={errors.partner}
              />
              <div className="space-y-1.5">
                <label htmlFor="pre-approved-file" className="block text-sm font-medium text-slate-700">
                  Excel List (.xlsx) <span aria-hidden="true">*</span>
                </label>
                <input
                  id="pre-approved-file"
                  ref={fileInput}
                  type="file"
                  required
                  accept={`.xlsx,${XLSX_TYPE}`}
                  aria-invalid={errors.file?.length ? true : undefined}
                  aria-describedby="pre-approved-file-hint"
                  className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-medium file:text-brand-800 hover:file:bg-brand-100"
                />
                <p id="pre-approved-file-hint" className="text-xs text-slate-500">
                  Emails in the first column of the first sheet; at most {PRE_APPROVED_LIMITS.rows.toLocaleString('en-US')} rows and 2 MB.
                </p>
                {errors.file?.length ? (
                  <ul className="space-y-0.5 text-sm text-red-700">
                    {errors.file.map((m) => (
                      <li key={m}>{m}</li>
                    ))}
                  </ul>
                ) : null}
              </div>
              <Button type="submit" disabled={upload.isPending}>
                {upload.isPending ? 'Uploading…' : 'Upload Excel List'}
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
