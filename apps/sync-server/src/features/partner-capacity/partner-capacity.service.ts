import { dateRangeProblem, PARTNER_CAPACITY_MESSAGES as M, type PartnerDatesRow, type PartnerSeats, todayIn } from '@simvisit/schema';
import { notFound, unprocessable } from '../../http/errors';
import type { Actor } from '../../platform/actor';
import type { AuditService } from '../../platform/audit';
import type { PartnerCapacityRepository, PartnerDatesDbRow } from './partner-capacity.repository';

const day = (value: string | null) => (value ? value.slice(0, 10) : null);

function toDates(row: PartnerDatesDbRow): PartnerDatesRow {
  return {
    id: row.id,
    long_name: row.long_name,
    short_name: row.short_name,
    slug: row.slug,
    dates: { start_date: day(row.start_date), end_date: day(row.end_date) },
    disabled_dates: { start_date: day(row.disabled_start_date), end_date: day(row.disabled_end_date) },
  };
}

/**
 * "Today" for the no-past-dates rule: the earliest calendar date anywhere on Earth (UTC-12), so the date an
 * admin's own picker offers as today is never refused, whatever their zone (docs/decisions/0053).
 */
export function earliestToday(now: Date): string {
  return todayIn('Etc/GMT+12', now);
}

interface Deps {
  repo: PartnerCapacityRepository;
  audit: AuditService;
  now: () => Date;
}

/** Seat totals and scheduling dates of spec 002 §2.9, §2.16 (the routes admit super admins only: AUTHZ-14). */
export function createPartnerCapacityService({ repo, audit, now }: Deps) {
  const record = (actor: Actor, action: string, partnerId: number, details: Record<string, unknown>) =>
    audit.record({
      action,
      actor_user_id: actor.user.id,
      partner_id: actor.partnerId,
      target_type: 'partner',
      target_id: partnerId,
      details,
    });

  async function datesOrThrow(id: number): Promise<PartnerDatesDbRow> {
    const row = await repo.datesOf(id);
    if (!row) throw notFound(M.partnerNotFound);
    return row;
  }

  /** Checks a range with the spec's words under the fields the call names. */
  function checkRange(start: string | null, end: string | null, fields: [string, string]) {
    const problem = dateRangeProblem(start, end, earliestToday(now()));
    if (!problem) return;
    const errors: Record<string, string[]> = {};
    if (problem.errors.start) errors[fields[0]] = [problem.errors.start];
    if (problem.errors.end) errors[fields[1]] = [problem.errors.end];
    throw unprocessable(problem.message, errors);
  }

  return {
    async updateSeats(actor: Actor, id: number, seats: number): Promise<{ message: string; partner: PartnerSeats }> {
      const before = await repo.seatsOf(id);
      if (!before) throw notFound(M.partnerNotFound);
      const after = await repo.raiseSeats(id, seats);
      if (!after) {
        await record(actor, 'partner.seats_refused', id, { seats });
        throw unprocessable(M.seatsReduce, { seats: [M.seatsReduce] });
      }
      await record(actor, 'partner.seats_updated', id, { from: before.seats, to: after.seats });
      return { message: M.seatsUpdated(after.long_name), partner: after };
    },
    /**
     * Seat totals, used and held seats (a registration holds a seat in one guarded UPDATE, confirming uses it) of the partners listed, or of every
     * partner (null); partners without seats are left out. The one read other features use for seat usage.
     */
    seatUsage(ids: readonly number[] | null): Promise<PartnerSeats[]> {
      return repo.seatsOfMany(ids);
    },
    async dates(): Promise<{ partners: PartnerDatesRow[] }> {
      return { partners: (await repo.datesOfAll()).map(toDates) };
    },
    async saveDates(actor: Actor, id: number, start: string | null, end: string | null) {
      const before = await datesOrThrow(id);
      checkRange(start, end, ['start_date', 'end_date']);
      const row = (await repo.setDates(id, start, end)) ?? (await datesOrThrow(id));
      await record(actor, 'partner.dates_saved', id, { from: [day(before.start_date), day(before.end_date)], to: [start, end] });
      return { message: M.datesSaved, partner: toDates(row) };
    },
    async clearDates(actor: Actor, id: number) {
      const before = await datesOrThrow(id);
      const row = (await repo.setDates(id, null, null)) ?? (await datesOrThrow(id));
      await record(actor, 'partner.dates_cleared', id, { from: [day(before.start_date), day(before.end_date)] });
      return { message: M.datesCleared, partner: toDates(row) };
    },
    async saveDisabledDates(actor: Actor, id: number, start: string | null, end: string | null) {
      const before = await datesOrThrow(id);
      checkRange(start, end, ['start_disabled_date', 'end_disabled_date']);
      const row = (await repo.setDisabledDates(id, start, end)) ?? (await datesOrThrow(id));
      await record(actor, 'partner.disabled_dates_saved', id, {
        from: [day(before.disabled_start_date), day(before.disabled_end_date)],
        to: [start, end],
      });
      return { message: M.datesSaved, partner: toDates(row) };
    },
    async clearDisabledDates(actor: Actor, id: number) {
      const before = await datesOrThrow(id);
      const row = (await repo.setDisabledDates(id, null, null)) ?? (await datesOrThrow(id));
      await record(actor, 'partner.disabled_dates_cleared', id, {
        from: [day(before.disabled_start_date), day(before.disabled_end_date)],
      });
      return { message: M.disabledCleared, partner: toDates(row) };
    },
  };
}
export type PartnerCapacityService = ReturnType<typeof createPartnerCapacityService>;
