import {
  canceledReason,
  formatShortDate,
  formatTime,
  isOpenVisit,
  VISIT_MESSAGES,
  type VisitAbilities,
  type VisitDetail,
  type VisitResponse,
  visitAbilities,
  visitGroup,
  visitHeading,
} from '@simvisit/schema';
import { Alert, Button, Card, CardBody, CardHeader, Spinner, safeExternalUrl, TextField } from '@simvisit/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { errorMessage, isApiError } from '../../lib/api';
import { AppLink } from '../../lib/app-link';
import { useDocumentTitle } from '../../lib/use-document-title';
import { notify, notifyFailure, notifySuccess } from '../../platform/notices';
import { visitDashboardKeys } from '../visit-dashboard';
import { viewerZone } from '../visit-requests';
import { useNow } from './use-now';
import { VisitJoinCard } from './VisitJoinCard';
import { VisitScenarioCard } from './VisitScenarioCard';
import { VisitAdjustView, VisitCancelView, VisitObserversView, VisitRescheduleView, VisitTransferView } from './VisitSubViews';
import { recordingQuery, verbalFeedbackQuery, visitCalls, visitKeys, visitQuery } from './visit-api';
import { openVisitPopup } from './visit-popups';
import { VISIT_PAGE_TEXTS as T } from './visit-texts';

type View = 'details' | 'cancel' | 'reschedule' | 'transfer' | 'observers' | 'adjust';

/** The rules read the response: the scenario's flags and whether an admin's reschedule link waits. */
function abilitiesOf(visit: VisitDetail, now: Date): VisitAbilities {
  return visitAbilities(visit, visit.viewer, now);
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[9rem_1fr] gap-2 py-1 text-sm">
      <dt className="text-slate-500">{label}</dt>
      <dd className="min-w-0 break-words text-slate-900">{children}</dd>
    </div>
  );
}

/** The page's load failure (spec 002 §2.2, §8): 'Error Loading Visit' with the server's message. */
function VisitLoadError({ error }: { error: unknown }) {
  useEffect(() => {
    if (isApiError(error) && error.sessionEnded) return;
    notify({ title: VISIT_MESSAGES.loadError, content: errorMessage(error), icon: 'error', color: 'red' });
  }, [error]);
  if (isApiError(error) && error.sessionEnded) return null;
  return (
    <Alert tone="danger" role="alert" title={VISIT_MESSAGES.pageError} className="mx-auto max-w-2xl">
      <p>{errorMessage(error)}</p>
      <p className="mt-2">
        <AppLink to="/dashboard" className="font-medium underline">
          {T.dashboard}
        </AppLink>
      </p>
    </Alert>
  );
}

/**
 * The visit detail page (/visit/:visit_id, spec 002 §2.2): the date and time in the viewer's zone under the state
 * heading, the details the caller may see, joining and closing, the actions the caller may take and their
 * sub-views, the scorecard buttons, and the scenario card beside. Query R=1 opens the learner's reschedule view.
 */
