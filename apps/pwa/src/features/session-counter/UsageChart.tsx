import type { SessionCounterPartner } from '@simvisit/schema';
import { ChartFigure, Spinner } from '@simvisit/ui';
import { lazy, Suspense } from 'react';
import { partnerKey, usagePoints } from './usage-points';

// recharts comes with the plot only: the table and the toggle render at once, the drawing when its chunk arrives.
const UsageChartPlot = lazy(() => import('./UsageChartPlot'));

/**
 * Usage over time (issue 20 item 6) of the partners on the counter's page: one line each, the 80% warning drawn
 * across, with the same figures as a table for those who would rather read, or cannot see the drawing ("Show as
 * table"). The chart prints; its button does not, and the table prints when it is open. Nothing shows before the
 * timed jobs have read any day.
 */
export function UsageChart({ partners }: { partners: SessionCounterPartner[] }) {
  const points = usagePoints(partners);
  if (points.length === 0) return null;
  const lines = partners.filter((p) => p.history.length > 0).map((p) => ({ key: partnerKey(p.id), name: p.short_name }));
  const summary = `Seat usage by day, ${points[0]!.label} to ${points.at(-1)!.label}, of ${lines.map((l) => l.name).join(', ')}`;
  return (
    <ChartFigure
      title="Usage over time"
      titleClassName="text-sm"
      className="mt-4 border-t border-slate-100 pt-3 print:border-0"
      plot={
        <Suspense fallback={<Spinner label="Loading chart" />}>
          <UsageChartPlot points={points} lines={lines} label={summary} />
        </Suspense>
      }
      table={
        // A scrolling region must be reachable from the keyboard (WCAG 2.1.1): focusable and named.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is focused to scroll it with the keys
        <section aria-label="Seat usage by day" tabIndex={0} className="max-h-80 overflow-auto print:max-h-none">
          <table className="w-full text-sm">
            <caption className="sr-only">Seat usage by day, in percent of seats</caption>
            <thead>
              <tr className="border-b border-slate-200 text-left">
                <th scope="col" className="py-1 pr-3">
                  Day
                </th>
                {lines.map((l) => (
                  <th key={l.key} scope="col" className="py-1 pr-3 text-right">
                    {l.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {points.map((p) => (
                <tr key={p.day} className="border-b border-slate-100">
                  <th scope="row" className="py-1 pr-3 text-left font-normal">
                    {p.label}
                  </th>
                  {lines.map((l) => (
                    <td key={l.key} className="py-1 pr-3 text-right tabular-nums">
                      {p[l.key] === undefined ? '—' : `${p[l.key]}%`}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      }
    />
  );
}
