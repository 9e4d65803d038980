import { REVIEWER_EMPTY, useReviewingLists } from '../scenarios';
import { DASHBOARD_TABS } from './dashboard-tabs';
import { ScenarioListTabs } from './ScenarioListTabs';

const [AWAITING, MINE, EDITS, APPROVED] = DASHBOARD_TABS.reviewer as [string, string, string, string];

/**
 * The reviewer dashboard (spec 000 §2.12): scenarios awaiting a reviewer, those under the caller's review,
 * those sent back for edits and the approved ones, from GET api/scenarios/reviewing. Each opens the scenario,
 * where it is taken under review, commented on, sent back or approved.
 */
export function ReviewerDashboard() {
  const lists = useReviewingLists();
  return (
    <ScenarioListTabs
      label="Reviewer dashboard"
      query={lists}
      lists="reviewing"
      tabs={[
        { label: AWAITING, scenarios: (l) => l.scenarios_needing_review, emptyText: REVIEWER_EMPTY.awaiting },
        { label: MINE, scenarios: (l) => l.scenarios_in_review, emptyText: REVIEWER_EMPTY.mine },
        { label: EDITS, scenarios: (l) => l.scenarios_in_edit, emptyText: REVIEWER_EMPTY.edits },
        { label: APPROVED, scenarios: (l) => l.scenario_approved, emptyText: REVIEWER_EMPTY.approved },
      ]}
    />
  );
}
