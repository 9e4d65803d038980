import { formatMoney, toCents, type VisitScenario } from '@simvisit/schema';
import { Card, CardBody, PatientImage } from '@simvisit/ui';
import { FieldText, UNNAMED_PATIENT, UNTITLED_SCENARIO } from '../scenarios';

/** The scenario card beside the visit (spec 002 §2.2): the patient, the title, the session and its field data. */
export function VisitScenarioCard({ scenario }: { scenario: VisitScenario }) {
  const title = scenario.title?.trim() || UNTITLED_SCENARIO;
  return (
    <Card aria-label="Scenario">
      <CardBody padding="md" className="space-y-4">
        <div className="flex items-center gap-4">
          <PatientImage location={scenario.patient_image.location} className="size-16 shrink-0 rounded-xl" />
          <div className="min-w-0">
            <p className="text-sm font-medium text-brand-700">{scenario.patient_name?.trim() || UNNAMED_PATIENT}</p>
            <h2 className="text-base font-semibold text-slate-900">{title}</h2>
            <p className="flex flex-wrap gap-x-3 text-xs text-slate-600">
              {scenario.session_duration ? <span>{scenario.session_duration} minute session</span> : null}
              <span>{scenario.fee > 0 ? formatMoney(toCents(scenario.fee)) : 'Free'}</span>
            </p>
          </div>
        </div>
        {scenario.credit_text?.trim() ? (
          <p className="rounded-md bg-brand-50 px-3 py-2 text-xs text-brand-900">{scenario.credit_text}</p>
        ) : null}
        {scenario.fields.map((f) => (
          <section key={f.id} className="space-y-1">
            <h3 className="text-sm font-semibold text-slate-900">{f.label}</h3>
            <div className="text-sm text-slate-700">
              <FieldText value={f.value} />
            </div>
          </section>
        ))}
      </CardBody>
    </Card>
  );
}
