import { scenariosApi as api } from '@simvisit/schema';
import { actorOf } from '../../http/actor';
import { type AnyRoute, implement } from '../../http/route';

/*
 * Scenario calls of spec 001 §7 (contracts in packages/schema/src/api/scenario-*.ts). The service applies the
 * rules per object with the shared rules. Fixed paths are mounted before `:id` ones.
 */
export const scenariosRoutes: AnyRoute[] = [
  implement(api.published, async ({ c, query }) => c.var.services.scenarios.published(await actorOf(c), query.page)),
  implement(api.create, async ({ c }) => c.var.services.scenarios.create(await actorOf(c))),
  implement(api.clone, async ({ c, body }) => c.var.services.scenarios.clone(await actorOf(c), body.scenario_id)),
  implement(api.authoring, async ({ c }) => c.var.services.scenarios.authoring(await actorOf(c))),
  implement(api.reviewing, async ({ c }) => c.var.services.scenarios.reviewing(await actorOf(c))),
  implement(api.myScenarios, async ({ c, query }) => c.var.services.scenarios.tab(await actorOf(c), 'my-scenarios', query.page)),
  implement(api.needReview, async ({ c, query }) => c.var.services.scenarios.tab(await actorOf(c), 'need-review', query.page)),
  implement(api.inReview, async ({ c, query }) => c.var.services.scenarios.tab(await actorOf(c), 'in-review', query.page)),
  implement(api.approved, async ({ c, query }) => c.var.services.scenarios.tab(await actorOf(c), 'approved', query.page)),
  implement(api.archived, async ({ c, query }) => c.var.services.scenarios.tab(await actorOf(c), 'archived', query.page)),
  implement(api.partnerList, async ({ c }) => c.var.services.scenarios.partnerList(await actorOf(c))),
  implement(api.ofPartner, async ({ c, params }) => c.var.services.scenarios.ofPartner(await actorOf(c), params.id)),
  implement(api.patientImages, ({ c }) => c.var.services.scenarios.patientImages()),
  implement(api.patientImage, ({ c, params }) => c.var.services.scenarios.patientImage(params.id)),
  implement(api.campaigns, ({ c }) => c.var.services.scenarios.campaigns()),
  implement(api.detail, async ({ c, params }) => c.var.services.scenarios.detail(await actorOf(c), params.id)),
  implement(api.update, async ({ c, params, body }) => c.var.services.scenarios.update(await actorOf(c), params.id, body)),
  implement(api.updateField, async ({ c, params, body }) =>
    c.var.services.scenarios.updateField(await actorOf(c), params.id, params.field, body.value),
  ),
  implement(api.updatePartner, async ({ c, params, body }) => c.var.services.scenarios.updatePartner(await actorOf(c), params.id, body)),
  implement(api.take, async ({ c, params }) => c.var.services.scenarios.take(await actorOf(c), params.id)),
  implement(api.fields, async ({ c, params }) => c.var.services.scenarios.fields(await actorOf(c), params.id)),
  implement(api.saveFieldValue, async ({ c, params, body }) =>
    c.var.services.scenarios.saveFieldValue(await actorOf(c), params.id, params.fieldId, body.value),
  ),
  implement(api.fieldsByType, async ({ c, params }) =>
    c.var.services.scenarios.fieldsByType(await actorOf(c), params.id, params.type as 1 | 2),
  ),
  implement(api.comment, async ({ c, params, body }) => c.var.services.scenarios.comment(await actorOf(c), params.id, body)),
  implement(api.remove, async ({ c, params }) => c.var.services.scenarios.remove(await actorOf(c), params.id)),
  implement(api.share, async ({ c, params }) => c.var.services.scenarios.share(await actorOf(c), params.id)),
  implement(api.overview, async ({ c, params }) => c.var.services.scenarios.overview(await actorOf(c), params.id)),
  implement(api.print, async ({ c, params }) => c.var.services.scenarios.print(await actorOf(c), params.id)),
  implement(api.verbalFeedback, async ({ c, params }) => c.var.services.scenarios.verbalFeedback(await actorOf(c), params.id)),
  implement(api.hasVerbalFeedback, async ({ c, params }) => c.var.services.scenarios.hasVerbalFeedback(await actorOf(c), params.id)),
  implement(api.tags, async ({ c, params }) => c.var.services.scenarios.tags(await actorOf(c), params.id)),
  implement(api.spOptions, async ({ c, params }) => c.var.services.scenarios.options(await actorOf(c), params.id, 'sp')),
  implement(api.observerOptions, async ({ c, params }) => c.var.services.scenarios.options(await actorOf(c), params.id, 'observer')),
  implement(api.trainerOptions, async ({ c, params }) => c.var.services.scenarios.options(await actorOf(c), params.id, 'trainer')),
  implement(api.addPartner, async ({ c, params, body }) =>
    c.var.services.scenarios.addPartner(await actorOf(c), params.id, params.partnerId, body),
  ),
  implement(api.removePartner, async ({ c, params }) =>
    c.var.services.scenarios.removePartner(await actorOf(c), params.id, params.partnerId),
  ),
  implement(api.addUser, async ({ c, params, body }) => c.var.services.scenarios.addUser(await actorOf(c), params.id, body)),
  implement(api.removeUser, async ({ c, params, query }) =>
    c.var.services.scenarios.removeUser(await actorOf(c), params.id, params.userId, query.role_id ?? null),
  ),
  implement(api.addTrainer, async ({ c, params, body }) => c.var.services.scenarios.addTrainer(await actorOf(c), params.id, body.user_id)),
  implement(api.scorecardDisplay, async ({ c, params }) => c.var.services.scenarios.scorecardDisplay(await actorOf(c), params.id)),
  implement(api.saveScorecardDisplay, async ({ c, params, body }) =>
    c.var.services.scenarios.saveScorecardDisplay(await actorOf(c), params.id, body.scorecard_display_type_id),
  ),
  implement(api.saveFee, async ({ c, params, body }) => c.var.services.scenarios.saveFee(await actorOf(c), params.id, body.scenario_fee)),
];
