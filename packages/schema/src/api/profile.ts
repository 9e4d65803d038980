import { defineContract, uploadBodyLimit } from '../api-contract';
import { messageSchema } from '../errors';
import {
  customFieldParamsSchema,
  MAX_PROFILE_UPLOAD_BYTES,
  profileFieldParamsSchema,
  profileImageParamsSchema,
  profileImageResponseSchema,
  updateCustomFieldRequestSchema,
  updateCustomFieldResponseSchema,
  updateFieldRequestSchema,
  updateFieldResponseSchema,
  updatePasswordRequestSchema,
} from '../profile';

/** The caller's own profile (spec 000 §3, §7): fields one at a time, password, profile image. */
const tag = 'Profile';
const signedIn = { type: 'authenticated' } as const;

export const profileApi = {
  updateField: defineContract({
    method: 'PATCH',
    path: '/api/auth/user/update-field/:field',
    tag,
    summary: 'Change one allowlisted field of the caller’s profile (email needs current_password)',
    access: signedIn,
    scope: 'self',
    params: profileFieldParamsSchema,
    body: updateFieldRequestSchema,
    response: updateFieldResponseSchema,
  }),
  updateCustomField: defineContract({
    method: 'PATCH',
    path: '/api/auth/user/update-custom-field/:field',
    tag,
    summary: 'Answer a registration field of the caller’s partner',
    access: signedIn,
    scope: 'partner',
    params: customFieldParamsSchema,
    body: updateCustomFieldRequestSchema,
    response: updateCustomFieldResponseSchema,
  }),
  updatePassword: defineContract({
    method: 'POST',
    path: '/api/auth/user/update-password',
    tag,
    summary: 'Change the caller’s password (needs the current one)',
    access: signedIn,
    scope: 'self',
    body: updatePasswordRequestSchema,
    response: messageSchema,
  }),
  /** A multipart body, read by the handler itself (size and type checks there). */
  updateImage: defineContract({
    method: 'POST',
    path: '/api/auth/user/update-profile-image',
    tag,
    summary: 'Upload the cropped profile image (multipart field "image"); stored as a 300x300 PNG',
    access: signedIn,
    scope: 'self',
    json: false,
    bodyLimit: uploadBodyLimit(MAX_PROFILE_UPLOAD_BYTES),
    response: profileImageResponseSchema,
  }),
  /** Answers the PNG itself, not JSON; the PWA shows it in an <img>. */
  image: defineContract({
    method: 'GET',
    path: '/api/files/profile-images/:name',
    tag,
    summary: 'A profile image (signed-in users only)',
    access: signedIn,
    scope: 'none',
    params: profileImageParamsSchema,
  }),
};
