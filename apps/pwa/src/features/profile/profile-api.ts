import {
  type AuthUser,
  authUserSchema,
  messageSchema,
  type ProfileField,
  type updateCustomFieldRequestSchema,
  type updateFieldRequestSchema,
  type updatePasswordRequestSchema,
} from '@simvisit/schema';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { z } from 'zod';
import { apiRequest, apiUpload } from '../../lib/api';
import { refreshSession, type Session, sessionQuery, setSession } from '../auth/session';

/**
 * The profile calls of spec 000 §7 (PATCH update-field and update-custom-field, POST update-password and
 * update-profile-image). Request bodies are typed by the shared schemas; answers are checked against the
 * shared user schema the server answers with.
 */

const updateFieldResponseSchema = messageSchema.extend({ field: z.string(), value: z.unknown(), user: authUserSchema });
const updateCustomFieldResponseSchema = messageSchema.extend({ field_value: z.string().nullable() });
const profileImageResponseSchema = messageSchema.extend({ image: z.string() });

type UpdateFieldBody = z.input<typeof updateFieldRequestSchema>;
type UpdateCustomFieldBody = z.input<typeof updateCustomFieldRequestSchema>;
type UpdatePasswordBody = z.input<typeof updatePasswordRequestSchema>;

export function updateField(field: ProfileField, body: UpdateFieldBody) {
  return apiRequest(`/api/auth/user/update-field/${field}`, { method: 'PATCH', body, schema: updateFieldResponseSchema });
}

export function updateCustomField(registrationFieldId: number, value: UpdateCustomFieldBody['value']) {
  const body: UpdateCustomFieldBody = { registration_field_id: registrationFieldId, value };
  return apiRequest(`/api/auth/user/update-custom-field/${registrationFieldId}`, {
    method: 'PATCH',
    body,
    schema: updateCustomFieldResponseSchema,
  });
}

export function updatePassword(body: UpdatePasswordBody) {
  return apiRequest('/api/auth/user/update-password', { method: 'POST', body, schema: messageSchema });
}

/** The cropped 300x300 PNG as the multipart field "image". */
export function uploadProfileImage(png: Blob) {
  const form = new FormData();
  form.append('image', png, 'profile.png');
  return apiUpload('/api/auth/user/update-profile-image', form, profileImageResponseSchema);
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
