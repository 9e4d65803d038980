import {
  cursorFor,
  type PageCursors,
  SECTION_KEYS,
  showsPager,
  totalOfText,
  VISIT_DASHBOARD_PAGE_SIZE,
  type VisitCard,
  type VisitListRole,
  type VisitListSection,
  type VisitRequestCard,
} from '@simvisit/schema';
import { Alert, Pager, Spinner } from '@simvisit/ui';
import { useId, useState } from 'react';
import { RequestCardItem, VisitCardItem } from './VisitCards';
import { type DashboardFilter, useVisitSection } from './visit-dashboard-queries';

export const SAVED_VISITS_NOTE = 'You are offline. These are the visits saved on this device when they last loaded.';

export interface VisitSectionProps {
  role: VisitListRole;
  section: VisitListSection;
  /** The list's name: its heading and the label of 'Total of N {label}'. */
  label: string;
  emptyText: string;
  filter: DashboardFilter;
  /** Admin cards also show the partner slug. */
  showPartner: boolean;
}

/**
 * One list of a dashboard tab (spec 000 §2.8): its cards, the empty text, and — only above 10 — the pager
 * reading 'Total of N {label}'. Pages come from the server 10 at a time.
 */
export function VisitSection({ role, section, label, emptyText, filter, showPartner }: VisitSectionProps) {
  // The page and the cursor that reads it by key from the page shown before (decision 0092).
  const [at, setAt] = useState<{ page: number; cursor: string | null }>({ page: 1, cursor: null });
  const page = at.page;
  const headingId = useId();
  const { data, isPending, isPlaceholderData } = useVisitSection(role, section, page, filter, at.cursor);
  const keys = SECTION_KEYS[section];
  const answer = data?.value;
  const total = (answer?.[keys.total] as number | undefined) ?? 0;
  const items = (answer?.[keys.list] ?? []) as (VisitCard | VisitRequestCard)[];
  const pageCount = Math.ceil(total / VISIT_DASHBOARD_PAGE_SIZE);
  const goTo = (target: number) => {
    // While a page loads the previous answer is still shown: its cursors stand for the page it was.
    const shownPage = isPlaceholderData ? null : page;
    const cursors = answer?.[keys.cursors] as PageCursors | null | undefined;
    setAt({ page: target, cursor: shownPage === null ? null : cursorFor(target, { page: shownPage, cursors }, pageCount) });
  };

  return (
    <section aria-labelledby={headingId} aria-busy={isPlaceholderData} className="space-y-3" data-testid={`section-${section}`}>
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {label}
      </h2>
      {data?.fromDevice ? (
        <Alert tone="warning" role="status">
          {SAVED_VISITS_NOTE}
        </Alert>
      ) : null}
      {isPending ? (
        <Spinner label={`Loading ${label}`} />
      ) : !answer ? null : total === 0 ? (
        <p role="status" className="rounded-xl border border-dashed border-slate-300 bg-white px-5 py-8 text-center text-slate-600">
          {emptyText}
        </p>
      ) : (
        <>
          <ul className={`grid gap-3 lg:grid-cols-2 ${isPlaceholderData ? 'opacity-60' : ''}`}>
            {items.map((item) => (
              <li key={item.id}>
                {section === 'requests' ? (
                  <RequestCardItem request={item as VisitRequestCard} showPartner={showPartner} />
                ) : (
                  <VisitCardItem visit={item as VisitCard} showPartner={showPartner} />
                )}
              </li>
            ))}
          </ul>
          {showsPager(total) ? (
            <div className="flex flex-wrap items-center justify-between gap-3">
              <p className="text-sm text-slate-600">{totalOfText(total, label)}</p>
              <Pager page={page} pageCount={pageCount} onPageChange={goTo} label={`${label} pages`} />
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}
