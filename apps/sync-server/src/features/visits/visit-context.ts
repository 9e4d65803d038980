/**
 * What every part of the visits service stands on: loading a visit for a caller (who they are to it, refusing
 * one who may not see it), checking a rule's answer, and running a change with the row locked, its visit event
 * in the same transaction and the audit entry after the commit.
 */
import {
  canViewVisit,
  parseId,
  ROLE,
  VISIT_REFUSALS,
  type VisitDetail,
  type VisitRefusal,
  type VisitRuleFacts,
  type VisitViewer,
} from '@simvisit/schema';
import type { Transaction } from 'kysely';
import type { DB, VisitRow } from '../../db/types';
import { conflict, forbidden, notFound } from '../../http/errors';
import type { Actor } from '../../platform/actor';
import type { AuditService } from '../../platform/audit';
import type { MeetingProvider } from '../../platform/meetings';
import type { ObjectAccess } from '../users';
import type { VisitEvent, VisitEvents } from '../visit-events';
import { createVisitDetail, type LoadedVisit } from './visit-detail';
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
export function pgCode(error: unknown): string | undefined {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code ?? e?.cause?.code;
}

/**
 * PostgreSQL's exclusion violation of the visits' own constraint: the SP would hold two overlapping visits
 * (visits_sp_no_overlap). Another commitment (commitments_no_overlap) is left to the error handler's 409.
 */
const isOverlap = (error: unknown) => {
  const e = error as { constraint?: string; cause?: { constraint?: string } } | null;
  return pgCode(error) === '23P01' && (e?.constraint ?? e?.cause?.constraint) === 'visits_sp_no_overlap';
};

/** A visit id of the address: anything else is a visit that does not exist. */
export function visitIdOf(raw: string | number): number {
  const id = parseId(raw);
  if (id === null) throw notFound(VISIT_NOT_FOUND);
  return id;
}

export function createVisitContext(d: VisitsDeps) {
  const { repo } = d;
  const detail = createVisitDetail(repo);

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
  async function load(actor: Actor, rawId: string | number, action: string): Promise<LoadedVisit> {
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
    loaded: LoadedVisit,
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

  return { ...d, facts, load, check, change, detail, fresh, event };
}
export type VisitContext = ReturnType<typeof createVisitContext>;
