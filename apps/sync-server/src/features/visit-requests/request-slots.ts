import {
  availableSlots,
  canViewScenario,
  dateWindowMessage,
  dateWindowProblem,
  dayBounds,
  freeDays,
  VISIT_REQUEST_MESSAGES as M,
  type RequestDateWindow,
  requestDateWindow,
  SCENARIO_STATUS,
  type ScenarioFactsRow,
  type SpCalendar,
  scenarioActor,
  slotToInstant,
  todayIn,
} from '@simvisit/schema';
import { forbidden, notFound, unprocessable } from '../../http/errors';
import type { Actor } from '../../platform/actor';
import type { VisitRequestsRepository } from './visit-requests.repository';

/** A session length the scenario does not say: the shorter of the two the spec allows. */
export const DEFAULT_DURATION = 30;

/**
 * The slot and window rules of a visit request (spec 001 §4, §5, §9; docs/decisions/0027): which scenario can be
 * booked, the partner's date window in the learner's zone, the times the scenario's SPs can take on a date, and
 * the two proposed dates checked against both, re-computed at every call (VAL-07).
 */
export function createRequestSlots({
  repo,
  scenarioFacts,
}: {
  repo: VisitRequestsRepository;
  scenarioFacts: (scenarioId: string, viewerId: number) => Promise<ScenarioFactsRow | null>;
}) {
  /** The scenario, visible to the caller and published (bookable), with its fee and session length. */
  async function bookable(actor: Actor, scenarioId: number | string) {
    const facts = await scenarioFacts(String(scenarioId), actor.user.id);
    if (!facts) throw notFound('Scenario not found.');
    if (!canViewScenario(scenarioActor(actor), facts)) throw forbidden();
    const row = await repo.scenarioBooking(facts.id);
    if (!row) throw notFound('Scenario not found.');
    if (row.status !== SCENARIO_STATUS.published) throw unprocessable(M.notBookable, { scenario_id: [M.notBookable] });
    const duration = Number(row.session_duration);
    return { ...row, duration: duration === 30 || duration === 60 ? duration : DEFAULT_DURATION };
  }

  async function windowFor(partnerId: number, timezone: string, now: Date): Promise<RequestDateWindow> {
    const p = await repo.partnerDates(partnerId);
    const disabled =
      p?.disabled_start_date && p.disabled_end_date ? [{ start_date: p.disabled_start_date, end_date: p.disabled_end_date }] : [];
    return requestDateWindow(todayIn(timezone, now), { start_date: p?.start_date ?? null, end_date: p?.end_date ?? null }, disabled);
  }

  function partnerOf(actor: Actor): number {
    if (actor.partnerId === null) throw unprocessable(M.noPartner, { partner_id: [M.noPartner] });
    return actor.partnerId;
  }

  /** The slots of one date the scenario's SPs (other than the learner) can take. */
  async function slotsOn(scenarioId: string, learnerId: number, date: string, timezone: string, duration: number, now: Date) {
    const sps = (await repo.spIds(scenarioId)).filter((id) => id !== learnerId);
    const { from, to } = dayBounds(date, timezone);
    const [windows, busy] = await Promise.all([
      repo.windowsOf(sps),
      repo.busyOf(sps, new Date(from.getTime() - 86_400_000), new Date(to.getTime() + 86_400_000)),
    ]);
    const calendars: SpCalendar[] = sps.map((id) => ({ windows: windows.get(id) ?? [], busy: busy.get(id) ?? [] }));
    return availableSlots({ date, timezone, durationMinutes: duration, sps: calendars, now });
  }

  /**
   * The dates of [from, to] inside the window with at least one slot (decision 0090): the SPs' windows and
   * commitments read once for the whole range, then the one-date rule applied to each date in memory.
   */
  async function freeDaysIn(
    scenarioId: string,
    learnerId: number,
    window: RequestDateWindow,
    range: { from: string; to: string; timezone: string },
    duration: number,
    now: Date,
  ): Promise<string[]> {
    const sps = (await repo.spIds(scenarioId)).filter((id) => id !== learnerId);
    const from = dayBounds(range.from, range.timezone).from;
    const to = dayBounds(range.to, range.timezone).to;
    const [windows, busy] = await Promise.all([
      repo.windowsOf(sps),
      repo.busyOf(sps, new Date(from.getTime() - 86_400_000), new Date(to.getTime() + 86_400_000)),
    ]);
    const calendars: SpCalendar[] = sps.map((id) => ({ windows: windows.get(id) ?? [], busy: busy.get(id) ?? [] }));
    return freeDays({ from: range.from, to: range.to, window, timezone: range.timezone, durationMinutes: duration, sps: calendars, now });
  }

  /**
   * The two dates checked against the window and the available times, re-computed now (VAL-07); 422 with every
   * field's message at once.
   */
  async function checkDates(
    scenario: { id: string; duration: number },
    learnerId: number,
    window: RequestDateWindow,
    input: { visit_date_one: string; visit_date_two: string; timezone: string },
    now: Date,
  ): Promise<Date[]> {
    const errors: Record<string, string[]> = {};
    const instants: Date[] = [];
    const slotsByDate = new Map<string, Promise<string[]>>();
    for (const field of ['visit_date_one', 'visit_date_two'] as const) {
      const slot = input[field];
      const date = slot.slice(0, 10);
      const at = slotToInstant(slot, input.timezone);
      const problem = dateWindowProblem(date, window);
      if (!at) errors[field] = [M.notAvailable];
      else if (problem) errors[field] = [dateWindowMessage(problem, window, date)];
      else {
        let slots = slotsByDate.get(date);
        if (!slots) {
          slots = slotsOn(scenario.id, learnerId, date, input.timezone, scenario.duration, now);
          slotsByDate.set(date, slots);
        }
        if (!(await slots).includes(slot)) errors[field] = [M.notAvailable];
      }
      if (at) instants.push(at);
    }
    if (Object.keys(errors).length > 0) throw unprocessable(Object.values(errors)[0]![0]!, errors);
    return instants;
  }

  async function bookableDuration(scenarioId: string): Promise<number> {
    const row = await repo.scenarioBooking(scenarioId);
    const duration = Number(row?.session_duration);
    return duration === 30 || duration === 60 ? duration : DEFAULT_DURATION;
  }

  return { bookable, windowFor, partnerOf, slotsOn, freeDaysIn, checkDates, bookableDuration };
}
