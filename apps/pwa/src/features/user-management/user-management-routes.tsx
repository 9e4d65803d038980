import { ACCESS } from '@simvisit/schema';
import { createRoute } from '@tanstack/react-router';
import { stringParam } from '../../lib/search-params';
import { signedInLayoutRoute } from '../../platform/shell';
import type { UserListSearch } from './UserListPage';

/** A search value as text: the router reads "?role=2" as the number 2 (and "true" as a boolean). */
function textParam(value: unknown): string | undefined {
  if ((typeof value === 'number' && Number.isFinite(value)) || typeof value === 'boolean') return String(value);
  return stringParam(value);
}

/** management.users (spec 000 §2.14); the list needs user.view_list, else the 403 page (spec 000 §4). */
export const managementUsersRoute = createRoute({
  getParentRoute: () => signedInLayoutRoute,
  path: 'management/users',
  staticData: { access: ACCESS.userViewList },
  validateSearch: (search: Record<string, unknown>): UserListSearch => ({
    role: textParam(search.role),
    email: textParam(search.email),
    page: textParam(search.page),
  }),
}).lazy(() => import('./user-management-routes.lazy').then((d) => d.managementUsersLazyRoute));

/** management.user (user_id), behind the same permission. */
export const managementUserRoute = createRoute({
  getParentRoute: () => signedInLayoutRoute,
  path: 'management/user/$user_id',
  staticData: { access: ACCESS.userViewList },
}).lazy(() => import('./user-management-routes.lazy').then((d) => d.managementUserLazyRoute));

export const userManagementRoutes = { signedIn: [managementUsersRoute, managementUserRoute] };
