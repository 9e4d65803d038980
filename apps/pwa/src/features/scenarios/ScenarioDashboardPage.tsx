import {
  canCreateScenario,
  SCENARIO_TABS,
  type ScenarioDashboardKind,
  type ScenarioTabKey,
  scenarioDashboardKind,
  scenarioTabsFor,
} from '@simvisit/schema';
import { Alert, Spinner, Tabs } from '@simvisit/ui';
import { errorMessage } from '../../lib/api';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSignedInSession } from '../../platform/session';
import { CreateScenarioButton } from './CreateScenarioButton';
import { SavedCopyNote } from './SavedCopyNote';
import { ScenarioGrid } from './ScenarioGrid';
import { useScenarioPage } from './scenario-queries';
import { SCENARIO_LIST_TEXTS, SCENARIO_TAB_EMPTY } from './scenario-texts';

/** The tab and page as they stand in the address (?tab=approved&page=2), so Back and reload keep them. */
export interface ScenarioDashboardSearch {
  tab?: string;
  page?: string;
}

function readSearch(search: ScenarioDashboardSearch, tabs: readonly ScenarioTabKey[]): { tab: ScenarioTabKey; page: number } {
  // A tab this person does not get (a trainer's ?tab=my-scenarios) falls back to their first.
  const tab = tabs.find((t) => t === search.tab) ?? tabs[0] ?? 'published';
  const page = Math.max(1, Math.floor(Number(search.page)) || 1);
  return { tab, page };
}

export interface ScenarioDashboardPageProps {
  search: ScenarioDashboardSearch;
  onSearchChange: (next: ScenarioDashboardSearch) => void;
}

/**
 * The scenario dashboard (scenario.list, spec 001 §2 and §6): learners get the simple 'Available Scenarios'
 * list; everyone else gets the tabs of their kind. Admins and authors may create a scenario.
 */
export function ScenarioDashboardPage({ search, onSearchChange }: ScenarioDashboardPageProps) {
  const session = useSignedInSession();
  const kind = scenarioDashboardKind(session.permissions);
  const tabs = scenarioTabsFor(kind);
  const learner = kind === 'learner';
  const title = learner ? SCENARIO_LIST_TEXTS.learnerTitle : SCENARIO_LIST_TEXTS.pageTitle;
  useDocumentTitle(title);
  const { tab, page } = readSearch(search, tabs);

  const go = (next: { tab: ScenarioTabKey; page: number }) =>
    onSearchChange({
      tab: learner || next.tab === tabs[0] ? undefined : next.tab,
      page: next.page > 1 ? String(next.page) : undefined,
    });

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
        {canCreateScenario(kind) ? <CreateScenarioButton label={SCENARIO_LIST_TEXTS.createNew} /> : null}
      </div>
      {learner ? (
        <ScenarioListPanel kind={kind} tab="published" page={page} onPageChange={(p) => go({ tab: 'published', page: p })} />
      ) : (
        <Tabs
          label="Scenario lists"
          value={tab}
          onValueChange={(value) => go({ tab: value as ScenarioTabKey, page: 1 })}
          items={SCENARIO_TABS.filter((t) => tabs.includes(t.key)).map((t) => ({
            value: t.key,
            label: t.label,
            // Only the open tab loads its list.
            content:
              t.key === tab ? (
                <ScenarioListPanel kind={kind} tab={t.key} page={page} onPageChange={(p) => go({ tab: t.key, page: p })} />
              ) : null,
          }))}
        />
      )}
    </div>
  );
}

function ScenarioListPanel({
  kind,
  tab,
  page,
  onPageChange,
}: {
  kind: ScenarioDashboardKind;
  tab: ScenarioTabKey;
  page: number;
  onPageChange: (page: number) => void;
}) {
  const { data, error, isPending, isError, isPlaceholderData } = useScenarioPage(tab, page);
  const learner = kind === 'learner';
  const label = learner ? SCENARIO_LIST_TEXTS.learnerTitle : (SCENARIO_TABS.find((t) => t.key === tab)?.label ?? tab);

  if (isError) {
    return (
      <Alert tone="danger" role="alert">
        <h2 className="text-base font-semibold">{SCENARIO_LIST_TEXTS.loadError}</h2>
        <p>{errorMessage(error)}</p>
      </Alert>
    );
  }
  if (isPending) return <Spinner label="Loading scenarios" />;
  const { value, fromDevice } = data;
  return (
    <div className="space-y-4">
      <SavedCopyNote show={fromDevice} />
      <ScenarioGrid
        label={label}
        scenarios={value.scenarios}
        total={value.total}
        page={value.page}
        onPageChange={onPageChange}
        emptyText={learner ? SCENARIO_LIST_TEXTS.learnerEmpty : SCENARIO_TAB_EMPTY[tab]}
        viewerIsLearner={learner}
        showStatus={tab === 'my-scenarios'}
        busy={isPlaceholderData}
      />
    </div>
  );
}
