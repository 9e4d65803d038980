/** The visit's people (spec 002 §7): its observers and moving it to another SP of the scenario. */
import { fullName, manageObserversRefusal, transferRefusal, VISIT_MESSAGES, VISIT_REFUSALS, type VisitRuleFacts } from '@simvisit/schema';
import { conflict, unprocessable } from '../../http/errors';
import type { Actor } from '../../platform/actor';
import { clock } from '../../platform/clock';
import type { VisitContext } from './visit-context';

export function createVisitStaffing({ repo, facts, load, check, change, fresh, event }: VisitContext) {
  const toPerson = (p: { id: number; first_name: string; last_name: string; email: string }) => ({
    id: p.id,
    name: fullName(p),
    email: p.email,
  });

  return {
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
  };
}
