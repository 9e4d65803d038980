import {
  type ColumnDef,
  createPaginatedRowModel,
  createSortedRowModel,
  type PaginationState,
  type RowData,
  rowPaginationFeature,
  rowSortingFeature,
  type SortingState,
  type Row as TableRow,
  tableFeatures,
  useTable,
} from '@tanstack/react-table';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { Alert } from './Alert';
import { cn } from './cn';
import { type ColumnValue, columnText, type DataColumn } from './data-columns';
import { SelectField } from './Field';
import { Pager } from './Pager';
import { Spinner } from './Spinner';

export type { SortingState as TableSorting } from '@tanstack/react-table';

/** The table pages the rows it was given, optionally with a "Rows per page" choice. */
export interface ClientPaging {
  pageSize: number;
  pageSizes?: readonly number[];
  /** Names the pager's navigation landmark ("Pending recruitment pages"). */
  label: string;
}

/** The server pages: the rows are one page, the address or the caller keeps the page number. */
export interface ServerPaging {
  /** 1-based. */
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  label: string;
  /** Shown beside the pager ("Total of 42 users"). */
  summary?: ReactNode;
}

export interface DataTableProps<Row extends RowData> {
  /** The table's name for assistive technology; shown above the table with `captionVisible`. */
  caption: string;
  captionVisible?: boolean;
  columns: readonly DataColumn<Row>[];
  /** undefined while the first load runs. */
  rows: readonly Row[] | undefined;
  getRowId: (row: Row) => string | number;
  /** Named for the spinner ("Loading institutions"). */
  loadingLabel: string;
  /** A failed load: its title and what went wrong. */
  error?: { title: string; message?: string } | null;
  /** What an empty list says (the spec's words). */
  empty: ReactNode;
  /** Buttons or links of a row, in a last column headed "Actions" for assistive technology. */
  rowActions?: (row: Row) => ReactNode;
  /** A click anywhere on a row; the row must also hold a link or button for keyboards. */
  onRowClick?: (row: Row) => void;
  /** Rows shown while newer ones load (a placeholder page): dimmed and marked busy. */
  stale?: boolean;
  /** The order before anyone clicks a header. */
  initialSorting?: SortingState;
  /** The server sorts: the rows come in this order and a header click asks for another. */
  sorting?: { state: SortingState; onChange: (sorting: SortingState) => void };
  paging?: ClientPaging | ServerPaging;
  className?: string;
}

const features = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  rowPaginationFeature,
  paginatedRowModel: createPaginatedRowModel(),
});

