import {
  type AuthUser,
  type ProfileField,
  profileApi,
  type updateCustomFieldRequestSchema,
  type updateFieldRequestSchema,
  type updatePasswordRequestSchema,
} from '@simvisit/schema';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { z } from 'zod';
import { apiCall, apiUploadCall } from '../../lib/api';
import { refreshSession, type Session, sessionQuery, setSession } from '../../platform/session';

/**
 * The profile calls of spec 000 §7 (PATCH update-field and update-custom-field, POST update-password and
 * update-profile-image) through their contracts (packages/schema/src/api/profile.ts).
 */

type UpdateFieldBody = z.input<typeof updateFieldRequestSchema>;
type UpdateCustomFieldBody = z.input<typeof updateCustomFieldRequestSchema>;
type UpdatePasswordBody = z.input<typeof updatePasswordRequestSchema>;

export function updateField(field: ProfileField, body: UpdateFieldBody) {
  return apiCall(profileApi.updateField, { params: { field }, body });
}

export function updateCustomField(registrationFieldId: number, value: UpdateCustomFieldBody['value']) {
  const body: UpdateCustomFieldBody = { registration_field_id: registrationFieldId, value };
  return apiCall(profileApi.updateCustomField, { params: { field: registrationFieldId }, body });
}

export function updatePassword(body: UpdatePasswordBody) {
  return apiCall(profileApi.updatePassword, { body });
}

/** The cropped 300x300 PNG as the multipart field "image". */
export function uploadProfileImage(png: Blob) {
  const form = new FormData();
  form.append('image', png, 'profile.png');
  return apiUploadCall(profileApi.updateImage, form);
}

/**
 * Keeps the signed-in session (top bar, this page, the copy saved for offline use) in step with a save:
 * `applyUser` takes the user the server answered with, `patchUser` changes part of it, `refresh` reloads
 * api/auth/user.
 */
export function useSessionUpdater() {
  const queryClient = useQueryClient();
  const apply = useCallback(
    (change: (session: Session) => Session) => {
      const current = queryClient.getQueryData(sessionQuery.queryKey);
      if (current) setSession(queryClient, change(current));
    },
    [queryClient],
  );
  return {
    applyUser: useCallback((user: AuthUser) => apply((s) => ({ ...s, user })), [apply]),
    patchUser: useCallback((patch: Partial<AuthUser>) => apply((s) => ({ ...s, user: { ...s.user, ...patch } })), [apply]),
    refresh: useCallback(() => refreshSession(queryClient), [queryClient]),
  };
}
