import { SCENARIO_STATUS, type ScenarioAbilities, type ScenarioDetail } from '@simvisit/schema';
import { Card, CardBody, CardHeader } from '@simvisit/ui';
import { Tabs } from 'radix-ui';
import type { ReactNode } from 'react';
import { CommentList } from './comments';
import { DistributionTab } from './DistributionTab';
import { PeopleTab } from './PeopleTab';
import { DetailsTab, FeeTab, ScorecardDisplayTab } from './SettingsTabs';
import type { ScenarioView } from './scenario-view';

type TabName = ScenarioAbilities['tabs'][number];

function tabContent(tab: TabName, scenario: ScenarioDetail, view: ScenarioView, online: boolean): ReactNode {
  switch (tab) {
    case 'Details':
      return <DetailsTab scenario={scenario} online={online} />;
    case 'Comments':
      return <CommentList comments={view.comments} showField />;
    case 'Distribution':
      return <DistributionTab scenario={scenario} online={online} />;
    case 'SP':
      return <PeopleTab scenario={scenario} roleId={2} online={online} />;
    case 'Observers':
      return <PeopleTab scenario={scenario} roleId={3} online={online} />;
    case 'Scorecard Display':
      return <ScorecardDisplayTab scenario={scenario} online={online} />;
    case 'Fee':
      return <FeeTab scenario={scenario} online={online} />;
  }
}

/**
 * The side panel (spec 001 §2): none in draft; comments only in review and editing; otherwise the tabs the
 * server allows the caller (`abilities.tabs`: trainers and head trainers see fewer).
 */
export function SidePanel({ view, online }: { view: ScenarioView; online: boolean }) {
  if (view.status === SCENARIO_STATUS.draft) return null;
  const scenario = view.detail;
  const reviewing = view.status === SCENARIO_STATUS.review || view.status === SCENARIO_STATUS.editing;
  if (reviewing || !scenario) {
    // Without the server's answer (offline, nothing saved) the device's comments still show.
    if (scenario && !scenario.abilities.tabs.includes('Comments')) return null;
    return (
      <Card aria-label="Scenario comments" data-testid="scenario-side-panel">
        <CardHeader title="Comments" />
        <CardBody>
          <CommentList comments={view.comments} showField />
        </CardBody>
      </Card>
    );
  }
  const tabs = scenario.abilities.tabs;
  if (tabs.length === 0) return null;
  return (
    <Card data-testid="scenario-side-panel" aria-label="Scenario settings">
      <CardBody>
        {online ? null : (
          <p className="mb-2 text-xs text-amber-800">You are offline: these settings can be changed once you are back online.</p>
        )}
        {/* Up to seven tabs in a narrow column: the tab list wraps instead of scrolling sideways. */}
        {/* Values are positions: Radix makes ids of them, and a tab name with a space broke aria-controls. */}
        <Tabs.Root defaultValue="tab-0">
          <Tabs.List aria-label="Scenario settings" className="flex flex-wrap gap-1 border-b border-slate-200 pb-1">
            {tabs.map((tab, index) => (
              <Tabs.Trigger
                key={tab}
                value={`tab-${index}`}
                className="rounded-md px-2.5 py-1.5 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-500 data-[state=active]:bg-brand-50 data-[state=active]:text-brand-800"
              >
                {tab}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {tabs.map((tab, index) => (
            <Tabs.Content key={tab} value={`tab-${index}`} className="pt-4 focus-visible:outline-none">
              {tabContent(tab, scenario, view, online)}
            </Tabs.Content>
          ))}
        </Tabs.Root>
      </CardBody>
    </Card>
  );
}