/** Ascending order of two plain values: numbers and dates by size, text as a person reads it, blanks last. */
export function compareColumnValues(a: ColumnValue, b: ColumnValue): number {
  const blankA = a === null || a === undefined || a === '';
  const blankB = b === null || b === undefined || b === '';
  if (blankA || blankB) return blankA === blankB ? 0 : blankA ? 1 : -1;
  const x = a instanceof Date ? a.getTime() : a;
  const y = b instanceof Date ? b.getTime() : b;
  if (typeof x === 'number' && typeof y === 'number') return x - y;
  if (typeof x === 'boolean' && typeof y === 'boolean') return Number(x) - Number(y);
  return String(x).localeCompare(String(y), undefined, { numeric: true, sensitivity: 'base' });
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;
const EMPTY: readonly never[] = [];

/**
 * An admin list as a table (TanStack Table): the load, failure and empty states, headers that sort, row actions
 * and paging with the shared `Pager`. Headers are `th scope="col"`; a sortable one carries `aria-sort` and a
 * button, so the order is announced and reachable by keyboard.
 */
export function DataTable<Row extends RowData>(props: DataTableProps<Row>) {
  const { caption, captionVisible, columns, rows, getRowId, loadingLabel, error, empty, rowActions, onRowClick, stale } = props;
  const [ownSorting, setOwnSorting] = useState<SortingState>(props.initialSorting ?? []);
  const clientPaging = props.paging && !('onPageChange' in props.paging) ? props.paging : undefined;
  const serverPaging = props.paging && 'onPageChange' in props.paging ? props.paging : undefined;
  const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 0, pageSize: clientPaging?.pageSize ?? 0 });
  const pageSizeId = useId();

  const columnDefs = useMemo(
    () =>
      columns.map(
        (column): ColumnDef<typeof features, Row> => ({
          id: column.id,
          accessorFn: (row: Row) => column.value?.(row) ?? null,
          enableSorting: column.sortable === true && column.value !== undefined,
          // A first click sorts up, whatever the column holds (TanStack would start numbers downward).
          sortDescFirst: false,
          sortFn: (a: TableRow<typeof features, Row>, b: TableRow<typeof features, Row>, id: string) =>
            compareColumnValues(a.getValue<ColumnValue>(id), b.getValue<ColumnValue>(id)),
        }),
      ),
    [columns],
  );
  const sorting = props.sorting?.state ?? ownSorting;
  // A deletion can leave the last page empty: the last page that has rows shows instead.
  const pageCount = clientPaging ? Math.max(1, Math.ceil((rows?.length ?? 0) / pagination.pageSize)) : 1;
  const page = clientPaging
    ? { pageIndex: Math.min(pagination.pageIndex, pageCount - 1), pageSize: pagination.pageSize }
    : { pageIndex: 0, pageSize: Math.max(1, rows?.length ?? 1) };
  const table = useTable({
    features,
    columns: columnDefs,
    data: rows ?? EMPTY,
    getRowId: (row: Row) => String(getRowId(row)),
    state: { sorting, pagination: page },
    onSortingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      if (props.sorting) props.sorting.onChange(next);
      else setOwnSorting(next);
    },
    onPaginationChange: setPagination,
    manualSorting: props.sorting !== undefined,
    manualPagination: clientPaging === undefined,
    enableSortingRemoval: false,
    autoResetPageIndex: false,
  });

  if (error) {
    return (
      <Alert tone="danger" role="alert" title={error.title}>
        {error.message}
      </Alert>
    );
  }
  if (rows === undefined) return <Spinner label={loadingLabel} />;
  if (rows.length === 0) {
    return (
      <p role="status" className="rounded-xl border border-dashed border-slate-300 bg-white px-5 py-8 text-center text-slate-600">
        {empty}
      </p>
    );
  }

  const byId = new Map(columns.map((c) => [c.id, c]));
  const shownRows = table.getRowModel().rows;

  return (
    <div className={cn('space-y-4', props.className)}>
      <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
        <table aria-busy={stale || undefined} className={cn('w-full text-left text-sm', stale && 'opacity-60')}>
          <caption className={captionVisible ? 'px-4 pt-3 text-left font-semibold text-slate-900' : 'sr-only'}>{caption}</caption>
          <thead className="bg-slate-50 text-slate-700">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const column = byId.get(header.column.id);
                  if (!column) return null;
                  const direction = header.column.getIsSorted();
                  const canSort = header.column.getCanSort();
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      aria-sort={canSort ? (direction ? ARIA_SORT[direction] : 'none') : undefined}
                      className={cn('px-4 py-3 font-semibold whitespace-nowrap', column.align === 'end' && 'text-right')}
                    >
                      {column.headerHidden ? (
                        <span className="sr-only">{column.header}</span>
                      ) : canSort ? (
                        <button
                          type="button"
                          onClick={header.column.getToggleSortingHandler()}
                          className="inline-flex items-center gap-1 rounded-sm hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-500"
                        >
                          {column.header}
                          <SortMark direction={direction} />
                        </button>
                      ) : (
                        column.header
                      )}
                    </th>
                  );
                })}
                {rowActions ? (
                  <th scope="col" className="px-4 py-3">
                    <span className="sr-only">Actions</span>
                  </th>
                ) : null}
              </tr>
            ))}
          </thead>
          <tbody className="divide-y divide-slate-200">
            {shownRows.map((row) => (
              <tr
                key={row.id}
                onClick={onRowClick ? () => onRowClick(row.original) : undefined}
                className={cn('align-top', onRowClick && 'cursor-pointer hover:bg-slate-50')}
              >
                {columns.map((column) => (
                  <td
                    key={column.id}
                    className={cn('px-4 py-3 text-slate-700', column.align === 'end' && 'text-right whitespace-nowrap', column.className)}
                  >
                    {column.cell ? column.cell(row.original) : columnText(column.value?.(row.original))}
                  </td>
                ))}
                {rowActions ? (
                  <td className="px-4 py-3">
                    <div className="flex flex-wrap justify-end gap-2">{rowActions(row.original)}</div>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {clientPaging ? (
        <div className="flex flex-wrap items-end justify-between gap-3">
          {clientPaging.pageSizes ? (
            <SelectField
              id={pageSizeId}
              label="Rows per page"
              value={String(pagination.pageSize)}
              options={clientPaging.pageSizes.map((n) => ({ value: String(n), label: String(n) }))}
              onChange={(event) => setPagination({ pageIndex: 0, pageSize: Number(event.target.value) })}
            />
          ) : null}
          <Pager
            page={page.pageIndex + 1}
            pageCount={pageCount}
            onPageChange={(next) => setPagination({ ...page, pageIndex: next - 1 })}
            label={clientPaging.label}
          />
        </div>
      ) : null}
      {serverPaging && (serverPaging.pageCount > 1 || serverPaging.summary) ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          {serverPaging.summary ? <p className="text-sm text-slate-600">{serverPaging.summary}</p> : <span />}
          <Pager
            page={serverPaging.page}
            pageCount={serverPaging.pageCount}
            onPageChange={serverPaging.onPageChange}
            label={serverPaging.label}
          />
        </div>
      ) : null}
    </div>
  );
}

/** The order a header sorts by, drawn; `aria-sort` on the header says it in words. */
function SortMark({ direction }: { direction: false | 'asc' | 'desc' }) {
  return (
    <svg viewBox="0 0 12 12" aria-hidden="true" focusable="false" className="size-3 text-slate-500">
      <path d="M6 1.5 9 5H3z" className={direction === 'asc' ? 'fill-slate-800' : direction ? 'fill-slate-300' : 'fill-current'} />
      <path d="M6 10.5 3 7h6z" className={direction === 'desc' ? 'fill-slate-800' : direction ? 'fill-slate-300' : 'fill-current'} />
    </svg>
  );
}
