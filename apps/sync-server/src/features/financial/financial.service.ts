import {
  centsToAmount,
  chartMonths,
  decodeFinancialCursor,
  encodeFinancialCursor,
  FINANCIAL_CATEGORIES,
  type FinancialCategory,
  type FinancialCursor,
  type FinancialOverviewResponse,
  type FinancialReportResponse,
  type FinancialUserRecord,
  type financialOverviewRequestSchema,
  type financialReportQuerySchema,
  ROLE,
} from '@simvisit/schema';
import type { z } from 'zod';
import type { Actor } from '../../platform/actor';
import type { AuditService } from '../../platform/audit';
import type { UsersService } from '../users';
import type { FinancialRepository } from './financial.repository';
import { financialReportFile } from './financial-export';
import { authoringScenarios, chartOf, piecesOf, reportJobNumbers, type Sum, sumAll, sumByCategory, userRecords } from './financial-figures';
import type { FigureScope, FinancialReadsRepository, PeopleKey } from './financial-reads.repository';
import type { FinancialSlicesRepository } from './financial-slices.repository';

interface Deps {
  repo: FinancialRepository;
  slices: FinancialSlicesRepository;
  reads: FinancialReadsRepository;
  users: UsersService;
  audit: AuditService;
}

type OverviewBody = z.output<typeof financialOverviewRequestSchema>;
export type ReportQuery = z.output<typeof financialReportQuerySchema>;

/** The product's home partner and the simulation brand's: the partners whose view spans every partner. */
const HOME_PARTNERS: readonly number[] = [1, 28];
const REPORT_PERMISSION = 'financial_report.access';
const DEFAULT_TIME_ZONE = 'America/New_York';
/** People per read of the export: each read is a page of the same index range, so a row costs the same at any size. */
const EXPORT_BATCH = 500;

const monthIndex = (m: { year: number; month: number }) => m.year * 12 + m.month - 1;

/** The grand fields of the report (spec 002 §3) from the month's sums per category. */
function grandFieldsOf(sums: Record<FinancialCategory, Sum>) {
  return Object.fromEntries(
    FINANCIAL_CATEGORIES.flatMap((c) => [
      [`grand_hours_${c}`, sums[c].hours],
      [`grand_total_${c}`, centsToAmount(sums[c].cents)],
    ]),
  ) as Pick<FinancialReportResponse, `grand_hours_${FinancialCategory}` | `grand_total_${FinancialCategory}`>;
}

/** A page of the report's people with their records, and the cursors on either side. */
export interface ReportPage {
  records: FinancialUserRecord[];
  jobNumbers: (string | null)[];
  next: string | null;
  previous: string | null;
}

/**
 * The financial overview and the financial report (docs/decisions/0078, 0096). The overview is anyone's own figures,
 * or everyone's in scope for admins; the reports are for `financial_report.access` (the contract checks it), spanning
 * every partner for holders at partner 1 or 28 and super admins, else the caller's partner only (AUTHZ-12). Every
 * read first brings the kept figures of its partners and months up to date, then reads them.
 */
