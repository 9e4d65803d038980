import {
  type ActivityKind,
  userManagementApi as api,
  DETAIL_PAGE_SIZE,
  type UpdateRolesRequest,
  USER_LIST_PAGE_SIZE,
} from '@simvisit/schema';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../lib/api';
import { notifyAdminCallFailure, notifySuccess } from '../../platform/notices';

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
      apiCall(api.list, {
        body: { role_id: filter.roleId, email_string: filter.email, page_start: (filter.page - 1) * USER_LIST_PAGE_SIZE },
      }),
    // The current page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function userDetailQuery(userId: number) {
  return queryOptions({
    queryKey: userManagementKeys.detail(userId),
    queryFn: () => apiCall(api.detail, { body: { user_id: userId } }),
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
function useAdminCall<V>(
  userId: number,
  call: (body: V) => Promise<{ message: string }>,
  options: { refreshList?: boolean; onSuccess?: () => void } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
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
  return useAdminCall(userId, (body: NotificationSettings & { user_id: number }) => apiCall(api.updateNotificationSettings, { body }));
}

export function useUpdatePassword(userId: number, onSuccess: () => void) {
  return useAdminCall(
    userId,
    (body: { user_id: number; password: string; password_confirmation: string }) => apiCall(api.updatePassword, { body }),
    { onSuccess },
  );
}

export function useUpdateRoles(userId: number) {
  return useAdminCall(userId, (body: UpdateRolesRequest) => apiCall(api.updateRoles, { body }), { refreshList: true });
}

/** POST api/user/activity: a later page of a user's visits, training sessions or interviews. */
export function useUserActivityPage(userId: number, kind: ActivityKind, page: number) {
  return useQuery({
    queryKey: ['user-activity', userId, kind, page],
    queryFn: () => apiCall(api.activity, { body: { user_id: userId, kind, page_start: (page - 1) * DETAIL_PAGE_SIZE } }),
    enabled: page > 1,
    placeholderData: keepPreviousData,
  });
}
