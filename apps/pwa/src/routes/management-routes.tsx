import { createRoute } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { ErrorPage } from '../features/errors/ErrorPage';
import { UserDetailPage } from '../features/user-management/UserDetailPage';
import { UserListPage, type UserListSearch } from '../features/user-management/UserListPage';
import { stringParam } from '../lib/search-params';
import { signedInLayoutRoute } from './layouts';

/** A search value as text: the router reads "?role=2" as the number 2 (and "true" as a boolean). */
function textParam(value: unknown): string | undefined {
  if ((typeof value === 'number' && Number.isFinite(value)) || typeof value === 'boolean') return String(value);
  return stringParam(value);
}

/** management.users (spec 000 §2.14); the list needs user.view_list, else the 403 page (spec 000 §4). */
export const managementUsersRoute = createRoute({
  getParentRoute: () => signedInLayoutRoute,
  path: 'management/users',
  staticData: { permission: 'user.view_list' },
  validateSearch: (search: Record<string, unknown>): UserListSearch => ({
    role: textParam(search.role),
    email: textParam(search.email),
    page: textParam(search.page),
  }),
  component: ManagementUsersRoute,
});

function ManagementUsersRoute(): ReactElement {
  const navigate = managementUsersRoute.useNavigate();
  return <UserListPage search={managementUsersRoute.useSearch()} onSearchChange={(search) => void navigate({ search })} />;
}

/** management.user (user_id), behind the same permission. */
export const managementUserRoute = createRoute({
  getParentRoute: () => signedInLayoutRoute,
  path: 'management/user/$user_id',
  staticData: { permission: 'user.view_list' },
  component: ManagementUserRoute,
});

function ManagementUserRoute(): ReactElement {
  const { user_id } = managementUserRoute.useParams();
  const id = Number(user_id);
  if (!Number.isInteger(id) || id <= 0) return <ErrorPage code="404" />;
  // A new user starts with fresh forms.
  return <UserDetailPage key={id} userId={id} />;
}

export const managementRoutes = [managementUsersRoute, managementUserRoute] as const;
