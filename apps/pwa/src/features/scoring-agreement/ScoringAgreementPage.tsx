import {
  SCORING_AGREEMENT_MESSAGES as M,
  type ScoringAgreementQuery,
  type ScoringAgreementResponse,
  scoringAgreementQuerySchema,
} from '@simvisit/schema';
import { AdminPage, Alert, Button, Card, CardBody, CardHeader, DataTable, downloadXlsx, SelectField, TextField } from '@simvisit/ui';
import { type FormEvent, useState } from 'react';
import { tableRows } from '../../lib/table-rows';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useScoringAgreement, useScoringScenarios } from './scoring-agreement-api';
import { type DriftRow, driftColumns, figureText, questionColumns } from './scoring-columns';

/** The report's choices as they stand in the address, so Back and reload keep them. */
export interface ScoringAgreementSearch {
  scenario_id?: string;
  from?: string;
  to?: string;
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** The last twelve months up to today, unless the address says otherwise. */
export function defaultRange(now: Date): { from: string; to: string } {
  const from = new Date(now);
  from.setUTCFullYear(from.getUTCFullYear() - 1);
  from.setUTCDate(from.getUTCDate() + 1);
  return { from: isoDay(from), to: isoDay(now) };
}

type Errors = Partial<Record<'scenario_id' | 'from' | 'to', string>>;

/** The address's choices checked by the contract's own schema; the report is asked only for a valid one. */
function checked(search: ScoringAgreementSearch): { query: ScoringAgreementQuery | null; errors: Errors } {
  const parsed = scoringAgreementQuerySchema.safeParse(search);
  if (parsed.success) return { query: parsed.data, errors: {} };
  const errors: Errors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] as keyof Errors;
    errors[key] ??= issue.message;
  }
  return { query: null, errors };
}

const driftRows = (r: ScoringAgreementResponse | undefined): DriftRow[] =>
  (r?.scorers ?? []).flatMap((s) => s.points.map((p) => ({ user_id: s.user_id, name: s.name, ...p })));

/** /reports/scoring (issue 20 item 7; decision 0077): how far SP and observer scorecards of the same visits agree. */
export function ScoringAgreementPage({
  search,
  onSearchChange,
  now = new Date(),
}: {
  search: ScoringAgreementSearch;
  onSearchChange: (s: ScoringAgreementSearch) => void;
  now?: Date;
}) {
  useDocumentTitle('Scoring Agreement');
  const range = defaultRange(now);
  const current = { scenario_id: search.scenario_id ?? '', from: search.from ?? range.from, to: search.to ?? range.to };
  const [draft, setDraft] = useState(current);
  // The choices last tried with Update: their problems show under the fields until the next try.
  const [tried, setTried] = useState<ScoringAgreementSearch | null>(null);
  const errors = tried ? checked(tried).errors : {};
  const scenarios = useScoringScenarios();
  const { query } = checked(current);
  const report = useScoringAgreement(query);
  const data = report.data;
  const drift = driftRows(data);
  const drifting = (data?.scorers ?? []).filter((s) => s.drifting);
  const file = (what: string) => (query ? `scoring_${what}_${query.scenario_id}_${query.from}_${query.to}.xlsx` : `scoring_${what}.xlsx`);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(draft);
    if (checked(draft).query) onSearchChange({ scenario_id: draft.scenario_id, from: draft.from, to: draft.to });
  };

  return (
    <AdminPage
      title="Scoring Agreement"
      actions={
        data && data.questions.length > 0 ? (
          <>
            <Button
              variant="secondary"
              onClick={() => void downloadXlsx(file('agreement'), questionColumns, data.questions, { sheetName: 'Agreement' })}
            >
              Export agreement (xlsx)
            </Button>
            <Button variant="secondary" onClick={() => void downloadXlsx(file('drift'), driftColumns, drift, { sheetName: 'Drift' })}>
              Export drift (xlsx)
            </Button>
          </>
        ) : null
      }
      filters={
        <form className="flex flex-wrap items-end gap-3" onSubmit={submit} noValidate aria-label="Report filters">
          <SelectField
            id="scoring-scenario"
            label="Scenario"
            required
            placeholder={scenarios.isPending ? 'Loading scenarios' : 'Select a scenario'}
            options={(scenarios.data?.scenarios ?? []).map((s) => ({ value: s.id, label: s.title || `Scenario ${s.id}` }))}
            value={draft.scenario_id}
            onChange={(e) => setDraft({ ...draft, scenario_id: e.target.value })}
            error={errors.scenario_id}
          />
          <TextField
            id="scoring-from"
            label="From"
            type="date"
            value={draft.from}
            onChange={(e) => setDraft({ ...draft, from: e.target.value })}
            error={errors.from}
          />
          <TextField
            id="scoring-to"
            label="To"
            type="date"
            value={draft.to}
            onChange={(e) => setDraft({ ...draft, to: e.target.value })}
            error={errors.to}
          />
          <Button type="submit">Update</Button>
        </form>
      }
    >
      {query === null ? (
        <Alert>Choose a scenario and a period, then Update.</Alert>
      ) : (
        <>
          {data && data.visits === 0 ? <Alert>{M.noData}</Alert> : null}
          {data ? (
            <Card>
              <CardHeader title="Totals" />
              <CardBody>
                <p>
                  Intraclass correlation of the totals, ICC(1,1): <strong>{figureText(data.icc)}</strong> ({data.icc.visits} visits)
                </p>
                <p className="text-sm text-slate-600">
                  A figure resting on fewer than {data.min_visits} visits is shown with 'Too few visits (n)', n being its visits.
                </p>
              </CardBody>
            </Card>
          ) : null}
          <DataTable
            caption="Agreement by question"
            captionVisible
            columns={questionColumns}
            {...tableRows(report, (d) => d.questions, M.loadError)}
            getRowId={(q) => q.question_id}
            loadingLabel="Loading scoring agreement"
            empty={M.noData}
          />
          {drifting.length > 0 ? (
            <Alert tone="warning" title={M.drifting}>
              {drifting.map((s) => s.name).join(', ')}: {data?.drift_threshold} point or more from the other scorers of the same visits in a
              month.
            </Alert>
          ) : null}
          <DataTable
            caption="Scorer drift by month"
            captionVisible
            columns={driftColumns}
            {...tableRows(report, driftRows, M.loadError)}
            getRowId={(r) => `${r.user_id}-${r.month}`}
            loadingLabel="Loading scorer drift"
            empty={M.noData}
          />
        </>
      )}
    </AdminPage>
  );
}
