import {
  dateRangeProblem,
  datesFormSchema,
  deviceTimeZone,
  disabledDatesFormSchema,
  PARTNER_CAPACITY_MESSAGES as M,
  missingDatesDetail,
  type PartnerDatesRow,
  todayIn,
} from '@simvisit/schema';
import { AdminPage, Button, DataTable, defineColumns, TextField } from '@simvisit/ui';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { useApiForm } from '../../lib/api-form';
import { useDocumentTitle } from '../../lib/use-document-title';
import { describeAdminCallFailure, notify, notifyFailure, notifySuccess } from '../../platform/notices';
import { type DatesCall, useDatesCall, usePartnerDates } from './partner-capacity-api';

/** 'YYYY-MM-DD' as MM/DD/YYYY (spec 002 §9). */
const shown = (date: string) => `${date.slice(5, 7)}/${date.slice(8, 10)}/${date.slice(0, 4)}`;
const rangeText = (r: { start_date: string | null; end_date: string | null }) =>
  r.start_date && r.end_date ? `${shown(r.start_date)} – ${shown(r.end_date)}` : 'Not set';
const localToday = () => todayIn(deviceTimeZone());
const hasDates = (p: PartnerDatesRow) => Boolean(p.dates.start_date || p.disabled_dates.start_date);

/** Scheduling Dates (spec 002 §2.9): each partner's date range and disabled range, one partner edited at a time. */
export function DatesPage() {
  useDocumentTitle('Scheduling Dates');
  const { data, error, isError } = usePartnerDates();
  const [editing, setEditing] = useState<number | null>(null);
  const done = () => setEditing(null);
  // The row being edited shows a form in each range's cell: the Date Range's and the Disabled Date Range's.
  const columns = defineColumns<PartnerDatesRow>([
    { id: 'long_name', header: 'Partner Name', value: (p) => p.long_name, sortable: true, className: 'font-medium text-slate-900' },
    { id: 'slug', header: 'Partner Slug', value: (p) => p.slug, sortable: true, className: 'font-mono' },
    {
      id: 'dates',
      header: 'Date Range',
      value: (p) => rangeText(p.dates),
      cell: (p) => (editing === p.id ? <RangeForm kind="dates" partner={p} onDone={done} /> : rangeText(p.dates)),
    },
    {
      id: 'disabled_dates',
      header: 'Disabled Date Range',
      value: (p) => rangeText(p.disabled_dates),
      cell: (p) => (editing === p.id ? <RangeForm kind="disabled" partner={p} onDone={done} /> : rangeText(p.disabled_dates)),
    },
  ]);
  return (
    <AdminPage title="Scheduling Dates">
      <p className="-mt-3 text-sm text-slate-600">
        Learners of a partner can request visits only inside its date range, and never inside its disabled range.
      </p>
      <DataTable
        caption="Partner scheduling dates"
        columns={columns}
        rows={data?.partners}
        getRowId={(p) => p.id}
        loadingLabel="Loading partner dates"
        error={isError ? { title: M.datesEmpty, message: errorMessage(error) } : null}
        empty={M.datesEmpty}
        initialSorting={[{ id: 'long_name', desc: false }]}
        rowActions={(p) =>
          editing === p.id ? (
            <Button size="sm" variant="ghost" onClick={done}>
              Cancel
            </Button>
          ) : (
            <Button
              size="sm"
              variant="secondary"
              disabled={editing !== null}
              onClick={() => setEditing(p.id)}
              aria-label={`${hasDates(p) ? 'Modify' : 'Set'} dates for ${p.long_name}`}
            >
              {hasDates(p) ? 'Modify' : 'Set'}
            </Button>
          )
        }
      />
    </AdminPage>
  );
}

const RANGES = {
  dates: {
    legend: 'Date range',
    start: { name: 'start_date', label: 'Start Date' },
    end: { name: 'end_date', label: 'End Date' },
    save: 'Save Dates',
    clear: 'Clear Dates',
  },
  disabled: {
    legend: 'Disabled date range',
    start: { name: 'start_disabled_date', label: 'Disabled Start Date' },
    end: { name: 'end_disabled_date', label: 'Disabled End Date' },
    save: 'Save Disabled Dates',
    clear: 'Clear Disabled Dates',
  },
} as const;

/** Reports a refused call as the page always has: the missing or wrong dates under the notice's title. */
function notifyRefusal(title: string, error: unknown) {
  const described = describeAdminCallFailure(error);
  if (described.fields.length === 0) return notifyFailure(title, error);
  notify({ title, content: described.fields.flatMap((f) => f.messages).join(' '), icon: 'error', color: 'red' });
}

/** One range of the row being edited: its two dates, Save (checked by the shared range rule) and Clear. */
function RangeForm({ kind, partner, onDone }: { kind: keyof typeof RANGES; partner: PartnerDatesRow; onDone: () => void }) {
  const range = RANGES[kind];
  const stored = kind === 'dates' ? partner.dates : partner.disabled_dates;
  const call = useDatesCall();
  const today = localToday();
  const id = `dates-${partner.id}${kind === 'disabled' ? '-disabled' : ''}`;
  const { form, field, formProps, submitting } = useApiForm<Record<string, string>, Record<string, string | null>>({
    schema: kind === 'dates' ? datesFormSchema(today) : disabledDatesFormSchema(today),
    defaultValues: { [range.start.name]: stored.start_date ?? '', [range.end.name]: stored.end_date ?? '' },
    submit: async (dates) => {
      const send: DatesCall = {
        kind: kind === 'dates' ? 'save' : 'saveDisabled',
        partner_id: partner.id,
        start: dates[range.start.name] ?? null,
        end: dates[range.end.name] ?? null,
      };
      notifySuccess((await call.mutateAsync(send)).message);
      onDone();
    },
    // The same notice the server's refusal gives (spec 002 §8): 'Missing Date Paramaters.' and which date is missing.
    onInvalid: () => {
      const problem = dateRangeProblem(form.getValues(range.start.name) || null, form.getValues(range.end.name) || null, today);
      if (!problem) return;
      const missing = problem.message === M.missingDates;
      const content = missing ? missingDatesDetail(problem) : (problem.errors.start ?? problem.errors.end ?? '');
      notify({ title: missing ? M.missingDates : M.saveFailed, content, icon: 'error', color: 'red' });
    },
    onError: (_failure, failed) => notifyRefusal(M.saveFailed, failed),
  });
  const clear = () =>
    call.mutate(
      { kind: kind === 'dates' ? 'clear' : 'clearDisabled', partner_id: partner.id },
      {
        onSuccess: (answer) => {
          notifySuccess(answer.message);
          onDone();
        },
        onError: (failed) => notifyRefusal(M.clearFailed, failed),
      },
    );
  const start = form.watch(range.start.name);
  return (
    <form {...formProps} className="space-y-2">
      <fieldset className="space-y-2">
        <legend className="sr-only">{range.legend}</legend>
        <TextField label={range.start.label} type="date" min={today} {...field(range.start.name, `${id}-start`)} />
        <TextField label={range.end.label} type="date" min={start || today} {...field(range.end.name, `${id}-end`)} />
      </fieldset>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={submitting || call.isPending}>
          {range.save}
        </Button>
        <Button size="sm" variant="secondary" disabled={submitting || call.isPending || !stored.start_date} onClick={clear}>
          {range.clear}
        </Button>
      </div>
    </form>
  );
}
