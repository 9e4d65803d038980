import { Alert, Button, RefreshIcon, Spinner } from '@simvisit/ui';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { errorMessage } from '../../lib/api';
import { useAppConfig } from '../../lib/app-config';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ErrorPage } from '../../platform/errors';
import { OutboxMessageCard } from './OutboxMessageCard';
import { outboxQuery } from './outbox-query';

function Outbox() {
  useDocumentTitle('Outbox');
  const { data, error, isPending, isFetching, refetch } = useQuery(outboxQuery);
  return (
    <div className="mx-auto w-full max-w-3xl space-y-6 px-4 py-8 sm:px-6 sm:py-10">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="space-y-1">
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Outbox</h1>
          <p className="text-sm text-slate-600">Demo mode: the emails and text messages the server would have sent.</p>
          <Link to="/login" className="inline-block text-sm font-medium text-brand-700 hover:underline">
            Back to Login
          </Link>
        </div>
        <Button variant="secondary" onClick={() => void refetch()} disabled={isFetching}>
          <RefreshIcon className="size-4" />
          Refresh
        </Button>
      </div>
      {isPending ? <Spinner label="Loading messages" /> : null}
      {error ? (
        <Alert tone="danger" role="alert">
          {errorMessage(error)}
        </Alert>
      ) : null}
      {data?.length === 0 ? <p className="text-slate-600">No messages yet.</p> : null}
      {data?.length ? (
        <ul className="space-y-4">
          {data.map((message) => (
            <li key={message.id}>
              <OutboxMessageCard message={message} />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** The demo-only outbox (DESIGN.md §7); outside demo mode the page does not exist. */
export function OutboxPage() {
  const { demo_mode } = useAppConfig();
  if (!demo_mode) {
    return (
      <div className="px-4 py-16">
        <ErrorPage code="404" />
      </div>
    );
  }
  return <Outbox />;
}
