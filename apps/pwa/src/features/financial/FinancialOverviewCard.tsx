import { formatMoney, FINANCIAL_MESSAGES as M } from '@simvisit/schema';
import { Alert, Button, Card, CardBody, CardHeader, cn, SelectField, Spinner } from '@simvisit/ui';
import { type FormEvent, useId, useState } from 'react';
import { errorMessage } from '../../lib/api';
import { AppLink } from '../../lib/app-link';
import { useSignedInSession } from '../../platform/session';
import { EarningsChart } from './charts';
import { FiguresTable } from './FiguresTable';
import {
  currentPeriod,
  MONTH_NAMES,
  type OverviewFilter,
  type OverviewPeriod,
  overviewRows,
  overviewYears,
  useFinancialOverview,
} from './overview-queries';

/** The named routes of the two reports (financial.report, payment.report), opened on the card's month. */
export const REPORT_PATHS = { financial: '/reports/financial', payment: '/reports/payment' } as const;
/** The chart of the twelve months up to the chosen one (issue 20 item 6), with its table alternative. */
export const CHART_TITLE = 'Hours and earnings by month';
const reportHref = (path: string, p: OverviewPeriod) => `${path}?month=${p.month}&year=${p.year}`;

export interface FinancialOverviewCardProps {
  /** the author dashboard's overview: only the rows an author is paid for (spec 000 §6) */
  isAuthor?: boolean;
  /** the admin dashboard view: with financial_report.access the card links to the two reports (spec 000 §2.8) */
  adminMode?: boolean;
  /** the admin dashboard's partner and scenario filter (partners 1 and 28) */
  filter?: OverviewFilter;
  /** the month shown, when a neighbour shows the same month (the author financial card); else the card keeps it */
  period?: OverviewPeriod;
  onPeriodChange?: (period: OverviewPeriod) => void;
  /** today, for the defaults and the year choices (tests fix it) */
  now?: Date;
}

/**
 * The financial overview card of the admin, SP, observer, trainer and author dashboards (spec 000 §2.8, §2.11,
 * §2.12, §3, §6; issue 20 item 1): month and year (2021 to now, the current month first), Update, a month's
 * earnings by category with the hours behind them, the year up to it as a chart, and the two report buttons in admin mode for holders of
 * financial_report.access. A failed load says 'Error retrieving financial data.' with the server's message.
 */
export function FinancialOverviewCard({
  isAuthor = false,
  adminMode = false,
  filter,
  period,
  onPeriodChange,
  now,
}: FinancialOverviewCardProps) {
  const id = useId();
  const session = useSignedInSession();
  const [ownPeriod, setOwnPeriod] = useState<OverviewPeriod>(() => period ?? currentPeriod(now));
  const applied = period ?? ownPeriod;
  const [draft, setDraft] = useState<OverviewPeriod>(applied);
  const overview = useFinancialOverview(applied, { isAuthor, filter });
  const canOpenReports = adminMode && (session.user.super_admin === 1 || session.permissions.includes('financial_report.access'));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setOwnPeriod(draft);
    onPeriodChange?.(draft);
  };
  const data = overview.data;

  return (
    <Card aria-labelledby={`${id}-title`}>
      <CardHeader title={<span id={`${id}-title`}>{M.overviewTitle}</span>} />
      <CardBody className="space-y-4">
        <form className="flex flex-wrap items-end gap-3" onSubmit={submit} aria-label={`${M.overviewTitle} period`}>
          <SelectField
            id={`${id}-month`}
            label="Month"
            className="min-w-32 flex-1"
            value={String(draft.month)}
            onChange={(e) => setDraft({ ...draft, month: Number(e.target.value) })}
            options={MONTH_NAMES.map((name, i) => ({ value: String(i + 1), label: name }))}
          />
          <SelectField
            id={`${id}-year`}
            label="Year"
            className="min-w-24"
            value={String(draft.year)}
            onChange={(e) => setDraft({ ...draft, year: Number(e.target.value) })}
            options={overviewYears(now).map((y) => ({ value: String(y), label: String(y) }))}
          />
          <Button type="submit" disabled={overview.isFetching}>
            {M.update}
          </Button>
        </form>
        {overview.isError ? (
          <Alert tone="danger" title={M.overviewError}>
            {errorMessage(overview.error)}
          </Alert>
        ) : overview.isPending ? (
          <Spinner label="Loading the financial overview" />
        ) : data ? (
          <FiguresTable
            caption={`${M.overviewTitle}, ${MONTH_NAMES[applied.month - 1]} ${applied.year}`}
            columns={['Category', 'Hours', 'Amount']}
            busy={overview.isFetching}
          >
            <tbody>
              {overviewRows(data).map((row) => (
                <tr
                  key={row.key}
                  className={cn('border-b border-slate-100', row.total && 'border-t-2 border-b-0 border-slate-300 font-semibold')}
                >
                  <th
                    scope="row"
                    className={cn(
                      'py-1.5 text-left font-normal text-slate-700',
                      row.sub && 'pl-4 text-slate-600',
                      row.total && 'font-semibold text-slate-900',
                    )}
                  >
                    {row.label}
                  </th>
                  <td className="py-1.5 text-right tabular-nums text-slate-600">{row.hours === null ? '' : row.hours.toFixed(2)}</td>
                  <td className="py-1.5 text-right tabular-nums text-slate-900">{formatMoney(row.cents)}</td>
                </tr>
              ))}
            </tbody>
          </FiguresTable>
        ) : null}
        {data && data.months.length > 0 ? <EarningsChart months={data.months} title={CHART_TITLE} /> : null}
        {canOpenReports ? (
          <div className="flex flex-wrap gap-2">
            <Button asChild size="sm" variant="secondary">
              <AppLink to={reportHref(REPORT_PATHS.financial, applied)}>{M.viewFullReport}</AppLink>
            </Button>
            <Button asChild size="sm" variant="secondary">
              <AppLink to={reportHref(REPORT_PATHS.payment, applied)}>{M.viewPaymentReport}</AppLink>
            </Button>
          </div>
        ) : null}
      </CardBody>
    </Card>
  );
}
