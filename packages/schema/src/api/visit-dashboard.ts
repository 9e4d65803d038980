import { defineContract } from '../api-contract';
import {
  dashboardResponseSchema,
  featuredScenariosResponseSchema,
  getUserVisitsRequestSchema,
  participantsRequestSchema,
  participantsResponseSchema,
  reportOverviewRequestSchema,
  reportOverviewResponseSchema,
  updateDashboardRequestSchema,
} from '../visit-dashboard';

/*
 * The dashboards' visit lists and the visit reports of spec 000 §7 'Dashboard and visit lists'
 * (docs/decisions/0031-visit-dashboards.md). Every call is the session user's; the service checks the role and
 * the partners the caller reaches (AUTHZ-09, AUTHZ-12). The spec's POSTs here are reads with a JSON body:
 * nothing changes, so they need no CSRF token.
 */
const tag = 'Visit dashboards';
const signedIn = { type: 'authenticated' } as const;

export const visitDashboardApi = {
  userVisits: defineContract({
    method: 'POST',
    path: '/api/visit/get-user-visits',
    tag,
    summary:
      "A page of 10 of the caller's visit lists in a role they hold here (1 learner, 2 SP, 3 observer, 5 admin, 9 client admin); user_id is ignored",
    access: signedIn,
    scope: 'partner',
    stateChanging: false,
    body: getUserVisitsRequestSchema,
    response: dashboardResponseSchema,
  }),
  updateDashboard: defineContract({
    method: 'POST',
    path: '/api/visit/update-dashboard',
    tag,
    summary: 'Every visit list from its first page with the partner and scenario filter',
    access: signedIn,
    scope: 'partner',
    stateChanging: false,
    body: updateDashboardRequestSchema,
    response: dashboardResponseSchema,
  }),
  reportOverview: defineContract({
    method: 'POST',
    path: '/api/reports/visit/overview',
    tag,
    summary: 'Pending, scheduled and completed counts and the filter options, for admins or (is_client_admin) client admins',
    access: signedIn,
    scope: 'partner',
    stateChanging: false,
    body: reportOverviewRequestSchema,
    response: reportOverviewResponseSchema,
  }),
  participants: defineContract({
    method: 'POST',
    path: '/api/reports/participants',
    tag,
    summary: 'Participants of the partners the caller administers, grouped by scenario and visit group',
    access: signedIn,
    scope: 'partner',
    stateChanging: false,
    body: participantsRequestSchema,
    response: participantsResponseSchema,
  }),
  featuredScenarios: defineContract({
    method: 'GET',
    path: '/api/dashboard/featured-scenarios',
    tag,
    summary: "Published scenarios featured at the current partner (the learner dashboard's featured scenarios)",
    access: signedIn,
    scope: 'partner',
    response: featuredScenariosResponseSchema,
  }),
};
