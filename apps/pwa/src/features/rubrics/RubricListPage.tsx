import { formatShortDate, RUBRIC_PAGE_SIZE, type RubricSummary } from '@simvisit/schema';
import { Alert, Button, Pager, PlusIcon, Spinner, Tabs } from '@simvisit/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { errorMessage, isApiError } from '../../lib/api';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ErrorPage } from '../../platform/errors';
import { notifyFailure, notifySuccess } from '../../platform/notices';
import { useSyncState } from '../../platform/sync';
import { RUBRIC_ERROR_TITLES } from './notices';
import { createRubric, rubricKeys, useRubricPage } from './rubrics-api';

/** The list's tab and page as they stand in the address (?tab=published&page=2), so Back and reload keep them. */
export interface RubricListSearch {
  tab?: string;
  page?: string;
}

type TabKey = 'drafts' | 'published';
const TABS: readonly { value: TabKey; label: string; empty: string }[] = [
  { value: 'drafts', label: 'Rubric Drafts', empty: 'There are no rubric drafts. Create a rubric to start one.' },
  { value: 'published', label: 'Published Rubrics', empty: 'No rubrics have been published yet.' },
];

function readSearch(search: RubricListSearch): { tab: TabKey; page: number } {
  return {
    tab: search.tab === 'published' ? 'published' : 'drafts',
    page: Math.max(1, Math.floor(Number(search.page)) || 1),
  };
}

export interface RubricListPageProps {
  search: RubricListSearch;
  onSearchChange: (next: RubricListSearch) => void;
}

/** rubric.list (/rubrics), spec 001 §2: drafts and published rubrics, 10 a page, and a create button. */
export function RubricListPage({ search, onSearchChange }: RubricListPageProps) {
  useDocumentTitle('Rubrics');
  const { tab, page } = readSearch(search);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { online } = useSyncState();
  // Shared with the open tab's panel (same query), read here only to tell a refusal from a failure.
  const access = useRubricPage(page);

  const create = useMutation({
    mutationFn: createRubric,
    onSuccess: async (result) => {
      notifySuccess(result.message);
      void queryClient.invalidateQueries({ queryKey: rubricKeys.lists() });
      await navigate({ to: '/rubrics/$id', params: { id: String(result.rubric_id) } });
    },
    onError: (error) => notifyFailure(RUBRIC_ERROR_TITLES.create, error),
  });

  if (isApiError(access.error) && access.error.status === 403) return <ErrorPage code="403" />;

  const go = (next: { tab?: TabKey; page?: number }) => {
    const nextTab = next.tab ?? tab;
    const nextPage = next.page ?? 1;
    onSearchChange({
      tab: nextTab === 'drafts' ? undefined : nextTab,
      page: nextPage > 1 ? String(nextPage) : undefined,
    });
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Rubrics</h1>
        <Button onClick={() => create.mutate()} disabled={create.isPending || !online}>
          <PlusIcon className="size-4" />
          {create.isPending ? 'Creating…' : 'Create New Rubric'}
        </Button>
      </div>
      <Tabs
        label="Rubrics"
        value={tab}
        onValueChange={(value) => go({ tab: value === 'published' ? 'published' : 'drafts' })}
        items={TABS.map((t) => ({
          value: t.value,
          label: t.label,
          content: <RubricTabPanel kind={t.value} label={t.label} empty={t.empty} page={page} onPageChange={(p) => go({ page: p })} />,
        }))}
      />
    </div>
  );
}

interface RubricTabPanelProps {
  kind: TabKey;
  label: string;
  empty: string;
  page: number;
  onPageChange: (page: number) => void;
}

function RubricTabPanel({ kind, label, empty, page, onPageChange }: RubricTabPanelProps) {
  const { data, error, isPending, isError, isPlaceholderData } = useRubricPage(page);

  if (isError) {
    return (
      <Alert tone="danger" role="alert" title={RUBRIC_ERROR_TITLES.loadList}>
        {errorMessage(error)}
      </Alert>
    );
  }
  if (isPending) return <Spinner label="Loading rubrics" />;

  const rubrics = kind === 'drafts' ? data.drafts : data.published;
  const total = kind === 'drafts' ? data.drafts_total : data.published_total;
  const pageCount = Math.max(1, Math.ceil(total / RUBRIC_PAGE_SIZE));
  if (rubrics.length === 0 && page > 1 && !isPlaceholderData) {
    // A page past the end (the last rubric on it was deleted): offer the way back.
    return (
      <div className="space-y-3">
        <p role="status" className="text-slate-600">
          This page is empty.
        </p>
        <Button variant="secondary" onClick={() => onPageChange(pageCount)}>
          Go to page {pageCount}
        </Button>
      </div>
    );
  }
  if (rubrics.length === 0) {
    return (
      <p role="status" className="rounded-xl border border-dashed border-slate-300 bg-white px-5 py-8 text-center text-slate-600">
        {empty}
      </p>
    );
  }

  return (
    <section aria-label={label} aria-busy={isPlaceholderData} className="space-y-4">
      <ul className={`grid gap-3 md:grid-cols-2 ${isPlaceholderData ? 'opacity-60' : ''}`}>
        {rubrics.map((rubric) => (
          <li key={rubric.id}>
            <RubricCard rubric={rubric} />
          </li>
        ))}
      </ul>
      {total > RUBRIC_PAGE_SIZE ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-slate-600">Total of {total} rubrics</p>
          <Pager page={page} pageCount={pageCount} onPageChange={onPageChange} label={`${label} pages`} />
        </div>
      ) : null}
    </section>
  );
}

function RubricCard({ rubric }: { rubric: RubricSummary }) {
  const created = new Date(rubric.created_at);
  const count = rubric.question_count;
  return (
    <Link
      to="/rubrics/$id"
      params={{ id: String(rubric.id) }}
      className="block h-full rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition-colors hover:border-brand-300 hover:bg-brand-50/40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
    >
      <span className="block font-medium break-words text-slate-900">{rubric.name}</span>
      <span className="mt-1 block text-sm text-slate-600">
        {count === 1 ? '1 question' : `${count} questions`} · {rubric.creator.name}
        {Number.isNaN(created.getTime()) ? null : ` · ${formatShortDate(created)}`}
      </span>
    </Link>
  );
}
