import {
  type ProfileField,
  profileApi,
  type updateCustomFieldRequestSchema,
  type updateFieldRequestSchema,
  type updatePasswordRequestSchema,
} from '@simvisit/schema';
import type { z } from 'zod';
import { apiCall, apiUploadCall } from '../../lib/api';

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
