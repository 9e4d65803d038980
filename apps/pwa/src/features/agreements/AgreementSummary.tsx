import { type AgreementResponse, formatMoney, toCents } from '@simvisit/schema';
import { Card, CardBody, CardHeader } from '@simvisit/ui';

/** A 'd.dd' amount of the answer as a person reads it ('$1,234.50'). */
export const money = (amount: string) => formatMoney(toCents(amount));

/** 'YYYY-MM-DD' (or a full ISO time) as MM/DD/YYYY (spec 002 §9); the calendar date as written, not shifted by a zone. */
export function usDate(value: string | null): string {
  if (!value) return 'Not set';
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return match ? `${match[2]}/${match[3]}/${match[1]}` : value;
}

/** A moment (signing, payment) in the reader's own zone, with the time. */
export function localMoment(iso: string | null): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

/**
 * What is bought (spec 002 §2.19, issue 19 item 4): the scenarios with their sessions, the session rate, the
 * agreement's duration and start, the amount, the processing fee and the total, all computed by the server.
 */
export function AgreementSummary({ data }: { data: Pick<AgreementResponse, 'agreement' | 'scenarios'> }) {
  const { agreement, scenarios } = data;
  return (
    <Card>
      <CardHeader title="Summary" />
      <CardBody className="space-y-4 text-sm">
        <table className="w-full text-left">
          <caption className="sr-only">Scenarios and sessions</caption>
          <thead>
            <tr className="border-b border-slate-200 text-slate-600">
              <th scope="col" className="py-2 font-medium">
                Scenario
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                Sessions
              </th>
            </tr>
          </thead>
          <tbody>
            {scenarios.map((scenario) => (
              <tr key={scenario.id} className="border-b border-slate-100">
                <td className="py-2 text-slate-900">{scenario.title}</td>
                <td className="py-2 text-right tabular-nums">{scenario.sessions}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" className="py-2 font-semibold text-slate-900">
                Total sessions
              </th>
              <td className="py-2 text-right font-semibold tabular-nums">{agreement.number_of_sessions}</td>
            </tr>
          </tfoot>
        </table>
        <dl className="grid grid-cols-[1fr_auto] gap-x-6 gap-y-1" aria-label="Terms">
          <dt className="text-slate-600">Session rate</dt>
          <dd className="text-right tabular-nums">{money(agreement.session_rate)}</dd>
          <dt className="text-slate-600">Agreement duration</dt>
          <dd className="text-right">
            {agreement.agreement_duration} {agreement.agreement_duration === 1 ? 'month' : 'months'}
          </dd>
          <dt className="text-slate-600">Start date</dt>
          <dd className="text-right">{usDate(agreement.settings.start_date)}</dd>
          <dt className="text-slate-600">Amount</dt>
          <dd className="text-right tabular-nums">{money(agreement.payment_amount)}</dd>
          <dt className="text-slate-600">Processing fee</dt>
          <dd className="text-right tabular-nums">{money(agreement.processing_fee)}</dd>
          <dt className="font-semibold text-slate-900">Total</dt>
          <dd className="text-right font-semibold tabular-nums">{formatMoney(agreement.total_amount_cents)}</dd>
        </dl>
      </CardBody>
    </Card>
  );
}
