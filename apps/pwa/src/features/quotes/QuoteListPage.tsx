import { formatUsDate, QUOTE_MESSAGES as M, QUOTE_PAGE_SIZE, type QuoteListResponse, type QuoteTab } from '@simvisit/schema';
import { AdminPage, Button, DataTable, defineColumns, SearchBox, Tabs, useSearchDraft } from '@simvisit/ui';
import { Link, useNavigate } from '@tanstack/react-router';
import { tableRows } from '../../lib/table-rows';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useQuoteList } from './quotes-api';

/** The list's tab, email filter and page as they stand in the address, so Back and reload keep them. */
export interface QuoteListSearch {
  tab?: string;
  email?: string;
  page?: string;
}

type ListTab = Exclude<QuoteTab, 'all'>;
type Quote = QuoteListResponse['quotes']['data'][number];

/** Spec 002 §2.18: the four tabs, To Do first and by default. */
const TABS: readonly { value: ListTab; label: string }[] = [
  { value: 'todo', label: 'To Do' },
  { value: 'pending', label: 'Pending' },
  { value: 'completed', label: 'Completed' },
  { value: 'rejected', label: 'Rejected' },
];

/** Spec 002 §8 'Other errors': the request lists' load failure. */
const LOAD_ERROR = 'Error Loading Requests';

function readSearch(search: QuoteListSearch): { tab: ListTab; email: string; page: number } {
  const tab = TABS.find((t) => t.value === search.tab)?.value ?? 'todo';
  return { tab, email: (search.email ?? '').trim(), page: Math.max(1, Math.floor(Number(search.page)) || 1) };
}

const columns = defineColumns<Quote>([
  {
    id: 'name',
    header: 'Name',
    value: (q) => q.name,
    cell: (q) => (
      <Link
        to="/management/quote/$request_id"
        params={{ request_id: String(q.id) }}
        className="font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500"
      >
        {q.name}
      </Link>
    ),
  },
  { id: 'email', header: 'Email', value: (q) => q.email },
  { id: 'company', header: 'Company', value: (q) => q.company_name ?? '' },
  {
    id: 'requested',
    header: 'Date Requested',
    value: (q) => q.created_at,
    cell: (q) => formatUsDate(new Date(q.created_at)),
    exportValue: (q) => new Date(q.created_at),
  },
  { id: 'status', header: 'Status', value: (q) => q.status },
]);

/** Manage Quote Requests (spec 002 §2.18; decision 0070): four tabs with counts, an email search, 20 a page. */
export function QuoteListPage({ search, onSearchChange }: { search: QuoteListSearch; onSearchChange: (s: QuoteListSearch) => void }) {
  useDocumentTitle('Quote Requests');
  const { tab, email, page } = readSearch(search);
  const [draft, setDraft] = useSearchDraft(email);
  const list = useQuoteList(tab, email, page);
  const navigate = useNavigate();

  const go = (next: { tab?: ListTab; email?: string; page?: number }) => {
    const nextTab = next.tab ?? tab;
    const nextEmail = next.email ?? email;
    const nextPage = next.page ?? 1;
    onSearchChange({
      tab: nextTab === 'todo' ? undefined : nextTab,
      email: nextEmail || undefined,
      page: nextPage > 1 ? String(nextPage) : undefined,
    });
  };
  // The counts are the server's for the same email filter; they stay blank until the first answer.
  const count = (t: ListTab) => (list.data ? ` (${list.data[t]})` : '');

  return (
    <AdminPage
      title="Quote Requests"
      actions={
        <Button
          variant="secondary"
          onClick={() => {
            setDraft('');
            go({ email: '' });
          }}
        >
          Reset Filters
        </Button>
      }
      filters={
        <SearchBox
          label="Search by Email"
          landmark="Quote search"
          value={draft}
          onChange={setDraft}
          onSubmit={(text) => go({ email: text.trim() })}
          placeholder="name@example.com"
        />
      }
    >
      <Tabs
        label="Quote requests"
        value={tab}
        onValueChange={(value) => go({ tab: TABS.find((t) => t.value === value)?.value ?? 'todo' })}
        items={TABS.map((t) => ({
          value: t.value,
          label: `${t.label}${count(t.value)}`,
          content: (
            <DataTable
              caption={`${t.label} quote requests`}
              columns={columns}
              {...tableRows(list, (data) => data.quotes.data, LOAD_ERROR)}
              getRowId={(q) => q.id}
              loadingLabel="Loading quote requests"
              empty={M.empty}
              onRowClick={(q) => void navigate({ to: '/management/quote/$request_id', params: { request_id: String(q.id) } })}
              paging={{
                page,
                pageCount: Math.ceil((list.data?.quotes.total ?? 0) / QUOTE_PAGE_SIZE),
                onPageChange: (p) => go({ page: p }),
                label: 'Quote list pages',
              }}
            />
          ),
        }))}
      />
    </AdminPage>
  );
}
