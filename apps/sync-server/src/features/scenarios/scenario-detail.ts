/** The full scenario a page shows (spec 001 §3): its document, people, side panel and what the caller may do. */
import {
  canCommentScenario,
  canConfigureScenario,
  canDeleteScenario,
  canEditScenario,
  fullName,
  isAuthorOf,
  isReviewerOf,
  mayTransition,
  type ScenarioAbilities,
  type ScenarioActor,
  type ScenarioDetail,
  type ScenarioDoc,
  type ScenarioFactsRow,
  type ScenarioView,
  scenarioActor,
  seesField,
} from '@simvisit/schema';
import type { Actor } from '../../platform/actor';
import { iso, type Person, person, toScenarioPartner, toScenarioUser } from './scenario-output';
import type { ScenariosRepository } from './scenarios.repository';

/**
 * Builds the scenario detail reader over the repository, the caller's visibility check and their view of the
 * scenario (scenarioViewFor, decision 0045): what the view leaves out is not read, and absent from the answer.
 */
export function createScenarioDetail(
  repo: ScenariosRepository,
  visible: (actor: Actor, id: number) => Promise<ScenarioFactsRow>,
  viewOf: (actor: Actor, facts: ScenarioFactsRow) => Promise<ScenarioView>,
) {
  function abilities(a: ScenarioActor, f: ScenarioFactsRow, view: ScenarioView): ScenarioAbilities {
    return {
      is_author: isAuthorOf(a, f),
      is_reviewer: isReviewerOf(a, f),
      can_edit: canEditScenario(a, f),
      can_comment: canCommentScenario(a, f),
      can_submit: mayTransition(a, f, 'submit'),
      can_take: mayTransition(a, f, 'take'),
      can_send_back: mayTransition(a, f, 'send_back'),
      can_approve: mayTransition(a, f, 'approve'),
      can_publish: mayTransition(a, f, 'publish'),
      can_live_edit: mayTransition(a, f, 'live_edit'),
      can_end_live_edit: mayTransition(a, f, 'end_live_edit'),
      can_clone: a.superAdmin || a.permissions.includes('scenario.clone'),
      can_delete: canDeleteScenario(a, f),
      can_configure: canConfigureScenario(a, f),
      audience: view.audience,
      field_types: [...view.fieldTypes],
      form_kinds: [...view.forms],
      tabs: view.tabs,
    };
  }

  async function detail(actor: Actor, id: number): Promise<ScenarioDetail> {
    const facts = await visible(actor, id);
    const view = await viewOf(actor, facts);
    const row = (await repo.row(facts.id))!;
    const doc = row.doc as ScenarioDoc;
    const [values, users, partners, comments, people] = await Promise.all([
      repo.fieldValues(facts.id),
      view.people ? repo.attachedUsers(facts.id) : Promise.resolve(null),
      view.partners ? repo.partners(facts.id) : Promise.resolve(null),
      view.comments ? repo.comments(facts.id) : Promise.resolve(null),
      repo.people([row.author_user_id, row.reviewer_user_id, row.trainer_user_id].filter((x): x is number => x !== null)),
    ]);
    const byId = new Map(people.map((p) => [p.id, p]));
    // Names and pictures for everyone who may open the scenario; emails only with the people of the view.
    const who = (userId: number | null) => {
      const p = userId === null ? null : person(byId.get(userId) as Person | undefined);
      if (!p || view.people) return p;
      const { email: _email, ...rest } = p;
      return rest;
    };
    const scenarioPartners = partners?.map(toScenarioPartner);
    return {
      id: Number(row.id),
      title: doc.title,
      patient_name: doc.patient_name,
      patient_image: doc.patient_image,
      status: doc.status,
      objective: doc.objective,
      target_audience: doc.target_audience,
      summary: doc.summary,
      televisit: doc.televisit,
      session_duration: doc.session_duration,
      funding_text: doc.funding_text,
      accreditation_Id: doc.accreditation_Id,
      giftcard_amount: doc.giftcard_amount,
      ...(view.config ? { giftcard_campaign_id: doc.giftcard_campaign_id } : {}),
      enable_giftcard: doc.enable_giftcard,
      tags: doc.tags.map((name) => ({ name })),
      ...(view.fee ? { fee: row.fee === null ? null : Number(row.fee) } : {}),
      credit_text: row.credit_text,
      author_user_id: row.author_user_id,
      reviewer_user_id: row.reviewer_user_id,
      trainer_user_id: row.trainer_user_id,
      author: who(row.author_user_id),
      reviewer: who(row.reviewer_user_id),
      trainer: who(row.trainer_user_id),
      is_sim: row.is_sim,
      live_edit: row.live_edit,
      is_scorecard_enabled: row.is_scorecard_enabled,
      is_feedback_form_enabled: row.is_feedback_form_enabled,
      is_participant_feedback_enabled: row.is_participant_feedback_enabled,
      scorecard_display_type_id: row.scorecard_display_type_id,
      ...(scenarioPartners ? { partners: scenarioPartners, scenario_partners: scenarioPartners } : {}),
      ...(users ? { users: users.map(toScenarioUser) } : {}),
      fields: values.filter((v) => seesField(view, v.field_id)).map((v) => ({ scenario_field_id: v.field_id, value: v.value })),
      ...(comments
        ? {
            comments: comments.map((c) => ({
              id: c.id,
              user: { id: c.user_id, name: fullName(c), image: c.image },
              content: c.content,
              field: c.field,
              created_at: iso(c.created_at),
            })),
          }
        : {}),
      created_at: iso(row.created_at),
      updated_at: iso(row.updated_at),
      abilities: abilities(scenarioActor(actor), facts, view),
    };
  }
  return detail;
}
