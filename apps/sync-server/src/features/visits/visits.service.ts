import { randomBytes } from 'node:crypto';
import {
  type AdjustDateRequest,
  adjustRefusal,
  cancelRefusal,
  canViewVisit,
  closeRefusal,
  completeAction,
  confirmRefusal,
  dateWindowMessage,
  dateWindowProblem,
  fullName,
  instantToSlot,
  joinRefusal,
  joinRoleOf,
  manageObserversRefusal,
  parseId,
  ROLE,
  recordingRefusal,
  requestDateWindow,
  rescheduleLinkRefusal,
  rescheduleRefusal,
  SCENARIO_FIELD_GROUPS,
  SCENARIO_FIELD_TYPE,
  slotToInstant,
  todayIn,
  transferRefusal,
  VISIT_DETAIL_TEXTS,
  VISIT_MESSAGES,
  VISIT_REFUSALS,
  VISIT_REQUEST_MESSAGES,
  type VisitDetail,
  type VisitRefusal,
  type VisitRescheduleRequest,
  type VisitResponse,
  type VisitRuleFacts,
  type VisitViewer,
} from '@simvisit/schema';
import type { Transaction } from 'kysely';
import type { DB, VisitRow } from '../../db/types';
import { conflict, forbidden, notFound, unprocessable } from '../../http/errors';
import type { Actor } from '../../platform/actor';
import type { AuditService } from '../../platform/audit';
import { clock } from '../../platform/clock';
import type { MeetingEventType, MeetingProvider } from '../../platform/meetings';
import type { ObjectAccess } from '../users';
import type { VisitEvent, VisitEvents } from '../visit-events';
import type { VisitChange, VisitScenarioRow, VisitsRepository } from './visits.repository';

export const VISIT_NOT_FOUND = 'Visit not found.';

export interface VisitsDeps {
  repo: VisitsRepository;
  /** permissions of a user at a partner (services.users.permissionsOf) */
  permissionsOf: (user: Actor['user'], partnerId: number) => Promise<readonly string[]>;
  audit: AuditService;
  /** the one 403-or-404 refusal of an object (users' object access) */
  objectAccess: ObjectAccess;
  visitEvents: VisitEvents;
  meetings: MeetingProvider;
  appUrl: string;
  /** the times the scenario's SPs can take on a date (services.visitRequests.availableTimes, one rule for both) */
  availableTimes: (actor: Actor, input: { scenario_id: number; date: string; timezone: string }, now: Date) => Promise<{ times: string[] }>;
}

/** The SQLSTATE of a database error (pg and PGlite both carry `code`, sometimes on `cause`). */
function pgCode(error: unknown): string | undefined {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code ?? e?.cause?.code;
}

/** PostgreSQL's exclusion violation: the SP would hold two overlapping visits (visits_sp_no_overlap). */
const isOverlap = (error: unknown) => pgCode(error) === '23P01';

/** A visit id of the address: anything else is a visit that does not exist. */
export function visitIdOf(raw: string | number): number {
  const id = parseId(raw);
  if (id === null) throw notFound(VISIT_NOT_FOUND);
  return id;
}

interface Loaded {
  row: VisitRow;
  scenario: VisitScenarioRow;
  viewer: VisitViewer;
}

/**
 * The visit page and joining (spec 002 §2.2, §4, §7; spec 001 §4 'Join sessions'; SECURITY.md AUTHZ-03, AUTHZ-04):
 * who may see a visit and which of its fields, and every change the page makes. Each change locks the visit row,
 * checks the shared rule again on the locked row, writes its visit event in the same transaction, and is written
 * to the audit log after the commit. A refused call changes nothing; a refusal of access is audited.
 */
