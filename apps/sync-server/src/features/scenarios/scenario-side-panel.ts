/**
 * The side panel's configuration (spec 001 §5–§7): distribution partners, attached users, the trainer, the
 * scorecard display and the fee. Changes need scenario.admin on an approved or published scenario and run
 * with the scenario row locked; each is audited.
 */
import { SCENARIO_MESSAGES as M, ROLE, SCORECARD_DISPLAY_OPTIONS } from '@simvisit/schema';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/types';
import { conflict, notFound, unprocessable } from '../../http/errors';
import type { Actor } from '../../platform/actor';
import { requireAny, type ScenarioContext } from './scenario-context';
import { option, toScenarioPartner, toScenarioUser } from './scenario-output';

const OPTION_ROLES = { sp: [ROLE.standardized_patient], observer: [ROLE.observer], trainer: [ROLE.trainer, ROLE.head_trainer] };

export function createScenarioSidePanel({ repo, audit, visible, configure }: ScenarioContext) {
  return {
    async partnerList(actor: Actor) {
      requireAny(actor, 'scenario.admin');
      return { partners: await repo.partnerList() };
    },
    async addPartner(actor: Actor, id: number, partnerId: number, body: { featured: number; job_number: string }) {
      return configure(actor, id, async (trx, f, defer) => {
        if (partnerId === 0 || !(await repo.partnerExists(partnerId, trx))) {
          throw unprocessable(M.selectPartner, { partner_id: [M.selectPartner] });
        }
        if (f.partner_ids.includes(partnerId)) throw conflict(M.partnerExists);
        await repo.addPartner(trx, f.id, partnerId, body.featured, body.job_number);
        defer(() =>
          audit.record({
            action: 'scenario.partner_added',
            actor_user_id: actor.user.id,
            partner_id: actor.partnerId,
            target_type: 'scenario',
            target_id: f.id,
            details: { partner_id: partnerId },
          }),
        );
        return { message: M.partnerAdded, scenario_partners: await partnersOutIn(trx, f.id) };
      });
    },
    async updatePartner(actor: Actor, id: number, body: { partner_id: number; job_number?: string; featured?: number }) {
      return configure(actor, id, async (trx, f, defer) => {
        const values = {
          ...(body.job_number !== undefined ? { job_number: body.job_number } : {}),
          ...(body.featured !== undefined ? { featured: body.featured } : {}),
        };
        if (Object.keys(values).length === 0) throw unprocessable(M.jobNumberEditRequired, { job_number: [M.jobNumberEditRequired] });
        if (!(await repo.updatePartner(trx, f.id, body.partner_id, values)))
          throw notFound('This partner is not attached to the scenario.');
        defer(() =>
          audit.record({
            action: 'scenario.partner_updated',
            actor_user_id: actor.user.id,
            partner_id: actor.partnerId,
            target_type: 'scenario',
            target_id: f.id,
            details: { partner_id: body.partner_id, ...values },
          }),
        );
        return {
          message: body.featured !== undefined && body.job_number === undefined ? M.featuredUpdated : 'Job number updated',
          scenario_partners: await partnersOutIn(trx, f.id),
        };
      });
    },
    async removePartner(actor: Actor, id: number, partnerId: number) {
      return configure(actor, id, async (trx, f, defer) => {
        if (!(await repo.removePartner(trx, f.id, partnerId))) throw notFound('This partner is not attached to the scenario.');
        defer(() =>
          audit.record({
            action: 'scenario.partner_removed',
            actor_user_id: actor.user.id,
            partner_id: actor.partnerId,
            target_type: 'scenario',
            target_id: f.id,
            details: { partner_id: partnerId },
          }),
        );
        return { message: M.partnerRemoved, scenario_partners: await partnersOutIn(trx, f.id) };
      });
    },
    async options(actor: Actor, id: number, kind: 'sp' | 'observer' | 'trainer') {
      await configure(actor, id, async () => undefined);
      return { users: (await repo.usersWithRoles(OPTION_ROLES[kind], null)).map(option) };
    },
    async addUser(actor: Actor, id: number, body: { user_id: number; role_id: number }) {
      return configure(actor, id, async (trx, f, defer) => {
        const allowed = await repo.usersWithRoles([body.role_id], null, trx);
        if (!allowed.some((u) => u.id === body.user_id)) throw unprocessable(M.userRoleMissing, { user_id: [M.userRoleMissing] });
        const current = await repo.attachedUsers(f.id, trx);
        if (current.some((u) => u.user_id === body.user_id && u.role_id === body.role_id)) throw conflict(M.userExists);
        await repo.addUser(trx, f.id, body.user_id, body.role_id);
        defer(() =>
          audit.record({
            action: 'scenario.user_added',
            actor_user_id: actor.user.id,
            partner_id: actor.partnerId,
            target_type: 'scenario',
            target_id: f.id,
            details: body,
          }),
        );
        return { message: M.userAdded, users: await usersOutIn(trx, f.id) };
      });
    },
    async removeUser(actor: Actor, id: number, userId: number, roleId: number | null) {
      return configure(actor, id, async (trx, f, defer) => {
        if (!(await repo.removeUser(trx, f.id, userId, roleId))) throw notFound('This user is not attached to the scenario.');
        defer(() =>
          audit.record({
            action: 'scenario.user_removed',
            actor_user_id: actor.user.id,
            partner_id: actor.partnerId,
            target_type: 'scenario',
            target_id: f.id,
            details: { user_id: userId, role_id: roleId },
          }),
        );
        return { message: M.userRemoved, users: await usersOutIn(trx, f.id) };
      });
    },
    async addTrainer(actor: Actor, id: number, userId: number) {
      return configure(actor, id, async (trx, f, defer) => {
        const allowed = await repo.usersWithRoles(OPTION_ROLES.trainer, null, trx);
        const trainer = allowed.find((u) => u.id === userId);
        if (!trainer) throw unprocessable(M.userRoleMissing, { user_id: [M.userRoleMissing] });
        await repo.setColumns(trx, f.id, { trainer_user_id: userId });
        defer(() =>
          audit.record({
            action: 'scenario.trainer_added',
            actor_user_id: actor.user.id,
            partner_id: actor.partnerId,
            target_type: 'scenario',
            target_id: f.id,
            details: { user_id: userId },
          }),
        );
        return { message: M.trainerAdded, trainer: option(trainer) };
      });
    },
    async scorecardDisplay(actor: Actor, id: number) {
      await visible(actor, id);
      const row = (await repo.row(String(id)))!;
      return {
        display_options: SCORECARD_DISPLAY_OPTIONS.map((o) => ({ ...o })),
        scorecard_display_type_id: row.scorecard_display_type_id,
      };
    },
    async saveScorecardDisplay(actor: Actor, id: number, typeId: number) {
      return configure(actor, id, async (trx, f, defer) => {
        await repo.setColumns(trx, f.id, { scorecard_display_type_id: typeId });
        defer(() =>
          audit.record({
            action: 'scenario.scorecard_display',
            actor_user_id: actor.user.id,
            partner_id: actor.partnerId,
            target_type: 'scenario',
            target_id: f.id,
            details: { scorecard_display_type_id: typeId },
          }),
        );
        return { message: M.displayUpdated, scorecard_display_type_id: typeId };
      });
    },
    async saveFee(actor: Actor, id: number, fee: number) {
      return configure(actor, id, async (trx, f, defer) => {
        await repo.setColumns(trx, f.id, { fee });
        defer(() =>
          audit.record({
            action: 'scenario.fee',
            actor_user_id: actor.user.id,
            partner_id: actor.partnerId,
            target_type: 'scenario',
            target_id: f.id,
            details: { fee },
          }),
        );
        return { message: M.feeUpdated, fee };
      });
    },
  };

  async function partnersOutIn(trx: Transaction<DB>, id: string) {
    return (await repo.partners(id, trx)).map(toScenarioPartner);
  }
  async function usersOutIn(trx: Transaction<DB>, id: string) {
    return (await repo.attachedUsers(id, trx)).map(toScenarioUser);
  }
}
