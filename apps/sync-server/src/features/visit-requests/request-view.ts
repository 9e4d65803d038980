/** The request page (spec 001 §2, §6): who the caller is to a request, and the request as they may see it. */
import {
  centsToAmount,
  fullName,
  VISIT_REQUEST_MESSAGES as M,
  type RequestLookupResponse,
  ROLE,
  requestDateAcceptable,
  requestExpired,
  SCENARIO_FIELD_GROUPS,
  type VisitRequestView,
} from '@simvisit/schema';
import type { RequestRow } from '../../db/types';
import { forbidden, type HttpError, notFound } from '../../http/errors';
import type { Actor } from '../../platform/actor';
import { DEFAULT_DURATION } from './request-slots';
import type { VisitRequestsRepository } from './visit-requests.repository';

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();
const learnerFieldIds = new Set(SCENARIO_FIELD_GROUPS.flatMap((g) => g.fields.filter((f) => f.type === 2).map((f) => f.id)));
const fieldLabels = new Map(SCENARIO_FIELD_GROUPS.flatMap((g) => g.fields.map((f) => [f.id, f.label] as const)));

export function createRequestView({
  repo,
  expireOne,
}: {
  repo: VisitRequestsRepository;
  expireOne: (requestId: number, now: Date) => Promise<boolean>;
}) {
  /** Who the caller is to a request (spec 001 §4, §6). */
  async function relationTo(actor: Actor, row: RequestRow) {
    const learner = row.user_id === actor.user.id;
    const sp = !learner && row.scenario_id !== null && (await repo.isSpOf(row.scenario_id, actor.user.id));
    const { roles, clientAdmin } = await repo.rolesAt(actor.user.id, row.partner_id);
    const superAdmin = Boolean(actor.user.super_admin);
    const admin = roles.has(ROLE.admin);
    const headTrainer = roles.has(ROLE.head_trainer);
    const clientAdminOf = clientAdmin || roles.has(ROLE.client_admin);
    return {
      learner,
      sp,
      seesRequester: superAdmin || admin || headTrainer || clientAdminOf,
      seesLearnerType: superAdmin || admin || clientAdminOf,
    };
  }

  /** 403 at the request's own partner, 404 elsewhere (nothing is said about another partner's requests). */
  function refuse(actor: Actor, row: RequestRow, message?: string): HttpError {
    return actor.partnerId === row.partner_id ? forbidden(message) : notFound(M.notFound);
  }

  async function visitRequest(id: number): Promise<RequestRow & { scenario_id: string }> {
    const row = await repo.byId(id);
    if (row?.request_type_id !== 1 || row.scenario_id === null) throw notFound(M.notFound);
    return row as RequestRow & { scenario_id: string };
  }

  async function buildView(row: RequestRow, rel: Awaited<ReturnType<typeof relationTo>>, now: Date): Promise<RequestLookupResponse> {
    const [dates, scenario, values, requester, visit, p] = await Promise.all([
      repo.datesOf(row.id),
      row.scenario_id ? repo.scenarioBooking(row.scenario_id) : Promise.resolve(undefined),
      row.scenario_id ? repo.fieldValues(row.scenario_id) : Promise.resolve([]),
      rel.seesRequester || rel.seesLearnerType ? repo.person(row.user_id) : Promise.resolve(undefined),
      row.status === 'accepted' ? repo.visitOfRequest(row.id) : Promise.resolve(undefined),
      repo.partnerDates(row.partner_id),
    ]);
    const pending = row.status === 'pending';
    const acceptable = dates.some((d) => requestDateAcceptable(new Date(d.start_at), now));
    const fields = values
      .filter((v) => v.value.trim() !== '' && fieldLabels.has(v.field_id) && (!rel.learner || learnerFieldIds.has(v.field_id)))
      .map((v) => ({ scenario_field_id: v.field_id, label: fieldLabels.get(v.field_id)!, value: v.value }));
    const duration = Number(scenario?.session_duration);
    const request: VisitRequestView = {
      id: row.id,
      request_type_id: row.request_type_id,
      status: row.status,
      is_expired: row.status === 'expired' || row.is_expired,
      user_id: rel.learner || rel.seesRequester ? row.user_id : null,
      scenario_id: row.scenario_id === null ? null : Number(row.scenario_id),
      dates: dates.map((d) => ({ id: d.id, local_time: iso(d.start_at) })),
      user: rel.seesRequester && requester ? { id: requester.id, name: fullName(requester), email: requester.email } : null,
      scenario: scenario
        ? {
            id: Number(scenario.id),
            title: scenario.title,
            patient_name: scenario.patient_name,
            patient_image: scenario.patient_image,
            summary: scenario.summary,
            session_duration: row.duration_minutes ?? (duration === 60 ? 60 : DEFAULT_DURATION),
            fields,
          }
        : null,
      payment_amount: centsToAmount(row.payment_amount_cents),
      timezone: row.timezone,
      visit_id: visit?.id ?? null,
      created_at: iso(row.created_at),
      viewer: {
        is_learner: rel.learner,
        is_sp: rel.sp,
        can_accept: rel.sp && pending && acceptable,
        can_cancel: rel.learner && pending,
        can_reschedule: rel.learner && pending,
      },
    };
    return {
      request,
      learner_type: rel.seesLearnerType ? (requester?.profession ?? null) : null,
      partner_dates: { start_date: p?.start_date ?? null, end_date: p?.end_date ?? null },
      partner_disabled_dates:
        p?.disabled_start_date && p.disabled_end_date ? [{ start_date: p.disabled_start_date, end_date: p.disabled_end_date }] : [],
    };
  }

  async function view(actor: Actor, requestId: number, now: Date): Promise<RequestLookupResponse> {
    let row = await repo.byId(requestId);
    if (!row) throw notFound(M.notFound);
    const rel = await relationTo(actor, row);
    if (!rel.learner && !rel.sp && !rel.seesRequester) throw refuse(actor, row);
    if (row.request_type_id === 1 && row.status === 'pending') {
      const dates = await repo.datesOf(row.id);
      if (
        requestExpired(
          dates.map((d) => new Date(d.start_at)),
          now,
        ) &&
        (await expireOne(row.id, now))
      ) {
        row = (await repo.byId(row.id))!;
      }
    }
    return buildView(row, rel, now);
  }

  return { relationTo, refuse, visitRequest, view };
}
