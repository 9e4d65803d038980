import { formatMoney, FINANCIAL_MESSAGES as M, toCents } from '@simvisit/schema';
import { Card, CardBody, CardHeader, Spinner } from '@simvisit/ui';
import { useId } from 'react';
import { FiguresTable } from './FiguresTable';
import { MONTH_NAMES, money, type OverviewPeriod, useFinancialOverview } from './overview-queries';

/**
 * The author financial card of the author dashboard at partner 28 (spec 000 §2.11, §3 authoring_scenarios;
 * decision 0078): per scenario the author wrote, the completed visits of the month, the author rate and the total.
 * It reads the same call as the author's overview card for the same month (one request between them). A failed
 * load is said by the overview card beside it, so this card keeps out of the way.
 */
export function AuthorFinancialCard({ period }: { period: OverviewPeriod }) {
  const id = useId();
  const overview = useFinancialOverview(period, { isAuthor: true });
  if (overview.isError) return null;
  const scenarios = overview.data?.authoring_scenarios ?? [];
  const total = scenarios.reduce((sum, s) => sum + toCents(s.total), 0);

  return (
    <Card aria-labelledby={`${id}-title`}>
      <CardHeader title={<span id={`${id}-title`}>{M.authorCardTitle}</span>} />
      <CardBody>
        {overview.isPending ? (
          <Spinner label="Loading the author financials" />
        ) : scenarios.length === 0 ? (
          <p className="text-sm text-slate-600">{M.noRecords}</p>
        ) : (
          <FiguresTable
            caption={`${M.authorCardTitle}, ${MONTH_NAMES[period.month - 1]} ${period.year}`}
            columns={['Scenario', 'Visits', 'Rate', 'Total']}
          >
            <tbody>
              {scenarios.map((s) => (
                <tr key={s.scenario_id} className="border-b border-slate-100">
                  <th scope="row" className="py-1.5 text-left font-normal text-slate-700">
                    {s.title}
                  </th>
                  <td className="py-1.5 text-right tabular-nums">{s.count}</td>
                  <td className="py-1.5 text-right tabular-nums">{money(s.rate)}</td>
                  <td className="py-1.5 text-right tabular-nums">{money(s.total)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="border-t-2 border-slate-300 font-semibold">
                <th scope="row" colSpan={3} className="py-1.5 text-left">
                  Total
                </th>
                <td className="py-1.5 text-right tabular-nums">{formatMoney(total)}</td>
              </tr>
            </tfoot>
          </FiguresTable>
        )}
      </CardBody>
    </Card>
  );
}
