import { createLazyRoute } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { ErrorPage } from '../../platform/errors';
import { UserDetailPage } from './UserDetailPage';
import { UserListPage } from './UserListPage';

export const managementUsersLazyRoute = createLazyRoute('/signed-in/management/users')({ component: ManagementUsersRoute });

function ManagementUsersRoute(): ReactElement {
  const navigate = managementUsersLazyRoute.useNavigate();
  return <UserListPage search={managementUsersLazyRoute.useSearch()} onSearchChange={(search) => void navigate({ search })} />;
}

export const managementUserLazyRoute = createLazyRoute('/signed-in/management/user/$user_id')({ component: ManagementUserRoute });

function ManagementUserRoute(): ReactElement {
  const { user_id } = managementUserLazyRoute.useParams();
  const id = Number(user_id);
  if (!Number.isInteger(id) || id <= 0) return <ErrorPage code="404" />;
  // A new user starts with fresh forms.
  return <UserDetailPage key={id} userId={id} />;
}
