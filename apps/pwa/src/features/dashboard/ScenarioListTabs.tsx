import type { ScenarioCard } from '@simvisit/schema';
import { Spinner, Tabs } from '@simvisit/ui';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { isApiError } from '../../lib/api';
import { PagedScenarioGrid, SavedCopyNote } from '../scenarios';

/** One tab of a scenario dashboard: its name (also the list's), its scenarios and what shows when none. */
export interface ScenarioListTab<L> {
  label: string;
  scenarios: (lists: L) => readonly ScenarioCard[];
  emptyText: string;
  /** Buttons under each card. */
  actions?: (scenario: ScenarioCard) => ReactNode;
}

export interface ScenarioListTabsProps<L> {
  /** Names the tab list ("Author dashboard"). */
  label: string;
  /** The lists, from the server or the copy saved on the device. */
  query: Pick<UseQueryResult<{ value: L; fromDevice: boolean }>, 'data' | 'error' | 'isPending'>;
  /** Which lists, in the console message of a failed load ("authoring"). */
  lists: string;
  tabs: readonly ScenarioListTab<L>[];
  /** Above the list of every tab (a create button). */
  toolbar?: ReactNode;
}

/**
 * A role dashboard made of scenario lists (spec 000 §2.11, §2.12): one tab per list, each paged by 10, with
 * the saved-copy note when the lists come from the device.
 */
export function ScenarioListTabs<L>({ label, query, lists: which, tabs, toolbar }: ScenarioListTabsProps<L>) {
  const { data, error, isPending } = query;
  useEffect(() => {
    // A failed dashboard load is only logged (spec 000 §8).
    if (error && !(isApiError(error) && error.sessionEnded)) console.error(`Loading the ${which} lists failed`, error);
  }, [error, which]);

  const lists = data?.value;
  return (
    <Tabs
      label={label}
      items={tabs.map((tab) => ({
        value: tab.label,
        label: tab.label,
        content: (
          <div className="space-y-4">
            {toolbar}
            <SavedCopyNote show={data?.fromDevice ?? false} />
            {isPending ? (
              <Spinner label="Loading scenarios" />
            ) : lists ? (
              <PagedScenarioGrid
                label={tab.label}
                scenarios={tab.scenarios(lists)}
                emptyText={tab.emptyText}
                viewerIsLearner={false}
                actions={tab.actions}
              />
            ) : null}
          </div>
        ),
      }))}
    />
  );
}
