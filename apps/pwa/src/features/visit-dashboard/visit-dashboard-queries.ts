import {
  type DashboardResponse,
  dashboardResponseSchema,
  featuredScenariosResponseSchema,
  type ParticipantStatus,
  pageStartOf,
  VISIT_DASHBOARD_MESSAGES,
  type VisitListRole,
  type VisitListSection,
  visitDashboardApi,
} from '@simvisit/schema';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiCall, isApiError } from '../../lib/api';
import { savedOnDevice, writeCached } from '../../lib/offline-cache';
import { notifyFailure } from '../../platform/notices';
import { useSignedInSession } from '../../platform/session';
import { type DashboardFilter, NO_FILTER, visitDashboardKeys } from './visit-dashboard-keys';

export { type DashboardFilter, NO_FILTER, visitDashboardKeys };

/**
 * The dashboards' visit calls (docs/decisions/0031). Lists are kept on the device per user and partner, so an
 * SP or observer opening the dashboard on a tablet without a network still finds the visits to score.
 */

function useOwner() {
  const session = useSignedInSession();
  return { userId: session.user.id, partnerId: session.partner?.id ?? null };
}

const deviceKey = (userId: number, key: readonly unknown[]) => `user:${userId}:${key.join(':')}`;

/** A failed dashboard load is only logged (spec 000 §8). */
function useLogFailure(error: unknown, what: string) {
  useEffect(() => {
    if (error && !(isApiError(error) && error.sessionEnded)) console.error(`Loading ${what} failed`, error);
  }, [error, what]);
}

/**
 * POST api/visit/get-user-visits for one section, one page of 10. `cursor` (from the page shown before, see
 * `cursorFor`) lets the server read the page by key (decision 0092); page 1 needs none.
 */
export function useVisitSection(
  role: VisitListRole,
  section: VisitListSection,
  page: number,
  filter: DashboardFilter,
  cursor: string | null,
) {
  const { userId, partnerId } = useOwner();
  const queryKey = visitDashboardKeys.section(partnerId, role, section, page, filter, cursor);
  const query = useQuery({
    queryKey,
    queryFn: () =>
      savedOnDevice(deviceKey(userId, queryKey), dashboardResponseSchema, () =>
        apiCall(visitDashboardApi.userVisits, {
          body: { role_id: role, page_start: pageStartOf(page), type: section, ...filter, ...(cursor ? { cursor } : {}) },
        }),
      ),
    placeholderData: keepPreviousData,
  });
  useLogFailure(query.error, `the ${section} visits`);
  return query;
}

/**
 * POST api/visit/update-dashboard: every list from its first page with the new filter. The answer fills the
 * first page of each section, so the lists change at once.
 */
export function useUpdateDashboard(role: VisitListRole, onApplied: (filter: DashboardFilter) => void) {
  const { userId, partnerId } = useOwner();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (filter: DashboardFilter) =>
      apiCall(visitDashboardApi.updateDashboard, { body: { role_id: role, page_start: 0, type: 'all', ...filter } }),
    onSuccess: (answer: DashboardResponse, filter) => {
      for (const section of ['requests', 'scheduled', 'completed', 'canceled'] as const) {
        const key = visitDashboardKeys.section(partnerId, role, section, 1, filter);
        writeCached(deviceKey(userId, key), answer);
        queryClient.setQueryData(key, { value: answer, fromDevice: false });
      }
      onApplied(filter);
    },
    onError: (error) => notifyFailure(VISIT_DASHBOARD_MESSAGES.reportError, error),
  });
}

/** POST api/reports/visit/overview: the visit stats and the filter's options. */
export function useReportOverview(clientAdmin: boolean, filter: DashboardFilter) {
  const { partnerId } = useOwner();
  const query = useQuery({
    queryKey: visitDashboardKeys.overview(partnerId, clientAdmin, filter),
    queryFn: () => apiCall(visitDashboardApi.reportOverview, { body: { ...filter, is_client_admin: clientAdmin } }),
    placeholderData: keepPreviousData,
  });
  useLogFailure(query.error, 'the visit stats');
  return query;
}

/** POST api/reports/participants: the client admin's visit report. */
export function useParticipants(filter: DashboardFilter, status: ParticipantStatus) {
  const { partnerId } = useOwner();
  const query = useQuery({
    queryKey: visitDashboardKeys.participants(partnerId, filter, status),
    queryFn: () => apiCall(visitDashboardApi.participants, { body: { ...filter, status } }),
    placeholderData: keepPreviousData,
  });
  const { error } = query;
  useEffect(() => {
    if (error) notifyFailure(VISIT_DASHBOARD_MESSAGES.participantsError, error);
  }, [error]);
  return query;
}

/** GET api/dashboard/featured-scenarios */
export function useFeaturedScenarios() {
  const { userId, partnerId } = useOwner();
  const queryKey = visitDashboardKeys.featured(partnerId);
  const query = useQuery({
    queryKey,
    queryFn: () =>
      savedOnDevice(deviceKey(userId, queryKey), featuredScenariosResponseSchema, () => apiCall(visitDashboardApi.featuredScenarios)),
  });
  useLogFailure(query.error, 'the featured scenarios');
  return query;
}
