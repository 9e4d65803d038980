import { Bar, CartesianGrid, ComposedChart, Legend, Line, Tooltip, XAxis, YAxis } from 'recharts';
import { type ChartPoint, hoursText } from './chart-points';

/*
 * The drawing of the earnings chart: recharts, loaded only when a page shows a chart (EarningsChart imports this
 * file lazily, so the library lands in its own chunk and no other page pays for it).
 */

const HOURS_COLOUR = '#2563eb';
const EARNINGS_COLOUR = '#047857';
const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

export default function EarningsChartPlot({ points, label }: { points: ChartPoint[]; label: string }) {
  return (
    <ComposedChart
      responsive
      data={points}
      style={{ width: '100%', height: 280 }}
      margin={{ top: 8, right: 8, bottom: 8, left: 8 }}
      role="img"
      aria-label={label}
    >
      <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
      <XAxis dataKey="label" tick={{ fontSize: 12 }} />
      <YAxis
        yAxisId="hours"
        tick={{ fontSize: 12 }}
        tickFormatter={hoursText}
        label={{ value: 'Hours', angle: -90, position: 'insideLeft' }}
      />
      <YAxis yAxisId="earnings" orientation="right" tick={{ fontSize: 12 }} tickFormatter={(v: number) => dollars.format(v)} />
      <Tooltip
        formatter={(value, name, item) => (name === 'Earnings' ? (item.payload as ChartPoint).earningsText : hoursText(Number(value)))}
      />
      <Legend />
      <Bar yAxisId="hours" dataKey="hours" name="Hours" fill={HOURS_COLOUR} isAnimationActive={false} />
      <Line yAxisId="earnings" dataKey="earnings" name="Earnings" stroke={EARNINGS_COLOUR} strokeWidth={2} isAnimationActive={false} />
    </ComposedChart>
  );
}
