import type { AgreementState } from '@simvisit/schema';
import { Alert, buttonClassName, Card, CardBody, Spinner } from '@simvisit/ui';
import { Link } from '@tanstack/react-router';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useAgreements } from './agreements-api';

/** The list's empty text (the spec has none: docs/decisions/0075). */
export const NO_AGREEMENTS = 'You have no agreements yet. An agreement appears here once a quote you requested is approved.';

/** Where each agreement stands, in the words of its page (spec 002 §4). */
export const STATE_LABELS: Record<AgreementState, string> = {
  rejected: 'Rejected',
  unsigned: 'Awaiting signature',
  signed: 'Awaiting payment',
  finalized: 'Finalized',
};

/** The agreements list (spec 002 §2.19): the caller's agreements, each title with a View button to its page. */
export function AgreementsPage() {
  useDocumentTitle('Agreements');
  const query = useAgreements();

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Agreements</h1>
      {query.isPending ? <Spinner label="Loading agreements" /> : null}
      {query.isError ? (
        <Alert tone="danger" title="Agreements could not be loaded." role="alert">
          {query.error.message}
        </Alert>
      ) : null}
      {query.data ? (
        query.data.agreements.length === 0 ? (
          <p className="text-sm text-slate-600">{NO_AGREEMENTS}</p>
        ) : (
          <Card>
            <CardBody padding="list">
              <ul className="divide-y divide-slate-100" aria-label="Agreements">
                {query.data.agreements.map((agreement) => (
                  <li key={agreement.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                    <div className="min-w-0">
                      <p className="font-medium text-slate-900">{agreement.title}</p>
                      <p className="text-sm text-slate-500">{STATE_LABELS[agreement.state]}</p>
                    </div>
                    <Link
                      to="/agreement/$agreement_id"
                      params={{ agreement_id: String(agreement.id) }}
                      className={buttonClassName('secondary', 'sm')}
                      aria-label={`View ${agreement.title}`}
                    >
                      View
                    </Link>
                  </li>
                ))}
              </ul>
            </CardBody>
          </Card>
        )
      ) : null}
    </div>
  );
}
