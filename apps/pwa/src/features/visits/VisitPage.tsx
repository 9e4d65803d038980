import { isOpenVisit, type VisitAbilities, type VisitDetail, type VisitResponse, visitAbilities } from '@simvisit/schema';
import { Alert, Spinner } from '@simvisit/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useNow } from '../../lib/use-now';
import { useDisplayZone, useSignedInSession } from '../../platform/session';
import { visitDashboardKeys } from '../visit-dashboard';
import { VisitActions, type VisitPageView } from './VisitActions';
import { VisitJoinCard } from './VisitJoinCard';
import { VisitLoadError } from './VisitLoadError';
import { VisitScenarioCard } from './VisitScenarioCard';
import { VisitSummary } from './VisitSummary';
import { visitKeys, visitQuery } from './visit-api';
import { VISIT_PAGE_TEXTS as T } from './visit-texts';

// Shown only after Reschedule is chosen: the date picker loads then (decision 0090). The other sub-views (their forms,
// react-hook-form, Radix's dialog) load when chosen too, out of the page's first JavaScript (decision 0085).
const VisitRescheduleView = lazy(() => import('./VisitRescheduleView').then((m) => ({ default: m.VisitRescheduleView })));
const VisitCancelView = lazy(() => import('./VisitCancelView').then((m) => ({ default: m.VisitCancelView })));
const VisitTransferView = lazy(() => import('./VisitTransferView').then((m) => ({ default: m.VisitTransferView })));
const VisitObserversView = lazy(() => import('./VisitObserversView').then((m) => ({ default: m.VisitObserversView })));
const VisitAdjustView = lazy(() => import('./VisitAdjustView').then((m) => ({ default: m.VisitAdjustView })));

/** The rules read the response: the scenario's flags and whether an admin's reschedule link waits. */
function abilitiesOf(visit: VisitDetail, now: Date): VisitAbilities {
  return visitAbilities(visit, visit.viewer, now);
}

/**
 * The visit detail page (/visit/:visit_id, spec 002 §2.2): the date and time in the viewer's zone under the state
 * heading, the details the caller may see, joining and closing, the actions the caller may take and their
 * sub-views, the scorecard buttons, and the scenario card beside. Query R=1 opens the learner's reschedule view.
 */
export function VisitPage({ visitId, openReschedule }: { visitId: number; openReschedule: boolean }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const session = useSignedInSession();
  const query = useQuery(visitQuery(session.user.id, visitId));
  const now = useNow();
  const zone = useDisplayZone();
  const [view, setView] = useState<VisitPageView>('details');
  const askedReschedule = useRef(false);
  useDocumentTitle(T.title);

  const data = query.data;
  const abilities = data ? abilitiesOf(data.visit, now) : null;

  // R=1 opens the reschedule view once, for a learner who may reschedule (spec 002 §2.2).
  useEffect(() => {
    if (!openReschedule || askedReschedule.current || !abilities) return;
    askedReschedule.current = true;
    if (abilities.can_reschedule) setView('reschedule');
  }, [openReschedule, abilities]);

  async function changed(visit: VisitDetail | null) {
    if (visit) queryClient.setQueryData<VisitResponse>(visitKeys.visit(visitId), (old) => (old ? { ...old, visit } : old));
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: visitKeys.visit(visitId) }),
      queryClient.invalidateQueries({ queryKey: visitDashboardKeys.all }),
    ]);
  }

  if (query.isError) return <VisitLoadError error={query.error} />;
  if (!data || !abilities) return <Spinner label={T.loading} />;

  const visit = data.visit;
  const back = () => setView('details');
  let main: ReactNode;
  let sub: ReactNode = null;
  if (view === 'cancel' && abilities.can_cancel) sub = <VisitCancelView data={data} onDone={back} onChanged={changed} />;
  else if (view === 'reschedule' && abilities.can_reschedule) {
    sub = (
      <VisitRescheduleView
        data={data}
        zone={zone}
        onDone={back}
        onRescheduled={(requestId) => {
          void changed(null);
          void navigate({ href: `/request/${requestId}` });
        }}
      />
    );
  } else if (view === 'transfer' && abilities.can_transfer) sub = <VisitTransferView data={data} onDone={back} onChanged={changed} />;
  else if (view === 'observers' && abilities.can_manage_observers)
    sub = <VisitObserversView data={data} onDone={back} onChanged={changed} />;
  else if (view === 'adjust' && abilities.can_adjust) sub = <VisitAdjustView data={data} zone={zone} onDone={back} onChanged={changed} />;
  if (sub) {
    main = <Suspense fallback={<Spinner label={view === 'reschedule' ? 'Loading the date picker' : T.loading} />}>{sub}</Suspense>;
  } else {
    main = (
      <>
        <VisitSummary data={data} zone={zone} />
        {abilities.join_role && isOpenVisit(visit) ? (
          <VisitJoinCard
            visit={visit}
            role={abilities.join_role}
            canClose={abilities.can_close}
            now={now}
            onChanged={() => changed(null)}
            onFeedback={() => void navigate({ href: `/visit/${visit.id}/scorecard` })}
          />
        ) : null}
        {data.fromDevice ? (
          <Alert tone="warning" role="status" data-testid="visit-saved-copy">
            {T.savedCopy}
          </Alert>
        ) : (
          <VisitActions data={data} abilities={abilities} onView={setView} onChanged={changed} />
        )}
      </>
    );
  }

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
      <div className="min-w-0 space-y-6">{main}</div>
      <aside className="min-w-0">
        <VisitScenarioCard scenario={visit.scenario} />
      </aside>
    </div>
  );
}
