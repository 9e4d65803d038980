/** The full scenario a page shows (spec 001 §3): its document, people, side panel and what the caller may do. */
import {
  canCommentScenario,
  canConfigureScenario,
  canDeleteScenario,
  canEditScenario,
  isAuthorOf,
  isReviewerOf,
  isScenarioAdmin,
  mayTransition,
  ROLE,
  type ScenarioAbilities,
  type ScenarioActor,
  type ScenarioDetail,
  type ScenarioDoc,
  type ScenarioFactsRow,
  scenarioActor,
  sidePanelTabs,
} from '@simvisit/schema';
import type { Actor } from '../../platform/actor';
import { fullName, iso, person, toScenarioPartner, toScenarioUser } from './scenario-output';
import type { ScenariosRepository } from './scenarios.repository';

/** Builds the scenario detail reader over the repository and the caller's visibility check. */
export function createScenarioDetail(repo: ScenariosRepository, visible: (actor: Actor, id: number) => Promise<ScenarioFactsRow>) {
  async function who(actor: Actor) {
    const roles = await repo.rolesAt(actor.user.id, actor.partnerId);
    const superAdmin = Boolean(actor.user.super_admin);
    const admin = superAdmin || roles.includes(ROLE.admin);
    return {
      headTrainer: !admin && roles.includes(ROLE.head_trainer),
      trainerOnly: !superAdmin && !actor.permissions.includes('scenario.admin') && actor.permissions.includes('training_session.schedule'),
    };
  }

  function abilities(a: ScenarioActor, f: ScenarioFactsRow, tabs: ScenarioAbilities['tabs']): ScenarioAbilities {
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
      tabs,
    };
  }

  async function detail(actor: Actor, id: number): Promise<ScenarioDetail> {
    const facts = await visible(actor, id);
    const row = (await repo.row(facts.id))!;
    const doc = row.doc as ScenarioDoc;
    const a = scenarioActor(actor);
    const w = await who(actor);
    const involved = isAuthorOf(a, facts) || isReviewerOf(a, facts);
    const seesComments = involved || (isScenarioAdmin(a) && !w.headTrainer);
    const tabs = sidePanelTabs(facts, { ...w, canSeeComments: seesComments });
    const seesDistribution = tabs.includes('Distribution') || (isScenarioAdmin(a) && !w.headTrainer && !w.trainerOnly);
    const seesFee = !w.trainerOnly || involved;
    const [values, users, partners, comments, people] = await Promise.all([
      repo.fieldValues(facts.id),
      repo.attachedUsers(facts.id),
      seesDistribution ? repo.partners(facts.id) : Promise.resolve(null),
      seesComments ? repo.comments(facts.id) : Promise.resolve(null),
      repo.people([row.author_user_id, row.reviewer_user_id, row.trainer_user_id].filter((x): x is number => x !== null)),
    ]);
    const byId = new Map(people.map((p) => [p.id, p]));
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
      giftcard_campaign_id: doc.giftcard_campaign_id,
      enable_giftcard: doc.enable_giftcard,
      tags: doc.tags.map((name) => ({ name })),
      ...(seesFee ? { fee: row.fee === null ? null : Number(row.fee) } : {}),
      credit_text: row.credit_text,
      author_user_id: row.author_user_id,
      reviewer_user_id: row.reviewer_user_id,
      trainer_user_id: row.trainer_user_id,
      author: person(byId.get(row.author_user_id)),
      reviewer: row.reviewer_user_id ? person(byId.get(row.reviewer_user_id)) : null,
      trainer: row.trainer_user_id ? person(byId.get(row.trainer_user_id)) : null,
      is_sim: row.is_sim,
      live_edit: row.live_edit,
      is_scorecard_enabled: row.is_scorecard_enabled,
      is_feedback_form_enabled: row.is_feedback_form_enabled,
      is_participant_feedback_enabled: row.is_participant_feedback_enabled,
      scorecard_display_type_id: row.scorecard_display_type_id,
      ...(scenarioPartners ? { partners: scenarioPartners, scenario_partners: scenarioPartners } : {}),
      users: users.map(toScenarioUser),
      fields: values.map((v) => ({ scenario_field_id: v.field_id, value: v.value })),
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
      abilities: abilities(scenarioActor(actor), facts, tabs),
    };
  }
  return detail;
}
