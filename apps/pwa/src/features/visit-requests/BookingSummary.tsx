import { type CheckForPaymentResponse, formatMoney } from '@simvisit/schema';
import { slotTimeLabel } from './SlotPicker';

const dayFormat = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** A chosen slot 'YYYY-MM-DD HH:mm:00' as the learner picked it: 'Tue, Dec 1, 2026, 9:00 am'. */
export function chosenSlotLabel(slot: string): string {
  const day = new Date(`${slot.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(day.getTime())) return slot;
  return `${dayFormat.format(day)}, ${slotTimeLabel(slot)}`;
}

/**
 * What the scheduling page says about money before anything is committed (issue 22 item 3): 'Free', or the
 * total with its processing fee, and whether the learner's credit covers it. The amounts are the server's
 * (check-for-payment), never computed here.
 */
export function VisitFee({ quote }: { quote: CheckForPaymentResponse }) {
  if (quote.total_cents === 0) {
    return (
      <p className="text-sm text-slate-700" data-testid="visit-fee">
        <span className="font-semibold text-slate-900">Fee:</span> Free
      </p>
    );
  }
  return (
    <p className="text-sm text-slate-700" data-testid="visit-fee">
      <span className="font-semibold text-slate-900">Fee:</span> {formatMoney(quote.total_cents)}{' '}
      <span className="text-slate-600">
        ({formatMoney(quote.fee_cents)} + {formatMoney(quote.processing_fee_cents)} processing fee)
      </span>
      {quote.has_credit ? (
        <span> — covered by your credit, no card needed.</span>
      ) : (
        <span> — paid by card after you choose your times.</span>
      )}
    </p>
  );
}

/** The payment step's reminder of what is being paid for: the scenario and the two chosen times. */
export function BookingSummary({
  scenarioTitle,
  first,
  alternate,
  timezone,
}: {
  scenarioTitle: string;
  first: string;
  alternate: string;
  timezone: string;
}) {
  return (
    <dl
      className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 text-sm"
      aria-label="Your visit request"
    >
      <dt className="text-slate-600">Scenario</dt>
      <dd className="font-medium text-slate-900">{scenarioTitle}</dd>
      <dt className="text-slate-600">First Choice</dt>
      <dd className="text-slate-900">{chosenSlotLabel(first)}</dd>
      <dt className="text-slate-600">Alternate Choice</dt>
      <dd className="text-slate-900">{chosenSlotLabel(alternate)}</dd>
      <dt className="text-slate-600">Time zone</dt>
      <dd className="text-slate-900">{timezone.replace(/_/g, ' ')}</dd>
    </dl>
  );
}
