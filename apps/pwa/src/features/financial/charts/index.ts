/** The charts of the money views (issue 20 item 6); recharts loads only when one is drawn. */
export { EarningsChart, type EarningsChartProps } from './EarningsChart';
