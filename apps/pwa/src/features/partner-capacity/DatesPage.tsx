import { dateRangeProblem, PARTNER_CAPACITY_MESSAGES as M, missingDatesDetail, type PartnerDatesRow, todayIn } from '@simvisit/schema';
import { Alert, Button, Spinner, TextField } from '@simvisit/ui';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { useDocumentTitle } from '../../lib/use-document-title';
import { describeAdminCallFailure, notify, notifyFailure, notifySuccess } from '../../platform/notices';
import { type DatesCall, useDatesCall, usePartnerDates } from './partner-capacity-api';

/** 'YYYY-MM-DD' as MM/DD/YYYY (spec 002 §9). */
const shown = (date: string) => `${date.slice(5, 7)}/${date.slice(8, 10)}/${date.slice(0, 4)}`;
const rangeText = (r: { start_date: string | null; end_date: string | null }) =>
  r.start_date && r.end_date ? `${shown(r.start_date)} – ${shown(r.end_date)}` : 'Not set';
const localToday = () => todayIn(Intl.DateTimeFormat().resolvedOptions().timeZone);

/** Scheduling Dates (spec 002 §2.9): each partner's date range and disabled range, one partner edited at a time. */
export function DatesPage() {
  useDocumentTitle('Scheduling Dates');
  const { data, error, isPending, isError } = usePartnerDates();
  const [editing, setEditing] = useState<number | null>(null);
  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Scheduling Dates</h1>
        <p className="text-sm text-slate-600">
          Learners of a partner can request visits only inside its date range, and never inside its disabled range.
        </p>
      </div>
      {isError ? (
        <Alert tone="danger" role="alert">
          {errorMessage(error)}
        </Alert>
      ) : isPending ? (
        <Spinner label="Loading partner dates" />
      ) : data.partners.length === 0 ? (
        <p role="status" className="rounded-xl border border-dashed border-slate-300 bg-white px-5 py-8 text-center text-slate-600">
          {M.datesEmpty}
        </p>
      ) : (
        <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
          <table className="min-w-full divide-y divide-slate-200 text-sm">
            <caption className="sr-only">Partner scheduling dates</caption>
            <thead className="bg-slate-50 text-left text-slate-700">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Partner Name
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Partner Slug
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Date Range
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Disabled Date Range
                </th>
                <th scope="col" className="px-4 py-3">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {data.partners.map((p) =>
                editing === p.id ? (
                  <EditRow key={p.id} partner={p} onDone={() => setEditing(null)} />
                ) : (
                  <tr key={p.id}>
                    <th scope="row" className="px-4 py-3 text-left font-medium text-slate-900">
                      {p.long_name}
                    </th>
                    <td className="px-4 py-3 font-mono text-slate-700">{p.slug}</td>
                    <td className="px-4 py-3 text-slate-700">{rangeText(p.dates)}</td>
                    <td className="px-4 py-3 text-slate-700">{rangeText(p.disabled_dates)}</td>
                    <td className="px-4 py-3 text-right">
                      <Button
                        size="sm"
                        variant="secondary"
                        disabled={editing !== null}
                        onClick={() => setEditing(p.id)}
                        aria-label={`${p.dates.start_date || p.disabled_dates.start_date ? 'Modify' : 'Set'} dates for ${p.long_name}`}
                      >
                        {p.dates.start_date || p.disabled_dates.start_date ? 'Modify' : 'Set'}
                      </Button>
                    </td>
                  </tr>
                ),
              )}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

function EditRow({ partner, onDone }: { partner: PartnerDatesRow; onDone: () => void }) {
  const call = useDatesCall();
  const [start, setStart] = useState(partner.dates.start_date ?? '');
  const [end, setEnd] = useState(partner.dates.end_date ?? '');
  const [disabledStart, setDisabledStart] = useState(partner.disabled_dates.start_date ?? '');
  const [disabledEnd, setDisabledEnd] = useState(partner.disabled_dates.end_date ?? '');
  const today = localToday();
  const id = `dates-${partner.id}`;

  function run(body: DatesCall, failure: string) {
    call.mutate(body, {
      onSuccess: (answer) => {
        notifySuccess(answer.message);
        onDone();
      },
      onError: (err) => {
        const described = describeAdminCallFailure(err);
        if (described.fields.length === 0) return notifyFailure(failure, err);
        notify({ title: failure, content: described.fields.flatMap((f) => f.messages).join(' '), icon: 'error', color: 'red' });
      },
    });
  }

  function save(kind: 'save' | 'saveDisabled', from: string, to: string) {
    const problem = dateRangeProblem(from || null, to || null, today);
    if (problem) {
      const content = problem.message === M.missingDates ? missingDatesDetail(problem) : (problem.errors.start ?? problem.errors.end ?? '');
      notify({ title: problem.message === M.missingDates ? M.missingDates : M.saveFailed, content, icon: 'error', color: 'red' });
      return;
    }
    run({ kind, partner_id: partner.id, start: from, end: to }, M.saveFailed);
  }

  return (
    <tr className="bg-brand-50/40">
      <th scope="row" className="px-4 py-3 align-top text-left font-medium text-slate-900">
        {partner.long_name}
      </th>
      <td className="px-4 py-3 align-top font-mono text-slate-700">{partner.slug}</td>
      <td className="px-4 py-3 align-top">
        <fieldset className="space-y-2">
          <legend className="sr-only">Date range</legend>
          <TextField
            id={`${id}-start`}
            label="Start Date"
            type="date"
            min={today}
            value={start}
            onChange={(e) => setStart(e.target.value)}
          />
          <TextField
            id={`${id}-end`}
            label="End Date"
            type="date"
            min={start || today}
            value={end}
            onChange={(e) => setEnd(e.target.value)}
          />
          <div className="flex flex-wrap gap-2">
            <Button size="sm" disabled={call.isPending} onClick={() => save('save', start, end)}>
              Save Dates
            </Button>
            <Button
              size="sm"
              variant="secondary"
              disabled={call.isPending || !partner.dates.start_date}
              onClick={() => run({ kind: 'clear', partner_id: partner.id }, M.clearFailed)}
            >
              Clear Dates
            </Button>
          </div>
        </fieldset>
      </td>
      <td className="px-4 py-3 align-top">
        <fieldset className="space-y-2">
          <legend className="sr-only">Disabled date range</legend>
          <TextField
            id={`${id}-disabled-start`}
            label="Disabled Start Date"
            type="date"
            min={today}
            value={disabledStart}
            onChange={(e) => setDisabledStart(e.target.value)}
          />
          <TextField
            id={`${id}-disabled-end`}
            label="Disabled End Date"
            type="date"
            min={disabledStart || today}
            value={disabledEnd}
            onChange={(e) => setDisabledEnd(e.target.value)}
          />
          <div className="flex flex-wrap gap-2">
            <Button size="sm" disabled={call.isPending} onClick={() => save('saveDisabled', disabledStart, disabledEnd)}>
              Save Disabled Dates
            </Button>
            <Button
              size="sm"
              variant="secondary"
              disabled={call.isPending || !partner.disabled_dates.start_date}
              onClick={() => run({ kind: 'clearDisabled', partner_id: partner.id }, M.clearFailed)}
            >
              Clear Disabled Dates
            </Button>
          </div>
        </fieldset>
      </td>
      <td className="px-4 py-3 text-right align-top">
        <Button size="sm" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </td>
    </tr>
  );
}
