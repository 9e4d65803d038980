import { SCENARIO_STATUS } from '@simvisit/schema';
import { Card, CardBody, PatientImage, Spinner } from '@simvisit/ui';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { AppLink } from '../../lib/app-link';
import { useDocumentTitle } from '../../lib/use-document-title';
import { loadScheduleVisitSection, overviewQuery, scheduledPath } from '../visit-requests';
import { FieldText } from './PopupPage';
import { CREDIT_AVAILABLE, UNNAMED_PATIENT, UNTITLED_SCENARIO } from './ScenarioCard';
import { ScenarioLoadProblem } from './ScenarioLoadProblem';
import { scenarioDetailQuery, useLearnerFields, useListOwner } from './scenario-queries';
import { SCENARIO_LIST_TEXTS } from './scenario-texts';

const ScheduleVisitSection = lazy(loadScheduleVisitSection);

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-2">
      <h2 className="text-base font-semibold text-slate-900">{title}</h2>
      {children}
    </section>
  );
}

/**
 * A published scenario as a learner sees it (scenario.overview, spec 001 §2): title, patient, summary,
 * objective and the learner's fields (GET api/scenario/{id}/fields-by-type/2), and for a published scenario the
 * 'Schedule Your Visit' section of the visit requests (docs/decisions/0019, 0027). Someone with a request or visit
 * of a published scenario goes on to it: until the server has said whether there is one, the page waits, so the
 * overview never shows for a moment before it is left.
 */
export function ScenarioOverviewPage({ scenarioId }: { scenarioId: number }) {
  const { userId } = useListOwner();
  const detail = useQuery(scenarioDetailQuery(userId, scenarioId));
  const learnerFields = useLearnerFields(userId, scenarioId);
  const scenario = detail.data?.scenario;
  const title = scenario?.title?.trim() || UNTITLED_SCENARIO;
  useDocumentTitle(scenario ? title : 'Scenario');
  const published = scenario?.status === SCENARIO_STATUS.published;
  const booking = useQuery({ ...overviewQuery(scenarioId), enabled: published });
  const scheduled = booking.data?.scheduled ?? null;
  const navigate = useNavigate();
  // Only a fresh answer redirects: a copy cached before a cancel still names the cancelled request.
  useEffect(() => {
    if (scheduled && !booking.isFetching) void navigate({ href: scheduledPath(scheduled), replace: true });
  }, [scheduled, booking.isFetching, navigate]);

  const back = (
    <AppLink to="/scenarios" className="text-sm font-medium text-brand-700 hover:underline">
      ← {SCENARIO_LIST_TEXTS.learnerTitle}
    </AppLink>
  );
  if (detail.isError)
    return (
      <ScenarioLoadProblem
        error={detail.error}
        action={
          <AppLink to="/dashboard" className="font-medium underline">
            Return to Dashboard
          </AppLink>
        }
      />
    );
  // Only the first answer is waited for: a query asked again after failing is pending once more, and waiting on it
  // then would take the section (whose mount asks again) away and back for ever, as it did offline (decision 0090).
  const firstAnswer = booking.isPending && booking.errorUpdatedAt === 0;
  if (!scenario || (published && (firstAnswer || scheduled))) return <Spinner label="Loading the scenario" />;

  const credit = scenario.credit_text?.trim();
  return (
    <div className="space-y-6">
      {back}
      <Card>
        <CardBody padding="lg" className="space-y-6">
          <div className="flex flex-col gap-5 sm:flex-row sm:items-center">
            <PatientImage location={scenario.patient_image} className="size-28 shrink-0 rounded-xl" />
            <div className="min-w-0 space-y-1">
              <p className="font-medium text-brand-700">{scenario.patient_name?.trim() || UNNAMED_PATIENT}</p>
              <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
              <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600">
                {scenario.session_duration ? <span>{scenario.session_duration} minute session</span> : null}
                {scenario.televisit === 1 ? <span>Televisit</span> : null}
              </p>
            </div>
          </div>
          {credit ? (
            <div className="rounded-lg border border-brand-200 bg-brand-50 px-4 py-3">
              <p className="text-xs font-semibold tracking-wider text-brand-800">{CREDIT_AVAILABLE}</p>
              <p className="mt-1 text-sm whitespace-pre-wrap text-brand-900">{credit}</p>
            </div>
          ) : null}
          <Section title="Summary">
            <FieldText value={scenario.summary} />
          </Section>
          <Section title="Objective">
            <FieldText value={scenario.objective} />
          </Section>
          {learnerFields.isPending ? <Spinner label="Loading the learner brief" /> : null}
          {learnerFields.isError ? <ScenarioLoadProblem error={learnerFields.error} inSection /> : null}
          {learnerFields.data?.fields.map((f) => (
            <Section key={f.id} title={f.label}>
              <FieldText value={f.value} />
            </Section>
          ))}
        </CardBody>
      </Card>
      {published ? (
        <Suspense fallback={<Spinner label="Loading scheduling" />}>
          <ScheduleVisitSection scenarioId={scenarioId} />
        </Suspense>
      ) : null}
    </div>
  );
}
