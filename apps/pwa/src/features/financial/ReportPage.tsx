import { FINANCIAL_MESSAGES as M } from '@simvisit/schema';
import { AdminPage, Alert, Button } from '@simvisit/ui';
import type { FormEvent, ReactNode } from 'react';
import { errorMessage } from '../../lib/api';
import { useDocumentTitle } from '../../lib/use-document-title';

/** What the frame reads of an export's mutation. */
interface ExportState {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  reset: () => void;
}

/**
 * The frame both money reports share (spec 002 §2.6, §2.7): the heading with Export, the filters applied by Update,
 * a failed export in the spec's words with the server's message, the time zone the months are counted in, and the
 * report. Filters and buttons do not print; the report and its chart do.
 */
export function ReportPage({
  title,
  exporting,
  canExport,
  onExport,
  onApply,
  filters,
  timeZone,
  children,
}: {
  title: string;
  exporting: ExportState;
  canExport: boolean;
  onExport: () => void;
  onApply: () => void;
  filters: ReactNode;
  timeZone: string | undefined;
  children: ReactNode;
}) {
  useDocumentTitle(title);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    exporting.reset();
    onApply();
  };

  return (
    <AdminPage
      title={title}
      actions={
        <Button variant="secondary" className="print:hidden" disabled={!canExport || exporting.isPending} onClick={onExport}>
          {exporting.isPending ? 'Exporting…' : M.export}
        </Button>
      }
      filters={
        <form className="flex flex-wrap items-end gap-3 print:hidden" onSubmit={submit} noValidate aria-label="Report filters">
          {filters}
          <Button type="submit">{M.update}</Button>
        </form>
      }
    >
      {exporting.isError ? (
        <Alert tone="danger" title={M.reportError}>
          {errorMessage(exporting.error)}
        </Alert>
      ) : null}
      {timeZone ? <p className="text-sm text-slate-600">Months are counted in the {timeZone} time zone.</p> : null}
      {children}
    </AdminPage>
  );
}
