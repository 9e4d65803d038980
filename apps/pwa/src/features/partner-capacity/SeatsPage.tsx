import { PARTNER_CAPACITY_MESSAGES as M, MAX_SEATS, type PartnerSeats, seatTotalFormSchema } from '@simvisit/schema';
import { AdminPage, Button, DataTable, defineColumns } from '@simvisit/ui';
import { errorMessage } from '../../lib/api';
import { useApiForm } from '../../lib/api-form';
import { useDocumentTitle } from '../../lib/use-document-title';
import { notify, notifyFailure, notifySuccess } from '../../platform/notices';
import { usePartnerSeats, useUpdateSeats } from './partner-capacity-api';

const columns = defineColumns<PartnerSeats>([
  { id: 'long_name', header: 'Partner Name', value: (p) => p.long_name, sortable: true, className: 'font-medium text-slate-900' },
  { id: 'slug', header: 'Partner Slug', value: (p) => p.slug, sortable: true, className: 'font-mono' },
  { id: 'used_seats', header: 'Used Seats', value: (p) => p.used_seats, sortable: true },
  { id: 'held_seats', header: 'Held Seats', value: (p) => p.held_seats, sortable: true },
  // A new total from the server starts the row's form afresh.
  { id: 'seats', header: 'Seat Total', value: (p) => p.seats, cell: (p) => <SeatTotalForm key={`${p.id}-${p.seats}`} partner={p} /> },
]);

/** Seat Management (spec 002 §2.16): every partner's seats, a total raised per row with Save Seats. */
export function SeatsPage() {
  useDocumentTitle('Seat Management');
  const { data, error, isError } = usePartnerSeats();
  return (
    <AdminPage title="Seat Management">
      <DataTable
        caption="Partner seats"
        columns={columns}
        rows={data}
        getRowId={(p) => p.id}
        loadingLabel="Loading partner seats"
        error={isError ? { title: M.seatsEmpty, message: errorMessage(error) } : null}
        empty={M.seatsEmpty}
        initialSorting={[{ id: 'long_name', desc: false }]}
      />
    </AdminPage>
  );
}

/** One row's form: its Seat Total and Save Seats, checked by the shared rule (never lower, spec 002 §4). */
function SeatTotalForm({ partner }: { partner: PartnerSeats }) {
  const update = useUpdateSeats();
  const inputId = `seats-${partner.id}`;
  const { field, formProps, submitting } = useApiForm({
    schema: seatTotalFormSchema(partner.seats),
    defaultValues: { seats: String(partner.seats) },
    submit: async (body) => notifySuccess((await update.mutateAsync({ id: partner.id, seats: body.seats })).message),
    onInvalid: (errors) => notify({ title: M.seatsFailed, content: errors.seats?.[0], icon: 'error', color: 'red' }),
    onError: (_failure, failed) => notifyFailure(M.seatsFailed, failed),
  });
  const { error, ...input } = field('seats', inputId);
  return (
    <form {...formProps} className="flex flex-wrap items-start gap-2">
      <div>
        <label htmlFor={inputId} className="sr-only">
          Seat Total for {partner.long_name}
        </label>
        <input
          {...input}
          type="number"
          inputMode="numeric"
          min={partner.seats}
          max={MAX_SEATS}
          step={1}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          className="w-28 rounded-md border border-slate-300 px-2 py-1.5 text-slate-900 focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
        />
        {error ? (
          <p id={`${inputId}-error`} className="mt-1 text-xs text-red-700">
            {error}
          </p>
        ) : null}
      </div>
      <Button type="submit" size="sm" disabled={submitting} aria-label={`Save Seats for ${partner.long_name}`}>
        Save Seats
      </Button>
    </form>
  );
}
