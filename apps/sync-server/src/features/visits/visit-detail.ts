/** The visit as a caller may see it (spec 002 §7; SECURITY.md AUTHZ-04: never dob, DEA or NPI numbers; emails by role). */
import {
  fullName,
  instantToSlot,
  SCENARIO_FIELD_GROUPS,
  SCENARIO_FIELD_TYPE,
  type VisitDetail,
  type VisitResponse,
  type VisitViewer,
} from '@simvisit/schema';
import type { VisitRow } from '../../db/types';
import type { VisitScenarioRow, VisitsRepository } from './visits.repository';

/** A visit loaded for a caller: its row, its scenario and who the caller is to it. */
export interface LoadedVisit {
  row: VisitRow;
  scenario: VisitScenarioRow;
  viewer: VisitViewer;
}

export function createVisitDetail(repo: VisitsRepository) {
  /** The visit as this caller may see it (AUTHZ-04: never dob, DEA or NPI numbers; emails by role). */
  async function detail(loaded: LoadedVisit): Promise<VisitResponse> {
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
  return detail;
}
