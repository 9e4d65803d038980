import { PARTNER_SIM, type ScenarioCard } from '@simvisit/schema';
import { Button, PencilIcon, TrashIcon } from '@simvisit/ui';
import { useState } from 'react';
import { AppLink } from '../../lib/app-link';
import { useSignedInSession } from '../../platform/session';
import { AuthorFinancialCard, currentPeriod, FinancialOverviewCard, type OverviewPeriod } from '../financial';
import {
  AUTHOR_EMPTY,
  CreateScenarioButton,
  DELETE_TEXTS,
  DeleteScenarioDialog,
  SCENARIO_LIST_TEXTS,
  useAuthoringLists,
} from '../scenarios';
import { DASHBOARD_TABS } from './dashboard-tabs';
import { ScenarioListTabs } from './ScenarioListTabs';

const [DRAFTS, REVIEWS, EDITS, APPROVED] = DASHBOARD_TABS.author as [string, string, string, string];

/**
 * The author dashboard (spec 000 §2.11): the author's own scenarios by status from GET api/scenarios/authoring,
 * a CREATE NEW SCENARIO button on each tab, and Make Edits and Delete on each draft; beside them the author's
 * financial overview (the current month first) and, at partner 28, the author financial card of the same month.
 */
export function AuthorDashboard() {
  const lists = useAuthoringLists();
  const [deleting, setDeleting] = useState<ScenarioCard | null>(null);
  const session = useSignedInSession();
  const [period, setPeriod] = useState<OverviewPeriod>(() => currentPeriod());
  const atSimPartner = session.partner?.id === PARTNER_SIM;
  const draftActions = (s: ScenarioCard) => (
    <>
      <Button asChild size="sm" variant="secondary">
        <AppLink to={`/scenarios/${s.id}`}>
          <PencilIcon className="size-4" />
          {DELETE_TEXTS.makeEdits}
        </AppLink>
      </Button>
      <Button size="sm" variant="secondary" onClick={() => setDeleting(s)}>
        <TrashIcon className="size-4 text-red-600" />
        {DELETE_TEXTS.delete}
      </Button>
    </>
  );

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <div className="min-w-0">
        <ScenarioListTabs
          label="Author dashboard"
          query={lists}
          lists="authoring"
          toolbar={
            <div className="flex justify-end">
              <CreateScenarioButton label={SCENARIO_LIST_TEXTS.createNewCaps} />
            </div>
          }
          tabs={[
            { label: DRAFTS, scenarios: (l) => l.scenario_drafts, emptyText: AUTHOR_EMPTY.drafts, actions: draftActions },
            { label: REVIEWS, scenarios: (l) => l.scenario_reviews, emptyText: AUTHOR_EMPTY.reviews },
            { label: EDITS, scenarios: (l) => l.scenario_edits, emptyText: AUTHOR_EMPTY.edits },
            { label: APPROVED, scenarios: (l) => l.scenario_approved, emptyText: AUTHOR_EMPTY.approved },
          ]}
        />
      </div>
      <aside className="space-y-4" aria-label="Earnings">
        <FinancialOverviewCard isAuthor period={period} onPeriodChange={setPeriod} />
        {atSimPartner ? <AuthorFinancialCard period={period} /> : null}
      </aside>
      <DeleteScenarioDialog scenario={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}
