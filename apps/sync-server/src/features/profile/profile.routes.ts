import {
  authUserSchema,
  MAX_PROFILE_UPLOAD_BYTES,
  messageSchema,
  updateCustomFieldRequestSchema,
  updateFieldRequestSchema,
  updatePasswordRequestSchema,
} from '@simvisit/schema';
import { z } from 'zod';
import { fieldError, notFound } from '../../http/errors';
import { type AnyRoute, defineRoute } from '../../http/route';

const fieldParam = z.object({ field: z.string().max(64) });

export const profileRoutes: AnyRoute[] = [
  defineRoute({
    method: 'PATCH',
    path: '/api/auth/user/update-field/:field',
    tag: 'Profile',
    summary: 'Change one allowlisted field of the caller’s profile (email needs current_password)',
    access: { type: 'authenticated' },
    scope: 'self',
    params: fieldParam,
    body: updateFieldRequestSchema,
    response: z.object({ message: z.string(), field: z.string(), value: z.unknown(), user: authUserSchema }),
    handler: async ({ c, params, body }) => {
      const { services } = c.var;
      const value = await services.profile.updateField(c.var.user!, params.field, body.value, body.current_password);
      const fresh = (await services.users.byId(c.var.user!.id))!;
      return { message: 'Profile updated.', field: params.field, value, user: await services.users.selfView(fresh) };
    },
  }),
  defineRoute({
    method: 'PATCH',
    path: '/api/auth/user/update-custom-field/:field',
    tag: 'Profile',
    summary: 'Answer a registration field of the caller’s partner',
    access: { type: 'authenticated' },
    scope: 'partner',
    params: z.object({ field: z.coerce.number().int().positive() }),
    body: updateCustomFieldRequestSchema,
    response: z.object({ message: z.string(), field_value: z.string().nullable() }),
    handler: async ({ c, params, body }) => ({
      message: 'Profile updated.',
      field_value: await c.var.services.profile.updateCustomField(
        c.var.user!,
        c.var.session?.partner_id ?? null,
        body.registration_field_id ?? params.field,
        body.value,
      ),
    }),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/auth/user/update-password',
    tag: 'Profile',
    summary: 'Change the caller’s password (needs the current one)',
    access: { type: 'authenticated' },
    scope: 'self',
    body: updatePasswordRequestSchema,
    response: messageSchema,
    handler: async ({ c, body }) => {
      await c.var.services.profile.updatePassword(c.var.user!, c.var.session!.id, body.current_password, body.password);
      return { message: 'Password updated.' };
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/api/auth/user/update-profile-image',
    tag: 'Profile',
    summary: 'Upload the cropped profile image (multipart field "image"); stored as a 300x300 PNG',
    access: { type: 'authenticated' },
    scope: 'self',
    json: false,
    response: z.object({ message: z.string(), image: z.string() }),
    handler: async ({ c }) => {
      const type = c.req.header('content-type') ?? '';
      if (!type.startsWith('multipart/form-data')) throw fieldError('image', 'Please choose an image to upload.');
      const form = await c.req.parseBody();
      const file = form.image;
      if (!(file instanceof File)) throw fieldError('image', 'Please choose an image to upload.');
      if (file.size > MAX_PROFILE_UPLOAD_BYTES) throw fieldError('image', 'The image may not be larger than 5 MB.');
      const image = await c.var.services.profile.updateImage(c.var.user!, Buffer.from(await file.arrayBuffer()));
      return { message: 'Profile image updated.', image };
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/files/profile-images/:name',
    tag: 'Profile',
    summary: 'A profile image (signed-in users only)',
    access: { type: 'authenticated' },
    scope: 'none',
    params: z.object({ name: z.string().regex(/^[0-9a-f-]{36}\.png$/) }),
    handler: async ({ c, params }) => {
      const data = await c.var.services.profile.profileImage(params.name);
      if (!data) throw notFound();
      return c.body(new Uint8Array(data), 200, {
        'content-type': 'image/png',
        'content-security-policy': "sandbox; default-src 'none'",
        'cache-control': 'private, max-age=86400',
      });
    },
  }),
];
