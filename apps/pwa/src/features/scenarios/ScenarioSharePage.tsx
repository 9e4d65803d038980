import { Spinner } from '@simvisit/ui';
import { useDocumentTitle } from '../../lib/use-document-title';
import { FieldText, PopupPage } from './PopupPage';
import { UNNAMED_PATIENT } from './ScenarioCard';
import { ScenarioLoadProblem } from './ScenarioLoadProblem';
import { useScenarioShare } from './scenario-queries';

/** The share page (spec 001 §2, pop-up): what a learner is told before the visit, the patient's name and the learner brief. */
export function ScenarioSharePage({ scenarioId }: { scenarioId: number }) {
  const { data, error, isPending, isError } = useScenarioShare(scenarioId);
  const patient = data?.patient_name?.trim() || UNNAMED_PATIENT;
  useDocumentTitle(data ? `Learner Brief: ${patient}` : 'Learner Brief');
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
        <Spinner label="Loading the learner brief" />
      </div>
    );
  }
  return (
    <PopupPage subheading="Learner Brief" heading={patient}>
      <FieldText value={data.learner_brief} />
    </PopupPage>
  );
}