export function createVisitsService(d: VisitsDeps) {
  const { repo } = d;

  function facts(row: VisitRow, scenario: VisitScenarioRow): VisitRuleFacts {
    return {
      ...row,
      has_reschedule_link: row.reschedule_token !== null,
      scenario: {
        fee: Number(scenario.fee ?? 0),
        is_scorecard_enabled: scenario.is_scorecard_enabled,
        is_feedback_form_enabled: scenario.is_feedback_form_enabled,
        is_participant_feedback_enabled: scenario.is_participant_feedback_enabled,
      },
    };
  }

  async function viewerOf(actor: Actor, row: VisitRow): Promise<VisitViewer> {
    const uid = actor.user.id;
    const [roles, clientAdmin, observer, permissions, timezone] = await Promise.all([
      repo.rolesAt(uid, row.partner_id),
      repo.isClientAdminOf(uid, row.partner_id),
      repo.observerRow(row.id, uid),
      d.permissionsOf(actor.user, row.partner_id),
      repo.zoneOf(uid),
    ]);
    return {
      user_id: uid,
      is_learner: row.learner_user_id === uid,
      is_sp: row.sp_user_id === uid,
      is_observer: Boolean(observer),
      is_admin: roles.includes(ROLE.admin),
      is_head_trainer: roles.includes(ROLE.head_trainer),
      is_client_admin: clientAdmin,
      is_super_admin: Boolean(actor.user.super_admin),
      may_transfer: permissions.includes('visit.transfer'),
      may_generate_reschedule_link: permissions.includes('visit.generate_reschedule_link'),
      observer_complete: observer?.is_complete ?? false,
      timezone,
    };
  }

  /** Refuses the caller (AUTHZ-03): 403 at the visit's partner, 404 (as for a missing visit) elsewhere; audited. */
  const deny = (actor: Actor, row: VisitRow, action: string): Promise<never> =>
    d.objectAccess.refuse(actor, {
      partnerId: row.partner_id,
      type: 'visit',
      id: row.id,
      attempted: action,
      notFoundMessage: VISIT_NOT_FOUND,
    });

  /** The visit, its scenario and who the caller is to it; refuses a caller who may not see it. */
  async function load(actor: Actor, rawId: string | number, action: string): Promise<Loaded> {
    const row = await repo.visit(visitIdOf(rawId));
    if (!row) throw notFound(VISIT_NOT_FOUND);
    const viewer = await viewerOf(actor, row);
    if (!canViewVisit(viewer)) await deny(actor, row, action);
    const scenario = await repo.scenario(row.scenario_id);
    if (!scenario) throw notFound(VISIT_NOT_FOUND);
    return { row, scenario, viewer };
  }

  /** Applies a rule's answer: a refusal of the person is audited (403/404), a refusal of the state is 409. */
  async function check(actor: Actor, row: VisitRow, action: string, refusal: VisitRefusal | null): Promise<void> {
    if (!refusal) return;
    if (refusal.kind === 'forbidden') await deny(actor, row, action);
    else throw conflict(refusal.message);
  }

  /**
   * Runs a change: the row locked, the rule checked again on it, the change and its visit event written in one
   * transaction; then the audit entry. An overlap of the SP's visits answers 409.
   */
  async function change(
    actor: Actor,
    loaded: Loaded,
    action: string,
    rule: (f: VisitRuleFacts) => VisitRefusal | null,
    apply: (
      row: VisitRow,
      trx: Transaction<DB>,
    ) => Promise<{ change: VisitChange; event: VisitEvent | null; details?: Record<string, unknown> }>,
  ): Promise<void> {
    let details: Record<string, unknown> | undefined;
    try {
      details = await repo.transaction(async (trx) => {
        const row = await repo.visit(loaded.row.id, trx, true);
        if (!row) throw notFound(VISIT_NOT_FOUND);
        const scenario = (await repo.scenario(row.scenario_id, trx)) ?? loaded.scenario;
        const refusal = rule(facts(row, scenario));
        if (refusal?.kind === 'state') throw conflict(refusal.message);
        if (refusal) throw forbidden();
        const result = await apply(row, trx);
        await repo.update(row.id, result.change, trx);
        if (result.event) await d.visitEvents.record(trx, result.event);
        return result.details;
      });
    } catch (error) {
      if (isOverlap(error)) throw conflict(VISIT_REFUSALS.overlap);
      throw error;
    }
    await d.audit.record({
      action,
      actor_user_id: actor.user.id,
      partner_id: actor.partnerId,
      target_type: 'visit',
      target_id: loaded.row.id,
      details: details ?? null,
    });
  }

  /** The visit as this caller may see it (AUTHZ-04: never dob, DEA or NPI numbers; emails by role). */
  async function detail(loaded: Loaded): Promise<VisitResponse> {
    const { row, scenario, viewer } = loaded;
    const [learner, sp, observers, fieldValues, dates] = await Promise.all([
      repo.person(row.learner_user_id),
      repo.person(row.sp_user_id),
      repo.observers(row.id),
      repo.fieldValues(scenario.id),
      repo.partnerDates(row.partner_id),
    ]);
    const seesParticipant = viewer.is_admin || viewer.is_client_admin || viewer.is_super_admin;
    const seesSp = viewer.is_admin || viewer.is_super_admin;
    const values = new Map(fieldValues.map((f) => [f.field_id, f.value]));
    const fields = SCENARIO_FIELD_GROUPS.flatMap((g) => g.fields)
      .filter((f) => viewer.is_sp || f.type === SCENARIO_FIELD_TYPE.learner)
      .map((f) => ({ id: f.id, label: f.label, value: values.get(f.id) ?? '' }))
      .filter((f) => f.value.trim() !== '');
    const visit: VisitDetail = {
      id: row.id,
      local_time: instantToSlot(row.start_at, viewer.timezone ?? 'UTC'),
      start_at: row.start_at.toISOString(),
      end_at: row.end_at.toISOString(),
      scenario_id: Number(scenario.id),
      scenario: {
        id: Number(scenario.id),
        title: scenario.title,
        patient_name: scenario.patient_name,
        patient_image: { location: scenario.patient_image },
        fee: Number(scenario.fee ?? 0),
        session_duration: scenario.session_duration,
        credit_text: scenario.credit_text,
        is_feedback_form_enabled: scenario.is_feedback_form_enabled,
        is_scorecard_enabled: scenario.is_scorecard_enabled,
        is_participant_feedback_enabled: scenario.is_participant_feedback_enabled,
        scorecard_display_type_id: scenario.scorecard_display_type_id,
        fields,
      },
      learner: {
        name: learner ? fullName(learner) : '',
        ...(learner && (seesParticipant || viewer.is_learner) ? { email: learner.email } : {}),
        profession: learner?.profession ? { title: learner.profession } : null,
        specialty: learner?.specialty ? { title: learner.specialty } : null,
      },
      learner_user_id: row.learner_user_id,
      standardized_patient: sp && (seesSp || viewer.is_sp) ? { name: fullName(sp), email: sp.email } : null,
      sp_user_id: row.sp_user_id,
      observer_users: observers.map((o) => ({
        id: o.id,
        user_id: o.user_id,
        user: {
          id: o.user_id,
          name: fullName(o),
          ...(seesSp || o.user_id === viewer.user_id ? { email: o.email } : {}),
        },
        is_complete: o.is_complete,
      })),
      is_complete: row.is_complete,
      is_canceled: row.is_canceled,
      is_confirmed: row.is_confirmed,
      no_show: row.no_show,
      learner_technical_issue: row.learner_technical_issue,
      is_sp_cancellation: row.is_sp_cancellation,
      canceled_by_user_id: row.canceled_by_user_id,
      is_scorecard_complete: row.is_scorecard_complete,
      is_feedback_form_complete: row.is_feedback_form_complete,
      is_participant_feedback_complete: row.is_participant_feedback_complete,
      has_reschedule_link: row.reschedule_token !== null,
      viewer,
    };
    return {
      visit,
      timezones: {
        learner: seesParticipant || viewer.is_learner ? (learner?.timezone ?? null) : null,
        sp: seesSp || viewer.is_sp ? (sp?.timezone ?? null) : null,
      },
      learner_type: seesParticipant ? (learner?.profession ?? null) : null,
      partner_dates: { start_date: dates?.start_date ?? null, end_date: dates?.end_date ?? null },
      partner_disabled_dates:
        dates?.disabled_start_date && dates.disabled_end_date
          ? [{ start_date: dates.disabled_start_date, end_date: dates.disabled_end_date }]
          : [],
    };
  }

  /** The visit again after a change, as the caller now sees it. */
  async function fresh(actor: Actor, id: number): Promise<VisitDetail> {
    return (await detail(await load(actor, id, 'view'))).visit;
  }

  const event = (type: VisitEvent['type'], row: VisitRow, actor: Actor, payload?: Record<string, unknown>): VisitEvent => ({
    type,
    visit_id: row.id,
    request_id: row.request_id,
    actor_user_id: actor.user.id,
    payload,
  });

  /**
   * The two new dates as instants: inside the partner's date window (in the learner's zone) and among the times the
   * scenario's SPs can take now; 422 with each field's message.
   */
  async function rescheduleDates(actor: Actor, loaded: Loaded, body: VisitRescheduleRequest, now: Date): Promise<Date[]> {
    const p = await repo.partnerDates(loaded.row.partner_id);
    const window = requestDateWindow(
      todayIn(body.timezone, now),
      { start_date: p?.start_date ?? null, end_date: p?.end_date ?? null },
      p?.disabled_start_date && p.disabled_end_date ? [{ start_date: p.disabled_start_date, end_date: p.disabled_end_date }] : [],
    );
    const errors: Record<string, string[]> = {};
    const instants: Date[] = [];
    for (const field of ['visit_date_one', 'visit_date_two'] as const) {
      const slot = `${body[field].slice(0, 16)}:00`;
      const date = slot.slice(0, 10);
      const at = slotToInstant(slot, body.timezone);
      const problem = dateWindowProblem(date, window);
      if (!at) errors[field] = [VISIT_REQUEST_MESSAGES.notAvailable];
      else if (problem) errors[field] = [dateWindowMessage(problem, window, date)];
      else {
        const { times } = await d.availableTimes(
          actor,
          { scenario_id: Number(loaded.row.scenario_id), date, timezone: body.timezone },
          now,
        );
        if (!times.includes(slot)) errors[field] = [VISIT_REQUEST_MESSAGES.notAvailable];
      }
      if (at) instants.push(at);
    }
    const first = Object.values(errors)[0]?.[0];
    if (first) throw unprocessable(first, errors);
    return instants;
  }

  const toPerson = (p: { id: number; first_name: string; last_name: string; email: string }) => ({
    id: p.id,
    name: fullName(p),
    email: p.email,
  });

  /** Only visits can be joined or closed here until interviews and training sessions exist (404 for those). */
  function visitType(type: string): MeetingEventType {
    if (type !== 'visit') throw notFound(VISIT_REFUSALS.eventUnknown);
    return type;
  }

  return {
    load,
    detail,

    /** GET api/visit/{id} */
    async get(actor: Actor, id: string | number): Promise<VisitResponse> {
      return detail(await load(actor, id, 'view'));
    },

    /** Cancel: the learner, the SP (an SP cancellation) or an admin. No refund of a paid visit (spec 002 §4). */
    async cancel(actor: Actor, id: string | number, now = clock.now()) {
      const loaded = await load(actor, id, 'cancel');
      const rule = (f: VisitRuleFacts) => cancelRefusal(f, loaded.viewer, now);
      await check(actor, loaded.row, 'cancel', rule(facts(loaded.row, loaded.scenario)));
      const byRole = loaded.viewer.is_learner ? 'learner' : loaded.viewer.is_sp ? 'sp' : 'admin';
      await change(actor, loaded, 'visit.canceled', rule, async (row) => ({
        change: {
          is_canceled: true,
          canceled_at: now,
          canceled_by_user_id: actor.user.id,
          is_sp_cancellation: byRole === 'sp',
        },
        event: event('visit.canceled', row, actor, { by: byRole }),
        details: { by: byRole },
      }));
      return { message: VISIT_MESSAGES.cancelled };
    },

    /** Confirm: the learner, from 3 days before the start until the start. */
    async confirm(actor: Actor, id: string | number, now = clock.now()) {
      const loaded = await load(actor, id, 'confirm');
      const rule = (f: VisitRuleFacts) => confirmRefusal(f, loaded.viewer, now);
      await check(actor, loaded.row, 'confirm', rule(facts(loaded.row, loaded.scenario)));
      await change(actor, loaded, 'visit.confirmed', rule, async (row) => ({
        change: { is_confirmed: true, confirmed_at: now },
        event: event('visit.confirmed', row, actor, { via: 'web' }),
      }));
      return { message: VISIT_MESSAGES.confirmed };
    },

    /**
     * The learner reschedules (spec 002 §2.2, §4): two new dates checked like a new request's (the partner's date
     * window, the times the scenario's SPs can take), then in one transaction the visit is cancelled (when still
     * open), an admin's reschedule link is used up, and a pending visit request with the dates is made, carrying
     * what was paid for the visit. Answers the request's id; the PWA goes to /request/{id}.
     */
    async reschedule(actor: Actor, id: string | number, body: VisitRescheduleRequest, now = clock.now()) {
      const loaded = await load(actor, id, 'reschedule');
      const rule = (f: VisitRuleFacts) => rescheduleRefusal(f, loaded.viewer, now);
      await check(actor, loaded.row, 'reschedule', rule(facts(loaded.row, loaded.scenario)));
      const dates = await rescheduleDates(actor, loaded, body, now);
      let requestId = 0;
      try {
        await change(actor, loaded, 'visit.rescheduled', rule, async (row, trx) => {
          const open = !row.is_canceled && !row.is_complete && !row.no_show && !row.learner_technical_issue;
          requestId = await repo.insertRescheduleRequest(
            trx,
            {
              user_id: row.learner_user_id,
              partner_id: row.partner_id,
              scenario_id: row.scenario_id,
              timezone: body.timezone,
              duration_minutes: Math.round((row.end_at.getTime() - row.start_at.getTime()) / 60_000),
              payment_amount_cents: row.payment_amount_cents,
              rescheduled_from_visit_id: row.id,
            },
            dates,
          );
          const moved = { request_id: requestId, dates: dates.map((x) => x.toISOString()), by_link: row.reschedule_token !== null };
          await d.visitEvents.record(trx, {
            type: 'request.created',
            request_id: requestId,
            actor_user_id: actor.user.id,
            payload: {
              scenario_id: row.scenario_id,
              dates: moved.dates,
              payment_amount_cents: row.payment_amount_cents,
              rescheduled_from_visit_id: row.id,
            },
          });
          return {
            change: {
              reschedule_token: null,
              ...(open ? { is_canceled: true, canceled_at: now, canceled_by_user_id: actor.user.id, is_sp_cancellation: false } : {}),
            },
            event: event('visit.rescheduled', row, actor, moved),
            details: moved,
          };
        });
      } catch (error) {
        if (pgCode(error) === '23505') {
          throw conflict(VISIT_REQUEST_MESSAGES.existingRequest);
        }
        throw error;
      }
      return { id: requestId, message: VISIT_MESSAGES.rescheduled };
    },

    /** An admin's reschedule link: the learner may then reschedule this visit once (decision 0028). */
    async rescheduleLink(actor: Actor, id: string | number) {
      const loaded = await load(actor, id, 'reschedule_link');
      const rule = (f: VisitRuleFacts) => rescheduleLinkRefusal(f, loaded.viewer);
      await check(actor, loaded.row, 'reschedule_link', rule(facts(loaded.row, loaded.scenario)));
      await change(actor, loaded, 'visit.reschedule_link', rule, async (row) => ({
        // Kept while unused: generating it again gives the same grant, not a second one.
        change: { reschedule_token: row.reschedule_token ?? randomBytes(24).toString('base64url') },
        event: null,
      }));
      return { reschedule_link: `${d.appUrl}/visit/${loaded.row.id}?R=1`, message: VISIT_MESSAGES.linkGenerated };
    },

    /** The observers a super admin may add: approved observers of the visit's partner not yet assigned. */
    async observerUsers(actor: Actor, id: string | number) {
      const loaded = await load(actor, id, 'observers');
      await check(actor, loaded.row, 'observers', manageObserversRefusal(facts(loaded.row, loaded.scenario), loaded.viewer));
      const [candidates, assigned] = await Promise.all([repo.observerCandidates(loaded.row.partner_id), repo.observers(loaded.row.id)]);
      const taken = new Set(assigned.map((o) => o.user_id));
      return {
        observer_users: candidates
          .filter((c) => !taken.has(c.id) && c.id !== loaded.row.learner_user_id && c.id !== loaded.row.sp_user_id)
          .map(toPerson),
      };
    },

    async addObserver(actor: Actor, id: string | number, userId: number) {
      const loaded = await load(actor, id, 'add_observer');
      const rule = (f: VisitRuleFacts) => manageObserversRefusal(f, loaded.viewer);
      await check(actor, loaded.row, 'add_observer', rule(facts(loaded.row, loaded.scenario)));
      await change(actor, loaded, 'visit.observer_added', rule, async (row, trx) => {
        const candidates = await repo.observerCandidates(row.partner_id, trx);
        if (!candidates.some((c) => c.id === userId) || userId === row.learner_user_id || userId === row.sp_user_id) {
          throw unprocessable(VISIT_REFUSALS.observerUnknown, { add_observer_id: [VISIT_REFUSALS.observerUnknown] });
        }
        if (!(await repo.addObserver(row.id, userId, trx))) throw conflict(VISIT_REFUSALS.observerAssigned);
        return { change: {}, event: event('visit.observer_added', row, actor, { user_id: userId }), details: { user_id: userId } };
      });
      return { visit: await fresh(actor, loaded.row.id), message: VISIT_MESSAGES.observerAdded };
    },

    async removeObserver(actor: Actor, id: string | number, userId: number) {
      const loaded = await load(actor, id, 'remove_observer');
      const rule = (f: VisitRuleFacts) => manageObserversRefusal(f, loaded.viewer);
      await check(actor, loaded.row, 'remove_observer', rule(facts(loaded.row, loaded.scenario)));
      await change(actor, loaded, 'visit.observer_removed', rule, async (row, trx) => {
        const assigned = await repo.observerRow(row.id, userId, trx);
        if (!assigned)
          throw unprocessable(VISIT_REFUSALS.observerNotAssigned, { remove_observer_id: [VISIT_REFUSALS.observerNotAssigned] });
        if (assigned.is_complete) throw conflict(VISIT_REFUSALS.observerScored);
        await repo.removeObserver(assigned.id, trx);
        return { change: {}, event: event('visit.observer_removed', row, actor, { user_id: userId }), details: { user_id: userId } };
      });
      return { visit: await fresh(actor, loaded.row.id), message: VISIT_MESSAGES.observerRemoved };
    },

    /** The SPs of the scenario the visit may move to (everyone but its SP). */
    async transferUsers(actor: Actor, id: string | number, now = clock.now()) {
      const loaded = await load(actor, id, 'transfer_users');
      await check(actor, loaded.row, 'transfer_users', transferRefusal(facts(loaded.row, loaded.scenario), loaded.viewer, now));
      const sps = await repo.scenarioSps(loaded.row.scenario_id);
      return { sp_users: sps.filter((s) => s.id !== loaded.row.sp_user_id).map(toPerson) };
    },

    /** Transfer to another SP of the scenario; the SP-overlap constraint answers 409 (LOAD-02). */
    async transfer(actor: Actor, id: string | number, spId: number, now = clock.now()) {
      const loaded = await load(actor, id, 'transfer');
      const rule = (f: VisitRuleFacts) => transferRefusal(f, loaded.viewer, now);
      await check(actor, loaded.row, 'transfer', rule(facts(loaded.row, loaded.scenario)));
      await change(actor, loaded, 'visit.transferred', rule, async (row, trx) => {
        if (spId === row.sp_user_id) throw conflict(VISIT_REFUSALS.spSame);
        const sps = await repo.scenarioSps(row.scenario_id, trx);
        if (!sps.some((s) => s.id === spId) || spId === row.learner_user_id) {
          throw unprocessable(VISIT_REFUSALS.spUnknown, { sp_id: [VISIT_REFUSALS.spUnknown] });
        }
        const moved = { from_sp_user_id: row.sp_user_id, to_sp_user_id: spId };
        return { change: { sp_user_id: spId }, event: event('visit.transferred', row, actor, moved), details: moved };
      });
      return { visit: await fresh(actor, loaded.row.id), message: VISIT_MESSAGES.transferred };
    },

    /**
     * Adjust date and time (admins): the new start in the admin's zone, the same length, confirmed or not as the
     * admin ticks it; the confirmation request and reminder are sent again for the new time.
     */
    async adjust(actor: Actor, id: string | number, body: AdjustDateRequest, now = clock.now()) {
      const loaded = await load(actor, id, 'adjust');
      const rule = (f: VisitRuleFacts) => adjustRefusal(f, loaded.viewer);
      await check(actor, loaded.row, 'adjust', rule(facts(loaded.row, loaded.scenario)));
      const zone = body.timezone ?? loaded.viewer.timezone ?? 'UTC';
      const start = slotToInstant(body.start_date, zone);
      if (!start) throw unprocessable(VISIT_REFUSALS.dateInvalid, { start_date: [VISIT_REFUSALS.dateInvalid] });
      if (start.getTime() <= now.getTime()) throw unprocessable(VISIT_REFUSALS.datePast, { start_date: [VISIT_REFUSALS.datePast] });
      await change(actor, loaded, 'visit.adjusted', rule, async (row) => {
        const end = new Date(start.getTime() + (row.end_at.getTime() - row.start_at.getTime()));
        const moved = {
          from: row.start_at.toISOString(),
          to: start.toISOString(),
          is_confirmed: body.is_confirmed,
          timezone: zone,
        };
        return {
          change: {
            start_at: start,
            end_at: end,
            is_confirmed: body.is_confirmed,
            confirmed_at: body.is_confirmed ? now : null,
            confirmation_requested_at: null,
            reminder_sent_at: null,
          },
          event: event('visit.adjusted', row, actor, moved),
          details: moved,
        };
      });
      return { visit: await fresh(actor, loaded.row.id), message: VISIT_MESSAGES.adjusted };
    },

    /** The recording link (the people of the visit and its admins); null until there is one. */
    async recording(actor: Actor, id: string | number, now = clock.now()) {
      const loaded = await load(actor, id, 'recording');
      await check(actor, loaded.row, 'recording', recordingRefusal(loaded.viewer));
      const { row } = loaded;
      if (row.start_at.getTime() > now.getTime() || row.is_canceled || row.no_show) return { link: null };
      const link = await d.meetings.fetchRecording({
        type: 'visit',
        id: row.id,
        meetingId: row.meeting_id,
        startAt: row.start_at,
        endAt: row.end_at,
        recordingUrl: row.recording_url,
      });
      return { link };
    },

    /** POST api/meeting/join/{type}: the join link, inside the caller's window (spec 001 §4). */
    async join(actor: Actor, type: string, id: string | number, now = clock.now()) {
      visitType(type);
      const loaded = await load(actor, id, 'join');
      await check(actor, loaded.row, 'join', joinRefusal(facts(loaded.row, loaded.scenario), loaded.viewer, now));
      let row = loaded.row;
      const meetingEvent = (r: VisitRow) => ({
        type: 'visit' as const,
        id: r.id,
        meetingId: r.meeting_id,
        startAt: r.start_at,
        endAt: r.end_at,
        recordingUrl: r.recording_url,
      });
      let joined = await d.meetings.createJoinLink(meetingEvent(row));
      if (row.meeting_id === null) {
        // The first joiner stores the meeting id; someone joining at the same moment gets the stored one.
        await repo.setMeetingIdOnce(row.id, joined.meetingId);
        row = (await repo.visit(row.id))!;
        if (row.meeting_id !== joined.meetingId) joined = await d.meetings.createJoinLink(meetingEvent(row));
      }
      await d.audit.record({
        action: 'visit.joined',
        actor_user_id: actor.user.id,
        partner_id: actor.partnerId,
        target_type: 'visit',
        target_id: row.id,
        details: { role: joinRoleOf(loaded.viewer), provider: d.meetings.name },
      });
      return { link: joined.link };
    },

    /**
     * POST api/{type}/complete by the SP after the start: 'feedback' while the SP's feedback form is enabled and
     * not submitted (submitting it completes the visit), else the visit is marked complete.
     */
    async complete(actor: Actor, type: string, id: string | number, now = clock.now()) {
      visitType(type);
      const loaded = await load(actor, id, 'complete');
      const rule = (f: VisitRuleFacts) => closeRefusal(f, loaded.viewer, now);
      await check(actor, loaded.row, 'complete', rule(facts(loaded.row, loaded.scenario)));
      if (completeAction(facts(loaded.row, loaded.scenario)) === 'feedback') return { action: 'feedback' as const, message: '' };
      await change(actor, loaded, 'visit.completed', rule, async (row) => ({
        change: { is_complete: true, completed_at: now },
        event: event('visit.completed', row, actor),
      }));
      return { action: 'complete' as const, message: VISIT_DETAIL_TEXTS.completed };
    },

    /** No show: the SP after the start; also complete (spec 001 §4). */
    async noShow(actor: Actor, id: number, now = clock.now()) {
      const loaded = await load(actor, id, 'no_show');
      const rule = (f: VisitRuleFacts) => closeRefusal(f, loaded.viewer, now);
      await check(actor, loaded.row, 'no_show', rule(facts(loaded.row, loaded.scenario)));
      await change(actor, loaded, 'visit.no_show', rule, async (row) => ({
        change: { no_show: true, is_complete: true, completed_at: now },
        event: event('visit.no_show', row, actor),
      }));
      return { message: VISIT_MESSAGES.noShowMarked };
    },

    /** Learner technical issue: the SP after the start; counts as cancelled (spec 001 §4). */
    async learnerTechIssue(actor: Actor, id: number, now = clock.now()) {
      const loaded = await load(actor, id, 'learner_technical_issue');
      const rule = (f: VisitRuleFacts) => closeRefusal(f, loaded.viewer, now);
      await check(actor, loaded.row, 'learner_technical_issue', rule(facts(loaded.row, loaded.scenario)));
      await change(actor, loaded, 'visit.technical_issue', rule, async (row) => ({
        change: { learner_technical_issue: true, is_canceled: true, canceled_at: now, canceled_by_user_id: actor.user.id },
        event: event('visit.technical_issue', row, actor),
      }));
      return { message: VISIT_DETAIL_TEXTS.techIssueMarked };
    },
  };
}
export type VisitsService = ReturnType<typeof createVisitsService>;
