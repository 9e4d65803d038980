import {
  canConfirmNow,
  cardDateTime,
  ROLE,
  showsDashboardFilters,
  showsSessionCounter,
  type TrainingListType,
  VISIT_EMPTY_TEXTS,
  VISIT_SECTION_LABELS,
  type VisitCard,
  type VisitListRole,
  type VisitListSection,
  visitHref,
} from '@simvisit/schema';
import { Alert, Spinner, Tabs } from '@simvisit/ui';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { AppLink } from '../../lib/app-link';
import { useDisplayZone, useSignedInSession } from '../../platform/session';
import { ScenarioCard, scenarioHref } from '../scenarios';
import { loadTrainingSessionSection } from '../training-sessions';
import { VisitSection } from './VisitSection';
import { type DashboardFilter, NO_FILTER, useFeaturedScenarios, useVisitSection } from './visit-dashboard-queries';

// What only the other roles' dashboards draw loads when drawn: a learner's first JavaScript leaves it out (decision 0085).
const DashboardTools = lazy(() => import('./DashboardTools'));
const ParticipantReport = lazy(() => import('./ParticipantReport').then((m) => ({ default: m.ParticipantReport })));
const TrainingSessionSection = lazy(loadTrainingSessionSection);

/** The dashboard views with visit lists, and the role id each asks the server for. */
export type VisitDashboardView = 'learner' | 'standardized_patient' | 'observer' | 'admin' | 'client_admin';

const ROLE_OF_VIEW: Record<VisitDashboardView, VisitListRole> = {
  learner: ROLE.learner,
  standardized_patient: ROLE.standardized_patient,
  observer: ROLE.observer,
  admin: ROLE.admin,
  client_admin: ROLE.client_admin,
};

interface SectionSpec {
  section: VisitListSection;
  label: string;
  emptyText: string;
}

const PENDING: SectionSpec = { section: 'requests', label: VISIT_SECTION_LABELS.requests, emptyText: VISIT_EMPTY_TEXTS.requests };
const SCHEDULED: SectionSpec = { section: 'scheduled', label: VISIT_SECTION_LABELS.scheduled, emptyText: VISIT_EMPTY_TEXTS.scheduled };
const COMPLETED: SectionSpec = { section: 'completed', label: VISIT_SECTION_LABELS.completed, emptyText: VISIT_EMPTY_TEXTS.completed };
const CANCELED: SectionSpec = { section: 'canceled', label: VISIT_SECTION_LABELS.canceled, emptyText: VISIT_EMPTY_TEXTS.canceled };

/**
 * The lists under each tab (spec 000 §2.8, §2.12). The observer's tabs hold their scorecards: pending ones
 * (assigned visits not yet scored) and completed ones. Training sessions do not exist yet (decision 0031).
 */
function tabsOf(view: VisitDashboardView): { tab: string; sections: SectionSpec[] }[] {
  if (view === 'observer') {
    return [
      {
        tab: 'Pending',
        sections: [{ section: 'scheduled', label: VISIT_SECTION_LABELS.pendingScorecards, emptyText: VISIT_EMPTY_TEXTS.pendingScorecards }],
      },
      {
        tab: 'Completed',
        sections: [
          { section: 'completed', label: VISIT_SECTION_LABELS.completedScorecards, emptyText: VISIT_EMPTY_TEXTS.completedScorecards },
        ],
      },
    ];
  }
  return [
    { tab: 'Pending', sections: [PENDING] },
    { tab: 'Scheduled', sections: [SCHEDULED] },
    { tab: 'Completed', sections: [COMPLETED, CANCELED] },
  ];
}

/** The training session lists under each tab of the SP, observer and admin dashboards (spec 000 §2.8, §2.12). */
const TRAINING_TABS: Partial<Record<VisitDashboardView, Record<string, TrainingListType[]>>> = {
  standardized_patient: {
    Scheduled: ['scheduled_training_sessions'],
    Completed: ['completed_training_sessions', 'canceled_training_sessions'],
  },
  observer: { Pending: ['scheduled_training_sessions'], Completed: ['completed_training_sessions', 'canceled_training_sessions'] },
  admin: { Scheduled: ['scheduled_training_sessions'], Completed: ['completed_training_sessions', 'canceled_training_sessions'] },
};

/** Learner alerts: scheduled visits waiting for the learner's confirmation (spec 001 §4, 002 §4). */
function LearnerAlerts({ visits }: { visits: readonly VisitCard[] }) {
  const zone = useDisplayZone();
  const now = new Date();
  const waiting = visits.filter((v) => !v.is_confirmed && canConfirmNow(new Date(v.local_time), now));
  if (!waiting.length) return null;
  return (
    <section className="space-y-2" aria-label="Alerts">
      {waiting.map((v) => {
        const { date, time } = cardDateTime(v.local_time, zone);
        return (
          <Alert key={v.id} tone="warning" title="Please confirm your visit">
            {v.scenario.title ?? 'Your visit'} on {date}, {time} is not confirmed yet. Unconfirmed visits are canceled 21 hours before they
            start.{' '}
            <AppLink to={visitHref(v.id)} className="font-semibold underline">
              Confirm Visit
            </AppLink>
          </Alert>
        );
      })}
    </section>
  );
}

