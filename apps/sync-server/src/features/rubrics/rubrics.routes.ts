import { rubricsApi as api } from '@simvisit/schema';
import { actorOf } from '../../http/actor';
import { type AnyRoute, implement } from '../../http/route';

/*
 * Rubric calls (contracts in packages/schema/src/api/rubrics.ts); the service does the permission and object
 * checks. `all` is mounted before `:id` so that GET api/rubric/all is not read as a rubric id.
 */
export const rubricsRoutes: AnyRoute[] = [
  implement(api.mine, async ({ c }) => c.var.services.rubrics.mine(await actorOf(c))),
  implement(api.all, async ({ c, query }) => c.var.services.rubrics.all(await actorOf(c), query.page_start)),
  implement(api.show, async ({ c, params }) => c.var.services.rubrics.show(await actorOf(c), params.id)),
  implement(api.create, async ({ c, body }) => c.var.services.rubrics.create(await actorOf(c), body)),
  implement(api.clone, async ({ c, body }) => c.var.services.rubrics.clone(await actorOf(c), body.rubric_id)),
  implement(api.saveField, async ({ c, body }) => c.var.services.rubrics.saveField(await actorOf(c), body)),
  implement(api.remove, async ({ c, params }) => c.var.services.rubrics.remove(await actorOf(c), params.id)),
  implement(api.publish, async ({ c, params }) => c.var.services.rubrics.publish(await actorOf(c), params.id)),
  implement(api.addQuestion, async ({ c, params, body }) => c.var.services.rubrics.addQuestion(await actorOf(c), params.id, body)),
  implement(api.editQuestion, async ({ c, params, body }) =>
    c.var.services.rubrics.editQuestion(await actorOf(c), params.id, body.question_id, body),
  ),
  implement(api.removeQuestion, async ({ c, params }) => c.var.services.rubrics.removeQuestion(await actorOf(c), params.id, params.qid)),
  implement(api.reorder, async ({ c, params, body }) => c.var.services.rubrics.reorder(await actorOf(c), params.id, body.order)),
];