export function VisitPage({ visitId, openReschedule }: { visitId: number; openReschedule: boolean }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const query = useQuery(visitQuery(visitId));
  const now = useNow();
  const zone = viewerZone();
  const [view, setView] = useState<View>('details');
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
  if (view === 'cancel' && abilities.can_cancel) main = <VisitCancelView data={data} onDone={back} onChanged={changed} />;
  else if (view === 'reschedule' && abilities.can_reschedule) {
    main = (
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
  } else if (view === 'transfer' && abilities.can_transfer) main = <VisitTransferView data={data} onDone={back} onChanged={changed} />;
  else if (view === 'observers' && abilities.can_manage_observers)
    main = <VisitObserversView data={data} onDone={back} onChanged={changed} />;
  else if (view === 'adjust' && abilities.can_adjust) main = <VisitAdjustView data={data} zone={zone} onDone={back} onChanged={changed} />;
  else {
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
        <VisitActions data={data} abilities={abilities} onView={setView} onChanged={changed} />
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

/** The heading, the date and time, the state and the people the caller may see (AUTHZ-04 decided on the server). */
function VisitSummary({ data, zone }: { data: VisitResponse; zone: string }) {
  const { visit, timezones, learner_type } = data;
  const start = new Date(visit.start_at);
  const viewer = visit.viewer;
  const group = visitGroup(visit);
  const learnerZone = timezones.learner;
  const showLearnerTime = learnerZone !== null && learnerZone !== zone && !viewer.is_learner;
  return (
    <Card>
      <CardBody padding="lg" className="space-y-5">
        <div className="space-y-1">
          <h1 className="text-base font-medium text-slate-600">{visitHeading(visit)}</h1>
          <p className="text-2xl font-semibold tracking-tight text-slate-900">
            <span data-testid="visit-date">{formatShortDate(start, zone)}</span> at{' '}
            <span data-testid="visit-time">{formatTime(start, zone)}</span>
          </p>
          <p className="text-xs text-slate-500">{zone.replace(/_/g, ' ')}</p>
          {showLearnerTime ? (
            <p className="text-sm text-slate-600">
              {T.participantTime}: {formatShortDate(start, learnerZone)} {formatTime(start, learnerZone)} ({learnerZone.replace(/_/g, ' ')})
            </p>
          ) : null}
          <p className="flex flex-wrap gap-2 pt-1">
            {group === 'canceled' ? (
              <span className="rounded-full bg-red-50 px-2.5 py-0.5 text-xs font-medium text-red-800">{canceledReason(visit)}</span>
            ) : group === 'completed' ? (
              <span className="rounded-full bg-green-50 px-2.5 py-0.5 text-xs font-medium text-green-800">Complete</span>
            ) : (
              <span
                className={
                  visit.is_confirmed
                    ? 'rounded-full bg-green-50 px-2.5 py-0.5 text-xs font-medium text-green-800'
                    : 'rounded-full bg-amber-50 px-2.5 py-0.5 text-xs font-medium text-amber-800'
                }
              >
                {visit.is_confirmed ? T.confirmed : T.unconfirmed}
              </span>
            )}
          </p>
        </div>

        <section aria-label={T.participant} className="space-y-1">
          <h2 className="text-sm font-semibold text-slate-900">{T.participant}</h2>
          <dl>
            {visit.learner.name ? <Row label={T.name}>{visit.learner.name}</Row> : null}
            {visit.learner.email && !viewer.is_learner ? <Row label={T.email}>{visit.learner.email}</Row> : null}
            {learnerZone && !viewer.is_learner ? <Row label={T.timezone}>{learnerZone.replace(/_/g, ' ')}</Row> : null}
            {learner_type ? <Row label={T.learnerType}>{learner_type}</Row> : null}
            {!learner_type && visit.learner.profession ? <Row label={T.profession}>{visit.learner.profession.title}</Row> : null}
            {visit.learner.specialty ? <Row label={T.specialty}>{visit.learner.specialty.title}</Row> : null}
          </dl>
        </section>

        {visit.standardized_patient && !viewer.is_sp ? (
          <section aria-label={T.sp} className="space-y-1">
            <h2 className="text-sm font-semibold text-slate-900">{T.sp}</h2>
            <dl>
              <Row label={T.name}>{visit.standardized_patient.name}</Row>
              <Row label={T.email}>{visit.standardized_patient.email}</Row>
              {timezones.sp ? <Row label={T.timezone}>{timezones.sp.replace(/_/g, ' ')}</Row> : null}
            </dl>
          </section>
        ) : null}

        {viewer.is_admin || viewer.is_super_admin || viewer.is_head_trainer ? (
          <section aria-label={T.observers} className="space-y-1">
            <h2 className="text-sm font-semibold text-slate-900">{T.observers}</h2>
            {visit.observer_users.length === 0 ? (
              <p className="text-sm text-slate-600">{T.noObservers}</p>
            ) : (
              <ul className="text-sm text-slate-900">
                {visit.observer_users.map((o) => (
                  <li key={o.id}>
                    {o.user.name}
                    {o.is_complete ? <span className="ml-2 text-xs text-green-700">{T.scored}</span> : null}
                  </li>
                ))}
              </ul>
            )}
          </section>
        ) : null}
      </CardBody>
    </Card>
  );
}

/** The actions of the caller (the shared rules decide each button; the server applies the same rules). */
function VisitActions({
  data,
  abilities,
  onView,
  onChanged,
}: {
  data: VisitResponse;
  abilities: VisitAbilities;
  onView: (view: View) => void;
  onChanged: (visit: VisitDetail | null) => Promise<unknown>;
}) {
  const visit = data.visit;
  const [link, setLink] = useState<string | null>(null);
  const linkId = useId();
  const recording = useQuery({ ...recordingQuery(visit.id), enabled: abilities.can_view_recording });
  const verbal = useQuery({ ...verbalFeedbackQuery(visit.scenario_id), enabled: abilities.can_share });

  const confirm = useMutation({
    mutationFn: () => visitCalls.confirm(visit.id),
    onSuccess: async ({ message }) => {
      notifySuccess(message);
      await onChanged(null);
    },
    onError: (error) => notifyFailure(VISIT_MESSAGES.confirmError, error),
  });
  const rescheduleLink = useMutation({
    mutationFn: () => visitCalls.rescheduleLink(visit.id),
    onSuccess: async ({ reschedule_link, message }) => {
      notifySuccess(message);
      setLink(reschedule_link);
      await onChanged(null);
    },
    onError: (error) => notifyFailure(VISIT_MESSAGES.linkError, error),
  });

  const recordingLink = safeExternalUrl(recording.data?.link);
  function recordingMissing() {
    notify({
      title: VISIT_MESSAGES.recordingError,
      content: recording.isError ? errorMessage(recording.error) : VISIT_MESSAGES.linkNotGenerated,
      icon: 'error',
      color: 'red',
    });
  }

  const buttons: ReactNode[] = [];
  if (abilities.can_confirm) {
    buttons.push(
      <Button key="confirm" onClick={() => confirm.mutate()} disabled={confirm.isPending} aria-busy={confirm.isPending}>
        {T.confirm}
      </Button>,
    );
  }
  if (abilities.can_reschedule)
    buttons.push(
      <Button key="reschedule" variant="secondary" onClick={() => onView('reschedule')}>
        {T.reschedule}
      </Button>,
    );
  if (abilities.can_transfer)
    buttons.push(
      <Button key="transfer" variant="secondary" onClick={() => onView('transfer')}>
        {T.transfer}
      </Button>,
    );
  if (abilities.can_adjust)
    buttons.push(
      <Button key="adjust" variant="secondary" onClick={() => onView('adjust')}>
        {T.adjust}
      </Button>,
    );
  if (abilities.can_manage_observers)
    buttons.push(
      <Button key="observers" variant="secondary" onClick={() => onView('observers')}>
        {T.manageObservers}
      </Button>,
    );
  if (abilities.can_generate_reschedule_link) {
    buttons.push(
      <Button
        key="link"
        variant="secondary"
        onClick={() => rescheduleLink.mutate()}
        disabled={rescheduleLink.isPending}
        aria-busy={rescheduleLink.isPending}
      >
        {T.rescheduleLink}
      </Button>,
    );
  }
  if (abilities.can_view_recording) {
    buttons.push(
      recordingLink ? (
        <a
          key="recording"
          href={recordingLink}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex h-10 items-center rounded-md border border-slate-300 bg-white px-4 text-sm font-medium text-slate-800 shadow-sm hover:bg-slate-50"
          onClick={() => notifySuccess(VISIT_MESSAGES.redirectingToRecording)}
        >
          {T.recording}
        </a>
      ) : (
        <Button key="recording" variant="secondary" onClick={recordingMissing} disabled={recording.isPending}>
          {T.recording}
        </Button>
      ),
    );
  }
  if (abilities.can_share) {
    buttons.push(
      <Button key="share" variant="secondary" onClick={() => openVisitPopup('share', visit.scenario_id)}>
        {T.share}
      </Button>,
    );
  }
  if (abilities.can_share_zoom_message) {
    buttons.push(
      <Button key="zoom" variant="secondary" onClick={() => openVisitPopup('zoom-message', visit.scenario_id)}>
        {T.zoomMessage}
      </Button>,
    );
  }
  if (abilities.can_share && verbal.data?.has_verbal_feedback) {
    buttons.push(
      <Button key="print" variant="secondary" onClick={() => openVisitPopup('print-feedback', visit.scenario_id)}>
        {T.printFeedback}
      </Button>,
    );
  }
  if (abilities.can_cancel)
    buttons.push(
      <Button key="cancel" variant="danger" onClick={() => onView('cancel')}>
        {T.cancel}
      </Button>,
    );

  const scorecards = abilities.scorecard_buttons;
  if (buttons.length === 0 && scorecards.length === 0 && !link) return null;
  return (
    <Card>
      <CardHeader title={T.actions} />
      <CardBody className="space-y-4">
        {buttons.length > 0 ? <div className="flex flex-wrap gap-2">{buttons}</div> : null}
        {link ? (
          <div className="flex flex-wrap items-end gap-2">
            <TextField
              id={linkId}
              label="Reschedule Link"
              value={link}
              readOnly
              className="min-w-72 flex-1"
              onFocus={(e) => e.currentTarget.select()}
            />
            <Button
              variant="secondary"
              onClick={() => {
                void navigator.clipboard?.writeText(link).then(
                  () => notifySuccess(T.linkCopied),
                  () => undefined,
                );
              }}
            >
              {T.copyLink}
            </Button>
          </div>
        ) : null}
        {scorecards.length > 0 ? (
          <div className="space-y-2 border-t border-slate-100 pt-4">
            <h2 className="text-sm font-semibold text-slate-900">{T.scorecards}</h2>
            <div className="flex flex-wrap gap-2">
              {scorecards.map((b) => (
                <AppLink
                  key={b.label}
                  to={`/visit/${visit.id}/scorecard`}
                  className={
                    b.complete
                      ? 'inline-flex h-10 items-center rounded-md bg-brand-600 px-4 text-sm font-medium text-white shadow-sm hover:bg-brand-700'
                      : 'inline-flex h-10 items-center rounded-md border border-slate-300 bg-white px-4 text-sm font-medium text-slate-800 shadow-sm hover:bg-slate-50'
                  }
                >
                  {b.label}
                </AppLink>
              ))}
            </div>
          </div>
        ) : null}
      </CardBody>
    </Card>
  );
}
