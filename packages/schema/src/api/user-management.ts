import { ACCESS } from '../api-access';
import { defineContract } from '../api-contract';
import { messageSchema } from '../errors';
import {
  adminPasswordRequestSchema,
  notificationSettingsRequestSchema,
  updateRolesRequestSchema,
  userActivityRequestSchema,
  userActivityResponseSchema,
  userDetailRequestSchema,
  userDetailResponseSchema,
  userFileParamsSchema,
  userListRequestSchema,
  userListResponseSchema,
} from '../user-management';

/*
 * User management of spec 000 §3 and §9: the permission is checked at the current partner, the service checks
 * that the caller administers the user (AUTHZ-09). The spec makes its reads POSTs, which need the CSRF header.
 */
const tag = 'User management';
const viewList = ACCESS.userViewList;
const edit = { type: 'permission', permission: 'user.edit' } as const;

export const userManagementApi = {
  list: defineContract({
    method: 'POST',
    path: '/api/user/management',
    tag,
    summary: 'Users the caller administers, filtered by role (0 all, 99 super admins) and email, 20 a page',
    access: viewList,
    scope: 'partner',
    body: userListRequestSchema,
    response: userListResponseSchema,
  }),
  detail: defineContract({
    method: 'POST',
    path: '/api/user/manage',
    tag,
    summary: 'One user the caller administers, with partners (auto-login links), roles and activity',
    access: viewList,
    scope: 'object',
    body: userDetailRequestSchema,
    response: userDetailResponseSchema,
  }),
  activity: defineContract({
    method: 'POST',
    path: '/api/user/activity',
    tag,
    summary: "A page of a user's visits, training sessions or interviews (10 a page)",
    access: viewList,
    scope: 'object',
    body: userActivityRequestSchema,
    response: userActivityResponseSchema,
  }),
  updateNotificationSettings: defineContract({
    method: 'POST',
    path: '/api/user/update-notification-settings',
    tag,
    summary: "Change another user's email, SMS and auto-login settings",
    access: edit,
    scope: 'object',
    body: notificationSettingsRequestSchema,
    response: messageSchema,
  }),
  updatePassword: defineContract({
    method: 'POST',
    path: '/api/user/update-password',
    tag,
    summary: "Set another user's password (8 characters, matching confirmation)",
    access: edit,
    scope: 'object',
    body: adminPasswordRequestSchema,
    response: messageSchema,
  }),
  updateRoles: defineContract({
    method: 'POST',
    path: '/api/user/update-roles',
    tag,
    summary: "Change another user's roles, pay rates and client-admin partners",
    access: { type: 'permission', permission: 'user_role.edit' },
    scope: 'object',
    body: updateRolesRequestSchema,
    response: messageSchema,
  }),
  /** Answers the file itself (PDF, PNG or JPEG as an attachment), not JSON. */
  privateFile: defineContract({
    method: 'GET',
    path: '/api/user/:user_id/:kind',
    tag,
    summary: "Download a user's resume or headshot (the user, or an admin of theirs)",
    access: { type: 'authenticated' },
    scope: 'object',
    params: userFileParamsSchema,
  }),
  /**
   * The landing of a mailed or copied link, followed by the browser rather than called: it answers a redirect
   * (to the dashboard, or to the login page when the link is used up or expired).
   */
  autoLogin: defineContract({
    method: 'GET',
    path: '/auto-login/:token',
    tag: 'Auth',
    summary: 'Follow a single-use auto-login link (signs in, then redirects to the dashboard)',
    access: { type: 'public' },
    scope: 'none',
  }),
};
