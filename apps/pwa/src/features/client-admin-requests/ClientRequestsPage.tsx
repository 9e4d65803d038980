import { CLIENT_REQUEST_PAGE_SIZE, clientRequestBrand, CLIENT_REQUEST_MESSAGES as M } from '@simvisit/schema';
import { Alert, Button, Card, Pager, SearchIcon, Spinner } from '@simvisit/ui';
import { Link } from '@tanstack/react-router';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { errorMessage } from '../../lib/api';
import { useProductName } from '../../lib/app-config';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ErrorPage } from '../../platform/errors';
import { useSignedInSession } from '../../platform/session';
import { useClientRequests } from './client-admin-requests-api';

export interface ClientRequestsSearch {
  email?: string;
  page?: string;
}

/** A tag of the request's brand (spec 002 §2.8): {product} or Simclusive. */
export function BrandTag({ isSim }: { isSim: boolean }) {
  const product = useProductName();
  return (
    <span
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${isSim ? 'bg-violet-100 text-violet-800' : 'bg-brand-100 text-brand-800'}`}
    >
      {clientRequestBrand(isSim, product)}
    </span>
  );
}

export const submittedOn = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: '2-digit', day: '2-digit', year: 'numeric' });

/** Client Admin Requests (spec 002 §2.8): pending requests by email, 20 a page; super admins only. */
export function ClientRequestsPage({
  search,
  onSearchChange,
}: {
  search: ClientRequestsSearch;
  onSearchChange: (s: ClientRequestsSearch) => void;
}) {
  useDocumentTitle('Client Admin Requests');
  const session = useSignedInSession();
  if (session.user.super_admin !== 1) return <ErrorPage code="403" />;
  return <ClientRequests search={search} onSearchChange={onSearchChange} />;
}

function ClientRequests({ search, onSearchChange }: { search: ClientRequestsSearch; onSearchChange: (s: ClientRequestsSearch) => void }) {
  const email = (search.email ?? '').trim();
  const page = Math.max(1, Math.floor(Number(search.page)) || 1);
  const [draft, setDraft] = useState(email);
  const emailId = `${useId()}-email`;
  useEffect(() => setDraft(email), [email]);
  const { data, error, isPending, isError, isPlaceholderData } = useClientRequests(email, page);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSearchChange({ email: draft.trim() || undefined });
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Client Admin Requests</h1>
        <Button
          variant="secondary"
          onClick={() => {
            setDraft('');
            onSearchChange({});
          }}
        >
          Reset Filters
        </Button>
      </div>
      <Card className="p-4 sm:p-5">
        <search aria-label="Request search">
          <form onSubmit={submit} className="space-y-1.5">
            <label htmlFor={emailId} className="block text-sm font-medium text-slate-700">
              Search by Email
            </label>
            <div className="relative">
              <input
                id={emailId}
                type="search"
                autoComplete="off"
                spellCheck={false}
                maxLength={255}
                value={draft}
                onChange={(e) => setDraft(e.target.value)}
                placeholder="name@example.com"
                className="block w-full rounded-md border border-slate-300 bg-white py-2 pr-11 pl-3 text-sm text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
              />
              <button
                type="submit"
                aria-label="Search"
                className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-md text-slate-500 hover:text-brand-700"
              >
                <SearchIcon />
              </button>
            </div>
          </form>
        </search>
      </Card>
      {isError ? (
        <Alert tone="danger" role="alert" title={M.loadError}>
          {errorMessage(error)}
        </Alert>
      ) : isPending ? (
        <Spinner label="Loading requests" />
      ) : data.requests.length === 0 ? (
        <p role="status" className="rounded-xl border border-dashed border-slate-300 bg-white px-5 py-8 text-center text-slate-600">
          {M.noRequests}
        </p>
      ) : (
        <section aria-label="Requests" aria-busy={isPlaceholderData} className="space-y-4">
          <ul className={`grid gap-3 sm:grid-cols-2 ${isPlaceholderData ? 'opacity-60' : ''}`}>
            {data.requests.map((r) => (
              <li key={r.id}>
                <Link
                  to="/management/client/$request_id"
                  params={{ request_id: String(r.id) }}
                  className="block space-y-1 rounded-xl border border-slate-200 bg-white p-4 shadow-sm hover:border-brand-300 hover:bg-brand-50/40 focus-visible:outline-2 focus-visible:outline-brand-500"
                >
                  <span className="flex items-center justify-between gap-2">
                    <span className="truncate font-medium text-slate-900">{r.user.name}</span>
                    <BrandTag isSim={r.is_sim} />
                  </span>
                  <span className="block truncate text-sm text-slate-600">{r.user.email}</span>
                  <span className="block text-xs text-slate-600">Submitted {submittedOn(r.created_at)}</span>
                </Link>
              </li>
            ))}
          </ul>
          {data.total > CLIENT_REQUEST_PAGE_SIZE ? (
            <Pager
              page={page}
              pageCount={Math.ceil(data.total / CLIENT_REQUEST_PAGE_SIZE)}
              onPageChange={(p) => onSearchChange({ email: email || undefined, page: p > 1 ? String(p) : undefined })}
              label="Request list pages"
            />
          ) : null}
        </section>
      )}
    </div>
  );
}
