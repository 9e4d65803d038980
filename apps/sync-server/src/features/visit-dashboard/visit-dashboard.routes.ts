import { visitDashboardApi as api } from '@simvisit/schema';
import { actorOf } from '../../http/actor';
import { type AnyRoute, implement } from '../../http/route';

/** The dashboards' visit lists and reports (contracts in packages/schema/src/api/visit-dashboard.ts). */
export const visitDashboardRoutes: AnyRoute[] = [
  implement(api.userVisits, async ({ c, body }) => c.var.services.visitDashboard.getUserVisits(await actorOf(c), body)),
  implement(api.updateDashboard, async ({ c, body }) => c.var.services.visitDashboard.updateDashboard(await actorOf(c), body)),
  implement(api.reportOverview, async ({ c, body }) => c.var.services.visitDashboard.overview(await actorOf(c), body)),
  implement(api.participants, async ({ c, body }) => c.var.services.visitDashboard.participants(await actorOf(c), body)),
  implement(api.featuredScenarios, async ({ c }) => c.var.services.visitDashboard.featured(await actorOf(c))),
];
