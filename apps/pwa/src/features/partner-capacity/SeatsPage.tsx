import { PARTNER_CAPACITY_MESSAGES as M, MAX_SEATS, type PartnerSeats, seatProblem } from '@simvisit/schema';
import { Alert, Button, Spinner } from '@simvisit/ui';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../lib/api';
import { useDocumentTitle } from '../../lib/use-document-title';
import { notify, notifyFailure, notifySuccess } from '../../platform/notices';
import { usePartnerSeats, useUpdateSeats } from './partner-capacity-api';

/** Seat Management (spec 002 §2.16): every partner's seats, a total raised per row with Save Seats. */
export function SeatsPage() {
  useDocumentTitle('Seat Management');
  const { data, error, isPending, isError } = usePartnerSeats();
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Seat Management</h1>
      {isError ? (
        <Alert tone="danger" role="alert" title={M.seatsEmpty}>
          {errorMessage(error)}
        </Alert>
      ) : isPending ? (
        <Spinner label="Loading partner seats" />
      ) : data.length === 0 ? (
        <p role="status" className="rounded-xl border border-dashed border-slate-300 bg-white px-5 py-8 text-center text-slate-600">
          {M.seatsEmpty}
        </p>
      ) : (
        <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
          <table className="min-w-full divide-y divide-slate-200 text-sm">
            <caption className="sr-only">Partner seats</caption>
            <thead className="bg-slate-50 text-left text-slate-700">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Partner Name
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Partner Slug
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Used Seats
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Seat Total
                </th>
                <th scope="col" className="px-4 py-3">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {data.map((p) => (
                // A new total from the server starts the row afresh.
                <SeatRow key={`${p.id}-${p.seats}`} partner={p} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

function SeatRow({ partner }: { partner: PartnerSeats }) {
  const [value, setValue] = useState(String(partner.seats));
  const [problem, setProblem] = useState<string | null>(null);
  const update = useUpdateSeats();
  const inputId = `seats-${partner.id}`;

  function save(event: FormEvent) {
    event.preventDefault();
    const seats = /^\d+$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;
    const found = seatProblem(partner.seats, seats);
    setProblem(found);
    if (found) {
      notify({ title: M.seatsFailed, content: found, icon: 'error', color: 'red' });
      return;
    }
    update.mutate(
      { id: partner.id, seats },
      {
        onSuccess: (answer) => notifySuccess(answer.message),
        onError: (err) => {
          setProblem(errorMessage(err));
          notifyFailure(M.seatsFailed, err);
        },
      },
    );
  }

  return (
    <tr>
      <th scope="row" className="px-4 py-3 text-left font-medium text-slate-900">
        {partner.long_name}
      </th>
      <td className="px-4 py-3 font-mono text-slate-700">{partner.slug}</td>
      <td className="px-4 py-3 text-slate-700">{partner.used_seats}</td>
      <td className="px-4 py-3">
        <label htmlFor={inputId} className="sr-only">
          Seat Total for {partner.long_name}
        </label>
        <input
          id={inputId}
          form={`${inputId}-form`}
          type="number"
          inputMode="numeric"
          min={partner.seats}
          max={MAX_SEATS}
          step={1}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${inputId}-error` : undefined}
          className="w-28 rounded-md border border-slate-300 px-2 py-1.5 text-slate-900 focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
        />
        {problem ? (
          <p id={`${inputId}-error`} className="mt-1 text-xs text-red-700">
            {problem}
          </p>
        ) : null}
      </td>
      <td className="px-4 py-3 text-right">
        <form id={`${inputId}-form`} onSubmit={save} noValidate>
          <Button type="submit" size="sm" disabled={update.isPending} aria-label={`Save Seats for ${partner.long_name}`}>
            Save Seats
          </Button>
        </form>
      </td>
    </tr>
  );
}
