/** The scenario lists of the dashboards (spec 001 §2): the tabs, the author's and reviewer's boards, a partner's. */
import { SCENARIO_STATUS as S } from '@simvisit/schema';
import { forbidden } from '../../http/errors';
import type { Actor } from '../../platform/actor';
import { has, requireAny, seesFeeOnCards } from './scenario-context';
import { card } from './scenario-output';
import type { ListFilter, ScenariosRepository } from './scenarios.repository';

export function createScenarioLists({ repo }: { repo: ScenariosRepository }) {
  async function listFor(page: number, filter: ListFilter, actor: Actor) {
    const { rows, total } = await repo.page(filter, page);
    const fee = seesFeeOnCards(actor);
    return { scenarios: rows.map((r) => card(r, { fee })), total, page, per_page: 10 };
  }

  return {
    async published(actor: Actor, page: number) {
      const seesAll = has(actor, 'scenario.admin') || has(actor, 'scenario.review') || has(actor, 'training_session.schedule');
      return listFor(page, seesAll ? { kind: 'status', status: S.published } : { kind: 'catalogue', partnerId: actor.partnerId }, actor);
    },
    async tab(actor: Actor, tab: 'my-scenarios' | 'need-review' | 'in-review' | 'approved' | 'archived', page: number) {
      const admin = has(actor, 'scenario.admin');
      const reviewer = has(actor, 'scenario.review');
      const trainer = has(actor, 'training_session.schedule');
      // A plain author sees the same six tabs (spec 001 §2) holding their own scenarios in each status.
      const authorOnly = !admin && !reviewer && !trainer && has(actor, 'scenario.create');
      const own = authorOnly ? { author: actor.user.id } : {};
      if (tab === 'my-scenarios') {
        requireAny(actor, 'scenario.create', 'scenario.admin', 'scenario.review');
        return listFor(page, { kind: 'author', author: actor.user.id }, actor);
      }
      if (!admin && !reviewer && !trainer && !authorOnly) throw forbidden();
      switch (tab) {
        case 'need-review':
          if (trainer && !admin && !reviewer) throw forbidden();
          return listFor(
            page,
            {
              kind: 'status',
              status: S.review,
              reviewer: 'none',
              ...own,
              ...(admin || authorOnly ? {} : { notAuthor: actor.user.id }),
            },
            actor,
          );
        case 'in-review':
          if (trainer && !admin && !reviewer) throw forbidden();
          return listFor(
            page,
            { kind: 'status', status: S.review, reviewer: admin || authorOnly ? 'assigned' : actor.user.id, ...own },
            actor,
          );
        case 'approved':
          return listFor(
            page,
            {
              kind: 'status',
              status: S.approved,
              ...own,
              ...(admin || trainer || authorOnly ? {} : { reviewer: actor.user.id }),
            },
            actor,
          );
        case 'archived':
          return listFor(
            page,
            {
              kind: 'status',
              status: S.archived,
              ...own,
              ...(admin || trainer || authorOnly ? {} : { reviewer: actor.user.id }),
            },
            actor,
          );
      }
    },
    async authoring(actor: Actor) {
      requireAny(actor, 'scenario.create', 'scenario.admin');
      const mine = (status: number) => repo.all({ kind: 'status', status, author: actor.user.id });
      const [d, r, e, a] = await Promise.all([mine(S.draft), mine(S.review), mine(S.editing), mine(S.approved)]);
      return {
        scenario_drafts: d.map((r) => card(r)),
        scenario_reviews: r.map((r) => card(r)),
        scenario_edits: e.map((r) => card(r)),
        scenario_approved: a.map((r) => card(r)),
      };
    },
    async reviewing(actor: Actor) {
      requireAny(actor, 'scenario.review', 'scenario.admin');
      const me = actor.user.id;
      const [a, e, r, n] = await Promise.all([
        repo.all({ kind: 'status', status: S.approved, reviewer: me }),
        repo.all({ kind: 'status', status: S.editing, reviewer: me }),
        repo.all({ kind: 'status', status: S.review, reviewer: me }),
        repo.all({ kind: 'status', status: S.review, reviewer: 'none', notAuthor: me }),
      ]);
      return {
        scenario_approved: a.map((r) => card(r)),
        scenarios_in_edit: e.map((r) => card(r)),
        scenarios_in_review: r.map((r) => card(r)),
        scenarios_needing_review: n.map((r) => card(r)),
      };
    },
    async ofPartner(actor: Actor, partnerId: number) {
      const allowed =
        has(actor, 'scenario.admin') || (await repo.administersPartner(actor.user.id, partnerId)) || actor.partnerId === partnerId;
      if (!allowed) throw forbidden();
      return { scenarios: (await repo.all({ kind: 'partner', partnerId })).map((r) => card(r)) };
    },
  };
}
