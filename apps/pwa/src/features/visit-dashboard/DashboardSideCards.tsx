import type { VisitListRole } from '@simvisit/schema';
import { Button, Card, CardBody, CardHeader, SelectField, Spinner } from '@simvisit/ui';
import { useId, useState } from 'react';
import { type DashboardFilter, useReportOverview, useUpdateDashboard } from './visit-dashboard-queries';

export const FILTER_TEXTS = {
  title: 'Filters',
  partner: 'Partner',
  scenario: 'Scenario',
  allPartners: 'All Courses',
  allScenarios: 'All Scenarios',
  update: 'Update',
} as const;

/**
 * The filters card of partners 1 and 28 (spec 000 §2.8): partner (All Courses, short names), scenario (All
 * Scenarios, patient names) and Update, which loads every list again with the filter (update-dashboard).
 */
export function FiltersCard({
  role,
  applied,
  onApplied,
}: {
  role: VisitListRole;
  applied: DashboardFilter;
  onApplied: (filter: DashboardFilter) => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState<DashboardFilter>(applied);
  const clientAdmin = role === 9;
  // The options: the partners the caller reaches, and the scenarios at the chosen partner.
  const options = useReportOverview(clientAdmin, { partner_id: draft.partner_id, scenario_id: 0 });
  const update = useUpdateDashboard(role, onApplied);
  const partners = options.data?.partners ?? [];
  const scenarios = options.data?.scenarios ?? [];

  return (
    <Card aria-labelledby={`${id}-title`}>
      <CardHeader title={<span id={`${id}-title`}>{FILTER_TEXTS.title}</span>} />
      <CardBody>
        <form
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            update.mutate(draft);
          }}
        >
          <SelectField
            id={`${id}-partner`}
            label={FILTER_TEXTS.partner}
            value={String(draft.partner_id)}
            onChange={(e) => setDraft({ partner_id: Number(e.target.value), scenario_id: 0 })}
            options={[
              { value: '0', label: FILTER_TEXTS.allPartners },
              ...partners.map((p) => ({ value: String(p.id), label: p.short_name })),
            ]}
          />
          <SelectField
            id={`${id}-scenario`}
            label={FILTER_TEXTS.scenario}
            value={String(draft.scenario_id)}
            onChange={(e) => setDraft({ ...draft, scenario_id: Number(e.target.value) })}
            options={[
              { value: '0', label: FILTER_TEXTS.allScenarios },
              ...scenarios.map((s) => ({ value: String(s.id), label: s.patient_name?.trim() || s.title?.trim() || `Scenario ${s.id}` })),
            ]}
          />
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? 'Updating…' : FILTER_TEXTS.update}
          </Button>
        </form>
      </CardBody>
    </Card>
  );
}

/** Visit stats of the admin dashboard: pending, scheduled and completed counts with the applied filter. */
export function VisitStatsCard({ filter, clientAdmin = false }: { filter: DashboardFilter; clientAdmin?: boolean }) {
  const id = useId();
  const { data, isPending } = useReportOverview(clientAdmin, filter);
  const rows = data
    ? [
        ['Pending', data.pending_count],
        ['Scheduled', data.scheduled_count],
        ['Completed', data.completed_count],
      ]
    : [];
  return (
    <Card aria-labelledby={id}>
      <CardHeader title={<span id={id}>Visit Stats</span>} />
      <CardBody>
        {isPending ? (
          <Spinner label="Loading visit stats" />
        ) : data ? (
          <dl className="grid grid-cols-3 gap-3 text-center">
            {rows.map(([label, count]) => (
              <div key={label} className="rounded-lg bg-slate-50 px-2 py-3">
                <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
                <dd className="text-2xl font-semibold text-slate-900">{count}</dd>
              </div>
            ))}
          </dl>
        ) : null}
      </CardBody>
    </Card>
  );
}
