import {
  type ChartMonth,
  centsToAmount,
  chartMonths,
  FINANCIAL_CATEGORIES,
  type FinancialOverviewResponse,
  type FinancialReportResponse,
  type financialOverviewRequestSchema,
  type financialReportQuerySchema,
  ROLE,
} from '@simvisit/schema';
import type { z } from 'zod';
import type { Actor } from '../../platform/actor';
import type { AuditService } from '../../platform/audit';
import type { UsersService } from '../users';
import type { FinancialRepository } from './financial.repository';
import {
  authoringScenarios,
  chartOf,
  type Piece,
  piecesOf,
  reportJobNumbers,
  sumAll,
  sumByCategory,
  userRecords,
} from './financial-figures';
import type { FinancialWorkRepository, WorkFilter } from './financial-work.repository';

interface Deps {
  repo: FinancialRepository;
  work: FinancialWorkRepository;
  users: UsersService;
  audit: AuditService;
}

type OverviewBody = z.output<typeof financialOverviewRequestSchema>;
export type ReportQuery = z.output<typeof financialReportQuerySchema>;

/** The product's home partner and the simulation brand's: the partners whose view spans every partner. */
const HOME_PARTNERS: readonly number[] = [1, 28];
const DAY_MS = 86_400_000;
const REPORT_PERMISSION = 'financial_report.access';
const DEFAULT_TIME_ZONE = 'America/New_York';

const monthIndex = (m: { year: number; month: number }) => m.year * 12 + m.month - 1;

/** A UTC window holding the local months from..to of every time zone: a day wider each side. */
function windowOf(from: { year: number; month: number }, to: { year: number; month: number }): { from: Date; to: Date } {
  return {
    from: new Date(Date.UTC(from.year, from.month - 1, 1) - DAY_MS),
    to: new Date(Date.UTC(to.year, to.month, 1) + DAY_MS),
  };
}

/**
 * The financial overview and the financial report (docs/decisions/0078). The overview is anyone's own figures, or
 * everyone's in scope for admins; the reports are for `financial_report.access` (the contract checks it), spanning
 * every partner for holders at partner 1 or 28 and super admins, else the caller's partner only (AUTHZ-12).
 */
