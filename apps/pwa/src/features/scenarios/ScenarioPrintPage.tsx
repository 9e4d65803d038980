import type { ScenarioDetail } from '@simvisit/schema';
import { Button, PatientImage, Spinner } from '@simvisit/ui';
import { useDocumentTitle } from '../../lib/use-document-title';
import { FieldText, PopupPage, PopupSection } from './PopupPage';
import { UNNAMED_PATIENT, UNTITLED_SCENARIO } from './ScenarioCard';
import { ScenarioLoadProblem } from './ScenarioLoadProblem';
import { useScenarioPrint } from './scenario-queries';

export type PrintKind = 'print' | 'print-feedback';

const TEXTS: Record<PrintKind, { subheading: string; loading: string }> = {
  print: { subheading: 'Scenario', loading: 'Loading the scenario' },
  'print-feedback': { subheading: 'Verbal Feedback', loading: 'Loading the verbal feedback' },
};

/** The overview fields worth having on paper, in the order of the authoring page. */
function overviewRows(s: ScenarioDetail): { label: string; value: string | null }[] {
  return [
    { label: 'Objective', value: s.objective },
    { label: 'Target Audience', value: s.target_audience },
    { label: 'Summary', value: s.summary },
    { label: 'Session Duration', value: s.session_duration ? `${s.session_duration} minutes` : null },
    { label: 'Televisit', value: s.televisit === 1 ? 'Yes' : 'No' },
  ];
}

/**
 * The print pages (spec 001 §2, pop-ups): /scenarios/{id}/print prints the scenario with its fields
 * (GET api/scenario/{id}/print), /scenarios/{id}/print-feedback its verbal feedback (GET .../verbal-feedback).
 * Each has a Print button; on paper only the scenario is printed.
 */
export function ScenarioPrintPage({ scenarioId, kind }: { scenarioId: number; kind: PrintKind }) {
  const { data, error, isPending, isError } = useScenarioPrint(scenarioId, kind === 'print' ? 'print' : 'verbal-feedback');
  const texts = TEXTS[kind];
  const title = data?.scenario.title?.trim() || UNTITLED_SCENARIO;
  useDocumentTitle(data ? `${texts.subheading}: ${title}` : texts.subheading);
  if (isError) {
    return (
      <div className="p-6">
        <ScenarioLoadProblem error={error} />
      </div>
    );
  }
  if (isPending) {
    return (
      <div className="flex min-h-dvh items-center justify-center">
        <Spinner label={texts.loading} />
      </div>
    );
  }
  const { scenario, fields } = data;
  return (
    <PopupPage subheading={texts.subheading} heading={title} actions={<Button onClick={() => window.print()}>Print</Button>}>
      <div className="flex items-center gap-4 break-inside-avoid">
        <PatientImage location={scenario.patient_image} className="size-20 shrink-0 rounded-lg print:size-16" />
        <div>
          <p className="text-sm text-slate-600">Patient Name</p>
          <p className="text-lg font-semibold text-slate-900">{scenario.patient_name?.trim() || UNNAMED_PATIENT}</p>
        </div>
      </div>
      {kind === 'print'
        ? overviewRows(scenario).map((row) => (
            <PopupSection key={row.label} title={row.label}>
              <FieldText value={row.value} />
            </PopupSection>
          ))
        : null}
      {fields.map((f) => (
        <PopupSection key={f.id} title={f.label}>
          <FieldText value={f.value} />
        </PopupSection>
      ))}
    </PopupPage>
  );
}
