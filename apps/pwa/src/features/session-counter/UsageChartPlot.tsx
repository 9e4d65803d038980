import { SESSION_COUNTER_WARNING } from '@simvisit/schema';
import { CartesianGrid, Legend, Line, LineChart, ReferenceLine, Tooltip, XAxis, YAxis } from 'recharts';
import type { UsagePoint } from './usage-points';

/*
 * The drawing of the usage-over-time chart: recharts, loaded only when the session counter shows a chart (UsageChart
 * imports this file lazily, so the library stays in its own chunk).
 */

/** Five lines at most (a page of the counter), in colours told apart with common colour-vision deficiencies. */
const COLOURS = ['#1d4ed8', '#b45309', '#047857', '#7e22ce', '#0f766e'];

export interface UsageLine {
  key: `p${number}`;
  name: string;
}

export default function UsageChartPlot({ points, lines, label }: { points: UsagePoint[]; lines: UsageLine[]; label: string }) {
  return (
    <LineChart
      responsive
      data={points}
      style={{ width: '100%', height: 260 }}
      margin={{ top: 8, right: 8, bottom: 8, left: 8 }}
      role="img"
      aria-label={label}
    >
      <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
      <XAxis dataKey="label" tick={{ fontSize: 12 }} minTickGap={16} />
      <YAxis domain={[0, 100]} tick={{ fontSize: 12 }} tickFormatter={(v: number) => `${v}%`} width={44} />
      <Tooltip formatter={(value) => `${value}%`} />
      <Legend />
      <ReferenceLine
        y={SESSION_COUNTER_WARNING}
        stroke="#b91c1c"
        strokeDasharray="4 4"
        label={{ value: `${SESSION_COUNTER_WARNING}%`, fontSize: 12 }}
      />
      {lines.map((line, i) => (
        <Line
          key={line.key}
          dataKey={line.key}
          name={line.name}
          stroke={COLOURS[i % COLOURS.length]}
          strokeWidth={2}
          dot={false}
          connectNulls
          isAnimationActive={false}
        />
      ))}
    </LineChart>
  );
}
