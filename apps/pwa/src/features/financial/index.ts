/** The money views of issue 20 (docs/decisions/0078): the report pages and the charts other features reuse. */
export { EarningsChart, type EarningsChartProps } from './charts';
export { financialRoutes } from './financial-routes';
export { money } from './report-filters';