export function createFinancialService(d: Deps) {
  /** The chosen month's index and the chart's first, the kept figures of both (or of the month only) made current. */
  async function figures(scope: FigureScope, year: number, month: number, chart = true) {
    const chosen = monthIndex({ year, month });
    const first = monthIndex(chartMonths(year, month)[0]!);
    await d.slices.refresh({ partnerIds: scope.partnerIds, firstMonth: chart ? first : chosen, lastMonth: chosen });
    return { chosen, first };
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

  /** The report's scope: an asked partner outside the reach gives the empty report of a partner with no work (AUTHZ-12). */
  async function reportScope(actor: Actor, q: ReportQuery) {
    const reach = await reportReach(actor);
    const partnerIds = q.partner ? (reach === null || reach.includes(q.partner) ? [q.partner] : []) : reach;
    const scope: FigureScope = {
      partnerIds,
      isSim: q.is_sim === null ? null : q.is_sim === 1,
      userId: null,
      scenarioId: q.scenario || null,
      jobNumber: q.job_number,
      categories: null,
      excludeFlagged: true,
    };
    return { reach, scope };
  }

  /** One page of people from a position (none: the first page), with their month's records in page order. */
  async function pageOf(scope: FigureScope, chosen: number, cursor: FinancialCursor | null, size: number): Promise<ReportPage> {
    const from = cursor === null ? null : { key: { sort_key: cursor.sort_key, user_id: cursor.user_id }, before: cursor.before };
    let keys = await d.reads.people(scope, chosen, from, size + 1);
    // Read back past the first person: the first page; read on past the last (who has since left): the last page.
    if (from?.before && keys.length === 0) return pageOf(scope, chosen, null, size);
    if (from && !from.before && keys.length === 0) return pageOf(scope, chosen, { ...cursor!, before: true }, size);
    const more = keys.length > size;
    if (more) keys = from?.before ? keys.slice(1) : keys.slice(0, size);
    const ids = keys.map((k) => k.user_id);
    const [rows, people] = await Promise.all([d.reads.rows(scope, chosen, chosen, ids), d.repo.people(ids)]);
    const pieces = piecesOf(rows);
    const byId = new Map(people.map((p) => [p.id, p]));
    const at = (k: PeopleKey | undefined, before: boolean) =>
      k === undefined ? null : encodeFinancialCursor({ sort_key: k.sort_key, user_id: k.user_id, before });
    return {
      records: userRecords(
        pieces,
        ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : [])),
      ),
      jobNumbers: reportJobNumbers(pieces),
      next: from?.before || more ? at(keys.at(-1), false) : null,
      previous: from?.before ? (more ? at(keys[0], true) : null) : from ? at(keys[0], true) : null,
    };
  }

  async function report(actor: Actor, q: ReportQuery): Promise<FinancialReportResponse> {
    const { reach, scope } = await reportScope(actor, q);
    const { chosen, first } = await figures(scope, q.year, q.month);
    const [sums, page, menus, time_zone] = await Promise.all([
      d.reads.sums(scope, first, chosen),
      pageOf(scope, chosen, decodeFinancialCursor(q.cursor), q.page_size),
      q.get_menu_items
        ? Promise.all([d.repo.partners(reach), d.repo.scenarios(reach), d.repo.jobNumbers(reach)]).then(
            ([partners, scenarios, job_numbers]) => ({
              partners,
              scenarios: scenarios.map((s) => ({ id: Number(s.id), title: s.title ?? '' })),
              job_numbers,
            }),
          )
        : { partners: [], scenarios: [], job_numbers: [] },
      timeZoneOf(scope.partnerIds?.length === 1 ? scope.partnerIds[0]! : actor.partnerId),
    ]);
    const all = piecesOf(sums);
    const inMonth = all.filter((p) => monthIndex(p) === chosen);
    const grand = sumAll(inMonth);
    return {
      ...menus,
      report_job_numbers: page.jobNumbers,
      user_records: page.records,
      next_cursor: page.next,
      previous_cursor: page.previous,
      ...grandFieldsOf(sumByCategory(inMonth)),
      grand_hours: grand.hours,
      grand_total: centsToAmount(grand.cents),
      time_zone,
      months: chartOf(all, q.year, q.month),
    };
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
      const scope: FigureScope = {
        partnerIds: spansAll ? null : [partnerId],
        isSim: null,
        userId,
        scenarioId: body.scenario_id || null,
        jobNumber: null,
        categories: body.is_author ? ['author'] : null,
        excludeFlagged: false,
      };
      const { chosen, first } = await figures(scope, body.year, body.month);
      // One person's figures are their own rows; everyone's are the sums without persons, and the authored scenarios.
      const [all, authored] = await Promise.all([
        userId === null ? d.reads.sums(scope, first, chosen).then(piecesOf) : d.reads.rows(scope, first, chosen, null).then(piecesOf),
        userId === null ? d.reads.rows({ ...scope, categories: ['author'] }, chosen, chosen, null).then(piecesOf) : Promise.resolve(null),
      ]);
      const month = all.filter((p) => monthIndex(p) === chosen);
      const chart = chartOf(all, body.year, body.month);
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
        authoring_scenarios: authoringScenarios(authored ?? month),
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

    /**
     * GET api/reports/financial/export: the report's file, its grand figures and every person, page after page (each
     * page one index range of the kept rows, so a row costs the same whatever the month holds), audited once written.
     */
    async reportFile(actor: Actor, q: ReportQuery, meta: { ip: string; requestId: string }) {
      const { scope } = await reportScope(actor, q);
      const { chosen } = await figures(scope, q.year, q.month, false);
      const inMonth = piecesOf(await d.reads.sums(scope, chosen, chosen));
      const grand = sumAll(inMonth);
      const totals = { ...grandFieldsOf(sumByCategory(inMonth)), grand_hours: grand.hours, grand_total: centsToAmount(grand.cents) };
      let rows = 0;
      async function* pages(): AsyncGenerator<FinancialUserRecord[]> {
        let cursor: FinancialCursor | null = null;
        for (;;) {
          const page = await pageOf(scope, chosen, cursor, EXPORT_BATCH);
          rows += page.records.length;
          if (page.records.length) yield page.records;
          cursor = decodeFinancialCursor(page.next);
          if (cursor === null) return;
        }
      }
      const audit = () =>
        d.audit.record({
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
            rows,
          },
        });
      const file = await financialReportFile({ totals, pages: pages() }, q.month, q.year);
      await audit();
      return file;
    },
  };
}
export type FinancialService = ReturnType<typeof createFinancialService>;