/**
 * The learner's alerts above their tabs. The alerts come from the scheduled list, which may answer after the tabs
 * have drawn: shown then, they pushed the tabs some 150 px down on a phone (CLS 0.25, issue 22). So while that
 * list is being fetched the tabs wait, mounted (their own lists load meanwhile) but hidden behind one spinner,
 * and appear with their alerts above them; so do the featured scenarios below them, which would move too. Offline (the query paused) or on a failure, nothing waits.
 */
function LearnerAlertsAbove({ children }: { children: ReactNode }) {
  const { data, isPending, fetchStatus } = useVisitSection(ROLE.learner, 'scheduled', 1, NO_FILTER, null);
  const waiting = isPending && fetchStatus === 'fetching';
  return (
    <>
      {waiting ? <Spinner label="Loading your visits" /> : <LearnerAlerts visits={data?.value.scheduled_visits ?? []} />}
      <div hidden={waiting} className="space-y-6">
        {children}
      </div>
    </>
  );
}

/** The learner's featured scenarios, each opening its overview (scenario.overview). */
function FeaturedScenarios() {
  const { data } = useFeaturedScenarios();
  const scenarios = data?.value.scenarios ?? [];
  if (!scenarios.length) return null;
  return (
    <section aria-labelledby="featured-scenarios" className="space-y-3">
      <h2 id="featured-scenarios" className="text-lg font-semibold text-slate-900">
        Featured Scenarios
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
        {scenarios.map((s) => (
          <li key={s.id}>
            <ScenarioCard scenario={s} href={scenarioHref(s, true)} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The visit lists of the learner, SP, observer, admin and client admin dashboards (spec 000 §2.8, §2.12):
 * the role's tabs, each with its lists; admins get the filters card (partners 1 and 28) and the visit
 * stats, client admins the filter and the visit report, learners their alerts and featured scenarios.
 */
export function VisitDashboard({ view }: { view: VisitDashboardView }) {
  const session = useSignedInSession();
  const role = ROLE_OF_VIEW[view];
  const [filter, setFilter] = useState<DashboardFilter>(NO_FILTER);
  const administers = view === 'admin' || view === 'client_admin';
  const withFilters = administers && showsDashboardFilters(session.partner?.id ?? null);
  const withSessionCounter = administers && showsSessionCounter(session.partner?.id ?? null);
  const filterKey = `${filter.partner_id}-${filter.scenario_id}`;

  const tabs = (
    <Tabs
      label={`${view === 'client_admin' ? 'Client admin' : view === 'standardized_patient' ? 'Standardized patient' : view[0]!.toUpperCase() + view.slice(1)} visits`}
      items={tabsOf(view).map(({ tab, sections }) => ({
        value: tab,
        label: tab,
        content: (
          <div className="space-y-8">
            {sections.map((s) => (
              <VisitSection
                // A new filter starts every list on its first page.
                key={`${s.section}-${filterKey}`}
                role={role}
                section={s.section}
                label={s.label}
                emptyText={s.emptyText}
                filter={filter}
                showPartner={administers}
              />
            ))}
            {(TRAINING_TABS[view]?.[tab] ?? []).map((type) => (
              <Suspense key={type} fallback={<Spinner label="Loading training sessions" />}>
                <TrainingSessionSection role={role} type={type} />
              </Suspense>
            ))}
          </div>
        ),
      }))}
    />
  );

  // The financial overview (spec 000 §2.8, §2.12): beside the visit stats for admins (in admin mode, with the
  // report buttons and the dashboard's filter), and the SP's and observer's own figures on theirs.
  const withFinancials = view === 'admin' || view === 'standardized_patient' || view === 'observer';
  let side: ReactNode = null;
  if (view !== 'learner' && (withFilters || withSessionCounter || withFinancials)) {
    side = (
      <Suspense fallback={<Spinner label="Loading dashboard tools" />}>
        <DashboardTools
          view={view}
          role={role}
          withFilters={withFilters}
          withSessionCounter={withSessionCounter}
          withFinancials={withFinancials}
          filter={filter}
          onFilter={setFilter}
        />
      </Suspense>
    );
  }

  return (
    <div className="space-y-6">
      {side ? (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <div className="min-w-0">{tabs}</div>
          {side}
        </div>
      ) : view === 'learner' ? (
        <LearnerAlertsAbove>
          {tabs}
          <FeaturedScenarios />
        </LearnerAlertsAbove>
      ) : (
        tabs
      )}
      {view === 'client_admin' ? (
        <Suspense fallback={<Spinner label="Loading the visit report" />}>
          <ParticipantReport key={filterKey} filter={filter} />
        </Suspense>
      ) : null}
    </div>
  );
}
