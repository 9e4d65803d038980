import { partnerCapacityApi as api } from '@simvisit/schema';
import { actorOf } from '../../http/actor';
import { type AnyRoute, implement } from '../../http/route';

/** Seat Management and Scheduling Dates (contracts in packages/schema/src/api/partner-capacity.ts). */
export const partnerCapacityRoutes: AnyRoute[] = [
  implement(api.updateSeats, async ({ c, params, body }) =>
    c.var.services.partnerCapacity.updateSeats(await actorOf(c), params.id, body.seats),
  ),
  implement(api.dates, ({ c }) => c.var.services.partnerCapacity.dates()),
  implement(api.saveDates, async ({ c, body }) =>
    c.var.services.partnerCapacity.saveDates(await actorOf(c), body.partner_id, body.start_date, body.end_date),
  ),
  implement(api.clearDates, async ({ c, body }) => c.var.services.partnerCapacity.clearDates(await actorOf(c), body.partner_id)),
  implement(api.saveDisabledDates, async ({ c, body }) =>
    c.var.services.partnerCapacity.saveDisabledDates(await actorOf(c), body.partner_id, body.start_disabled_date, body.end_disabled_date),
  ),
  implement(api.clearDisabledDates, async ({ c, body }) =>
    c.var.services.partnerCapacity.clearDisabledDates(await actorOf(c), body.partner_id),
  ),
];
