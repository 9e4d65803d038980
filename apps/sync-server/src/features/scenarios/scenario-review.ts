/**
 * The review lifecycle (spec 001 §4): status transitions, taking a scenario for review and live editing, each
 * checked by the shared rules with the row locked, audited, and told to the other person of the review.
 */
import {
  isAuthorOf,
  SCENARIO_MESSAGES as M,
  mayTransition,
  SCENARIO_STATUS as S,
  SCENARIO_CORE_FIELDS,
  type ScenarioDoc,
  type ScenarioFactsRow,
  type ScenarioStatus,
  type ScenarioTransition,
  SUBMIT_REQUIRED_FIELDS,
  scenarioActor,
  transitionFor,
} from '@simvisit/schema';
import { conflict, forbidden, unprocessable } from '../../http/errors';
import type { Actor } from '../../platform/actor';
import type { ScenarioContext } from './scenario-context';

const TRANSITION_AUDIT: Record<ScenarioTransition, string> = {
  submit: 'scenario.submitted',
  take: 'scenario.taken',
  send_back: 'scenario.sent_back',
  approve: 'scenario.approved',
  publish: 'scenario.published',
  archive: 'scenario.archived',
  live_edit: 'scenario.live_edit_started',
  end_live_edit: 'scenario.live_edit_ended',
};

export function createScenarioReview({ repo, audit, notifications, tx, visible, detail, saveServerDoc }: ScenarioContext) {
  async function transition(actor: Actor, id: number, target: unknown) {
    const to = Number(target);
    await tx(async (trx, defer) => {
      const facts = await visible(actor, id, trx);
      const t = Number.isInteger(to) ? transitionFor(facts.status, to) : null;
      if (!t) throw unprocessable(M.transitionRefused, { status: [M.transitionRefused] });
      const a = scenarioActor(actor);
      if (!mayTransition(a, facts, t)) throw forbidden(M.transitionRefused);
      const row = (await repo.row(facts.id, trx))!;
      const doc = row.doc as ScenarioDoc;
      if (t === 'submit') {
        const missing = SUBMIT_REQUIRED_FIELDS.filter((k) => !doc[k] || String(doc[k]).trim() === '');
        if (missing.length > 0) {
          const errors = Object.fromEntries(
            missing.map((k) => [k, [`${SCENARIO_CORE_FIELDS.find((f) => f.key === k)!.label} is required.`]]),
          );
          throw unprocessable(M.requiredEmpty, errors);
        }
      }
      if (t === 'publish' && facts.partner_ids.length === 0 && facts.is_sim !== 1) {
        throw unprocessable(M.noPartners, { partners: [M.noPartners] });
      }
      await saveServerDoc(trx, facts.id, (d) => ({ ...d, status: to as ScenarioStatus }));
      defer(() =>
        audit.record({
          action: TRANSITION_AUDIT[t],
          actor_user_id: actor.user.id,
          partner_id: actor.partnerId,
          target_type: 'scenario',
          target_id: facts.id,
          details: { from: facts.status, to },
        }),
      );
      defer(() => tell(facts, t, actor));
    });
    return { scenario: await detail(actor, id) };
  }

  /** Tells the other person of the review what happened (a notification; it replicates and may push). */
  async function tell(facts: ScenarioFactsRow, t: ScenarioTransition, actor: Actor) {
    const row = await repo.row(facts.id);
    const title = row?.title || 'Untitled scenario';
    const link = `/scenarios/${facts.id}`;
    const notice = (userId: number | null, heading: string, content: string) =>
      userId && userId !== actor.user.id
        ? notifications.create(userId, { title: heading, content, icon: 'message', color: 'white', type: 'router link', payload: { link } })
        : Promise.resolve();
    if (t === 'submit') await notice(facts.reviewer_user_id, 'Scenario submitted for review', `${title} is ready for review.`);
    if (t === 'send_back') await notice(facts.author_user_id, 'Scenario sent back for editing', `${title} needs changes.`);
    if (t === 'approve') await notice(facts.author_user_id, 'Scenario approved', `${title} has been approved.`);
    if (t === 'publish') await notice(facts.author_user_id, 'Scenario is live', `${title} is now published.`);
  }

  async function liveEdit(actor: Actor, id: number, value: unknown) {
    const on = value === true || value === 1 || value === '1' || value === 'true';
    await tx(async (trx, defer) => {
      const facts = await visible(actor, id, trx);
      const t: ScenarioTransition = on ? 'live_edit' : 'end_live_edit';
      if (!mayTransition(scenarioActor(actor), facts, t)) throw forbidden(M.transitionRefused);
      await saveServerDoc(trx, facts.id, (d) => ({ ...d, live_edit: on }));
      defer(() =>
        audit.record({
          action: TRANSITION_AUDIT[t],
          actor_user_id: actor.user.id,
          partner_id: actor.partnerId,
          target_type: 'scenario',
          target_id: facts.id,
        }),
      );
    });
    return { scenario: await detail(actor, id) };
  }

  return {
    transition,
    liveEdit,
    async take(actor: Actor, id: number) {
      await tx(async (trx, defer) => {
        const facts = await visible(actor, id, trx);
        if (facts.status === S.review && facts.reviewer_user_id !== null) throw conflict(M.alreadyTaken);
        if (isAuthorOf(scenarioActor(actor), facts)) throw forbidden(M.reviewerIsAuthor);
        if (!mayTransition(scenarioActor(actor), facts, 'take')) throw forbidden(M.transitionRefused);
        await saveServerDoc(trx, facts.id, (d) => ({ ...d, reviewer_user_id: actor.user.id }));
        // The reviewer's devices now pull this scenario; its values and comments must come along.
        await repo.restampChildren(trx, facts.id);
        defer(() =>
          audit.record({
            action: TRANSITION_AUDIT.take,
            actor_user_id: actor.user.id,
            partner_id: actor.partnerId,
            target_type: 'scenario',
            target_id: facts.id,
          }),
        );
      });
      return { scenario: await detail(actor, id) };
    },
  };
}
export type ScenarioReview = ReturnType<typeof createScenarioReview>;
