import type { ChartMonth } from '@simvisit/schema';
import { ChartFigure, Spinner } from '@simvisit/ui';
import { lazy, Suspense } from 'react';
import { chartPoints, hoursText } from './chart-points';

// recharts comes with the plot only: the table and the toggle render at once, the drawing when its chunk arrives.
const EarningsChartPlot = lazy(() => import('./EarningsChartPlot'));

export interface EarningsChartProps {
  /** The response's months, oldest first (FINANCIAL_CHART_MONTHS of them, ending at the chosen month). */
  months: ChartMonth[];
  title: string;
}

/**
 * Hours and earnings by month (issue 20 item 6): a bar of hours and a line of earnings, with the same figures as a
 * table with a caption for those who would rather read, or cannot see the drawing ("Show as table"). The chart
 * prints; its button does not, and the table prints when it is open.
 */
export function EarningsChart({ months, title }: EarningsChartProps) {
  const points = chartPoints(months);
  const summary = `${title}: hours and earnings by month, ${points[0]?.label ?? ''} to ${points.at(-1)?.label ?? ''}`;
  return (
    <ChartFigure
      title={title}
      className="rounded-lg border border-slate-200 bg-white p-4 print:border-0 print:p-0"
      plot={
        points.length === 0 ? (
          <p className="text-sm text-slate-600">No months to show.</p>
        ) : (
          <Suspense fallback={<Spinner label="Loading chart" />}>
            <EarningsChartPlot points={points} label={summary} />
          </Suspense>
        )
      }
      table={
        <table className="w-full text-sm">
          <caption className="sr-only">{`${title}: hours and earnings by month`}</caption>
          <thead>
            <tr className="border-b border-slate-200 text-left">
              <th scope="col" className="py-1 pr-3">
                Month
              </th>
              <th scope="col" className="py-1 pr-3 text-right">
                Hours
              </th>
              <th scope="col" className="py-1 text-right">
                Earnings
              </th>
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr key={p.key} className="border-b border-slate-100">
                <th scope="row" className="py-1 pr-3 text-left font-normal">
                  {p.label}
                </th>
                <td className="py-1 pr-3 text-right tabular-nums">{hoursText(p.hours)}</td>
                <td className="py-1 text-right tabular-nums">{p.earningsText}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    />
  );
}
