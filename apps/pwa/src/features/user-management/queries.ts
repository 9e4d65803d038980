import {
  type ActivityKind,
  DETAIL_PAGE_SIZE,
  messageSchema,
  type UpdateRolesRequest,
  USER_LIST_PAGE_SIZE,
  userActivityResponseSchema,
  userListResponseSchema,
} from '@simvisit/schema';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import { notifyAdminCallFailure, notifySuccess } from '../../lib/notices';
import { userDetailResponseSchema } from './types';

export const userManagementKeys = {
  all: ['user-management'] as const,
  lists: () => [...userManagementKeys.all, 'list'] as const,
  list: (filter: UserListFilter) => [...userManagementKeys.lists(), filter] as const,
  detail: (userId: number) => [...userManagementKeys.all, 'user', userId] as const,
};

export interface UserListFilter {
  roleId: number;
  email: string;
  /** 1-based page of USER_LIST_PAGE_SIZE users. */
  page: number;
}

/** POST api/user/management: one page of the users the caller administers. */
export function useUserList(filter: UserListFilter) {
  return useQuery({
    queryKey: userManagementKeys.list(filter),
    queryFn: () =>
      apiRequest('/api/user/management', {
        method: 'POST',
        body: { role_id: filter.roleId, email_string: filter.email, page_start: (filter.page - 1) * USER_LIST_PAGE_SIZE },
        schema: userListResponseSchema,
      }),
    // The current page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function userDetailQuery(userId: number) {
  return queryOptions({
    queryKey: userManagementKeys.detail(userId),
    queryFn: () => apiRequest('/api/user/manage', { method: 'POST', body: { user_id: userId }, schema: userDetailResponseSchema }),
    // Auto-login links in the answer are single-use and short-lived: never show a stale copy.
    staleTime: 0,
  });
}

/** POST api/user/manage: the user's detail, roles and activity (404 outside the caller's scope). */
export function useUserDetail(userId: number) {
  return useQuery(userDetailQuery(userId));
}

/**
 * A state-changing admin call of the detail page: the server's message as a success notice, the admin-call
 * notification of spec 000 §8 on failure, and the detail loaded again afterwards.
 */
function useAdminCall<V>(userId: number, path: string, options: { refreshList?: boolean; onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: V) => apiRequest(path, { method: 'POST', body, schema: messageSchema }),
    onSuccess: ({ message }) => {
      notifySuccess(message);
      options.onSuccess?.();
    },
    onError: notifyAdminCallFailure,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: userManagementKeys.detail(userId) });
      if (options.refreshList) await queryClient.invalidateQueries({ queryKey: userManagementKeys.lists() });
    },
  });
}

export interface NotificationSettings {
  enable_email: boolean;
  enable_sms: boolean;
  enable_autologin: boolean;
}

export function useUpdateNotificationSettings(userId: number) {
  return useAdminCall<NotificationSettings & { user_id: number }>(userId, '/api/user/update-notification-settings');
}

export function useUpdatePassword(userId: number, onSuccess: () => void) {
  return useAdminCall<{ user_id: number; password: string; password_confirmation: string }>(userId, '/api/user/update-password', {
    onSuccess,
  });
}

export function useUpdateRoles(userId: number) {
  return useAdminCall<UpdateRolesRequest>(userId, '/api/user/update-roles', { refreshList: true });
}

/** POST api/user/activity: a later page of a user's visits, training sessions or interviews. */
export function useUserActivityPage(userId: number, kind: ActivityKind, page: number) {
  return useQuery({
    queryKey: ['user-activity', userId, kind, page],
    queryFn: () =>
      apiRequest('/api/user/activity', {
        method: 'POST',
        body: { user_id: userId, kind, page_start: (page - 1) * DETAIL_PAGE_SIZE },
        schema: userActivityResponseSchema,
      }),
    enabled: page > 1,
    placeholderData: keepPreviousData,
  });
}