export function createFinancialService(d: Deps) {
  /**
   * The chosen month's pieces grouped per person, scenario and job number, and the chart's twelve months grouped
   * per month only: two grouped reads, so a full centre's year never comes into memory row by row.
   */
  async function pieces(
    filter: Omit<WorkFilter, 'from' | 'to' | 'firstMonth' | 'lastMonth' | 'grouping'>,
    year: number,
    month: number,
  ): Promise<{ month: Piece[]; chart: ChartMonth[] }> {
    const chosen = { year, month };
    const first = chartMonths(year, month)[0]!;
    const [inMonth, chart] = await Promise.all([
      d.work.work({
        ...filter,
        ...windowOf(chosen, chosen),
        firstMonth: monthIndex(chosen),
        lastMonth: monthIndex(chosen),
        grouping: 'person',
      }),
      d.work.work({
        ...filter,
        ...windowOf(first, chosen),
        firstMonth: monthIndex(first),
        lastMonth: monthIndex(chosen),
        grouping: 'chart',
      }),
    ]);
    return { month: piecesOf(inMonth), chart: chartOf(piecesOf(chart), year, month) };
  }

  async function timeZoneOf(partnerId: number | null): Promise<string> {
    return (partnerId === null ? undefined : await d.repo.partner(partnerId))?.time_zone ?? DEFAULT_TIME_ZONE;
  }

  /** The partners a report holder reaches: null for every partner. */
  async function reportReach(actor: Actor): Promise<number[] | null> {
    if (actor.user.super_admin) return null;
    for (const home of HOME_PARTNERS) {
      if ((await d.users.permissionsOf(actor.user, home)).includes(REPORT_PERMISSION)) return null;
    }
    return actor.partnerId === null ? [] : [actor.partnerId];
  }

  async function report(actor: Actor, q: ReportQuery) {
    const reach = await reportReach(actor);
    // An asked partner outside the reach gives the empty report of a partner with no work: nothing leaks (AUTHZ-12).
    const partnerIds = q.partner ? (reach === null || reach.includes(q.partner) ? [q.partner] : []) : reach;
    const filter = {
      partnerIds,
      userId: null,
      scenarioId: q.scenario || null,
      jobNumber: q.job_number,
      isSim: q.is_sim === null ? null : q.is_sim === 1,
      kinds: null,
      excludeFlagged: true,
    };
    const { month, chart } = await pieces(filter, q.year, q.month);
    const people = await d.repo.people([...new Set(month.flatMap((p) => (p.user_id === null ? [] : [p.user_id])))]);
    const sums = sumByCategory(month);
    const grand = sumAll(month);
    const grandFields = Object.fromEntries(
      FINANCIAL_CATEGORIES.flatMap((c) => [
        [`grand_hours_${c}`, sums[c].hours],
        [`grand_total_${c}`, centsToAmount(sums[c].cents)],
      ]),
    ) as Pick<
      FinancialReportResponse,
      `grand_hours_${(typeof FINANCIAL_CATEGORIES)[number]}` | `grand_total_${(typeof FINANCIAL_CATEGORIES)[number]}`
    >;
    const menus = q.get_menu_items
      ? {
          partners: await d.repo.partners(reach),
          scenarios: (await d.repo.scenarios(reach)).map((s) => ({ id: Number(s.id), title: s.title ?? '' })),
          job_numbers: await d.repo.jobNumbers(reach),
        }
      : { partners: [], scenarios: [], job_numbers: [] };
    const response: FinancialReportResponse = {
      ...menus,
      report_job_numbers: reportJobNumbers(month),
      user_records: userRecords(month, people),
      ...grandFields,
      grand_hours: grand.hours,
      grand_total: centsToAmount(grand.cents),
      time_zone: await timeZoneOf(partnerIds?.length === 1 ? partnerIds[0]! : actor.partnerId),
      months: chart,
    };
    return response;
  }

  return {
    /** POST api/financial/overview (spec 000 §6, §7). */
    async overview(actor: Actor, body: OverviewBody): Promise<FinancialOverviewResponse> {
      const current = actor.partnerId ?? HOME_PARTNERS[0]!;
      const grants = (await d.users.grants(actor.user.id)).filter((g) => g.is_approved);
      const holdsAt = (roleId: number, partnerId: number) => grants.some((g) => g.role_id === roleId && g.partner_id === partnerId);
      const isAdmin = actor.user.super_admin || holdsAt(ROLE.admin, current);
      // Partners other than 1 and 28 are forced to the current one (spec 000 §6); 1 and 28 only for someone who
      // works there, so an admin elsewhere never widens their view to every partner.
      const asked = body.partner_id || current;
      const worksAt = actor.user.super_admin || grants.some((g) => g.partner_id === asked);
      const partnerId = HOME_PARTNERS.includes(asked) && worksAt ? asked : current;
      const spansAll = partnerId === 1 || (body.is_author && partnerId === 28);
      // Non-admins get their own figures whatever the body says (AUTHZ-09).
      const userId = isAdmin ? body.user_id || null : actor.user.id;
      const { month, chart } = await pieces(
        {
          partnerIds: spansAll ? null : [partnerId],
          userId,
          scenarioId: body.scenario_id || null,
          jobNumber: null,
          isSim: null,
          kinds: body.is_author ? ['author'] : null,
          excludeFlagged: false,
        },
        body.year,
        body.month,
      );
      const sums = sumByCategory(month);
      const amount = (...categories: (typeof FINANCIAL_CATEGORIES)[number][]) =>
        centsToAmount(categories.reduce((n, c) => n + sums[c].cents, 0));
      return {
        completed_total: amount('sp'),
        scorecards_total: amount('scorecard'),
        training_sessions_total: amount('trainer', 'training'),
        late_cancellations_total: amount('late_canc'),
        early_cancellations_total: amount('early_canc'),
        no_shows_total: amount('no_show'),
        learner_technical_issues_total: amount('learner_tech'),
        interviews_total: amount('interview'),
        authoring_total: amount('author'),
        authoring_scenarios: authoringScenarios(month),
        total: centsToAmount(sumAll(month).cents),
        hours: Object.fromEntries(FINANCIAL_CATEGORIES.map((c) => [c, sums[c].hours])) as FinancialOverviewResponse['hours'],
        show_sub_rows: isAdmin || (holdsAt(ROLE.standardized_patient, current) && holdsAt(ROLE.observer, current)),
        is_author: body.is_author,
        user_id: userId,
        partner_id: partnerId,
        time_zone: await timeZoneOf(partnerId),
        months: chart,
      };
    },

    /** GET api/reports/financial (spec 002 §2.6, §7). */
    report,

    /** GET api/reports/financial/export: the same report as rows for the file, audited. */
    async reportForExport(actor: Actor, q: ReportQuery, meta: { ip: string; requestId: string }) {
      const result = await report(actor, { ...q, get_menu_items: false });
      await d.audit.record({
        action: 'report.exported',
        actor_user_id: actor.user.id,
        partner_id: actor.partnerId,
        target_type: 'financial_report',
        ip: meta.ip,
        request_id: meta.requestId,
        details: {
          month: q.month,
          year: q.year,
          partner: q.partner,
          is_sim: q.is_sim,
          scenario: q.scenario,
          job_number: q.job_number,
          rows: result.user_records.length,
        },
      });
      return result;
    },
  };
}
export type FinancialService = ReturnType<typeof createFinancialService>;
