import { SCENARIO_PAGE_SIZE, type ScenarioCard as ScenarioCardData } from '@simvisit/schema';
import { Pager } from '@simvisit/ui';
import { type ReactNode, useState } from 'react';
import { ScenarioCard, scenarioHref } from './ScenarioCard';

export interface ScenarioGridProps {
  /** Names the list for assistive technology ("Published Scenarios"). */
  label: string;
  /** The scenarios of the page shown. */
  scenarios: readonly ScenarioCardData[];
  total: number;
  /** 1-based. */
  page: number;
  onPageChange: (page: number) => void;
  emptyText: string;
  viewerIsLearner: boolean;
  showStatus?: boolean;
  /** Buttons under each card. */
  actions?: (scenario: ScenarioCardData) => ReactNode;
  /** The next page is loading: the current one stays, dimmed. */
  busy?: boolean;
}

/** Scenario cards in pages of 10; the pager appears only when there are more than 10 (spec 001 §2, 000 §9). */
export function ScenarioGrid({
  label,
  scenarios,
  total,
  page,
  onPageChange,
  emptyText,
  viewerIsLearner,
  showStatus,
  actions,
  busy = false,
}: ScenarioGridProps) {
  if (total === 0) {
    return (
      <p role="status" className="rounded-xl border border-dashed border-slate-300 bg-white px-5 py-8 text-center text-slate-600">
        {emptyText}
      </p>
    );
  }
  return (
    <section aria-label={label} aria-busy={busy} className="space-y-4">
      <ul className={`grid gap-3 sm:grid-cols-2 sm:gap-4 lg:grid-cols-3 xl:grid-cols-4 ${busy ? 'opacity-60' : ''}`}>
        {scenarios.map((s) => (
          <li key={s.id}>
            <ScenarioCard scenario={s} href={scenarioHref(s, viewerIsLearner)} showStatus={showStatus} actions={actions?.(s)} />
          </li>
        ))}
      </ul>
      {total > SCENARIO_PAGE_SIZE ? (
        <Pager
          page={page}
          pageCount={Math.ceil(total / SCENARIO_PAGE_SIZE)}
          onPageChange={onPageChange}
          label={`${label} pages`}
          className="justify-end"
        />
      ) : null}
    </section>
  );
}

/** A whole list the server sent at once (the author's and reviewer's dashboards), shown 10 at a time. */
export function PagedScenarioGrid({ scenarios, ...props }: Omit<ScenarioGridProps, 'total' | 'page' | 'onPageChange'>) {
  const [page, setPage] = useState(1);
  const pageCount = Math.max(1, Math.ceil(scenarios.length / SCENARIO_PAGE_SIZE));
  // A deletion can empty the last page: show the one before it.
  const current = Math.min(page, pageCount);
  const start = (current - 1) * SCENARIO_PAGE_SIZE;
  return (
    <ScenarioGrid
      {...props}
      scenarios={scenarios.slice(start, start + SCENARIO_PAGE_SIZE)}
      total={scenarios.length}
      page={current}
      onPageChange={setPage}
    />
  );
}
