/**
 * The money views of issue 20 (docs/decisions/0078): the report pages, the charts other features reuse, the
 * dashboards' financial overview and the author financial card.
 */
export { AuthorFinancialCard } from './AuthorFinancialCard';
export { EarningsChart, type EarningsChartProps } from './charts';
export { FinancialOverviewCard } from './FinancialOverviewCard';
export { financialRoutes } from './financial-routes';
export { currentPeriod, type OverviewPeriod } from './overview-queries';
export { money } from './report-filters';
