import { profileApi as api, MAX_PROFILE_UPLOAD_BYTES, TIME_ZONE_MESSAGES, timeZoneApi } from '@simvisit/schema';
import { selfUserOf } from '../../http/actor';
import { fieldError, notFound } from '../../http/errors';
import { readMultipart } from '../../http/multipart';
import { type AnyRoute, implement } from '../../http/route';
import { uploadResponse } from '../../http/upload-response';

/** The caller's own profile (contracts in packages/schema/src/api/profile.ts). */
export const profileRoutes: AnyRoute[] = [
  implement(api.updateField, async ({ c, params, body }) => {
    const { services } = c.var;
    const value = await services.profile.updateField(c.var.user!, params.field, body.value, body.current_password);
    const fresh = (await services.users.byId(c.var.user!.id))!;
    return { message: 'Profile updated.', field: params.field, value, user: await selfUserOf(c, fresh) };
  }),
  implement(timeZoneApi.set, async ({ c, body }) => {
    const { services } = c.var;
    const value = await services.profile.setTimeZone(c.var.user!, body.timezone);
    const fresh = (await services.users.byId(c.var.user!.id))!;
    return { message: TIME_ZONE_MESSAGES.updated, field: 'timezone_id', value, user: await selfUserOf(c, fresh) };
  }),
  implement(api.updateCustomField, async ({ c, params, body }) => ({
    message: 'Profile updated.',
    field_value: await c.var.services.profile.updateCustomField(
      c.var.user!,
      c.var.session?.partner_id ?? null,
      body.registration_field_id ?? params.field,
      body.value,
    ),
  })),
  implement(api.updatePassword, async ({ c, body }) => {
    await c.var.services.profile.updatePassword(c.var.user!, c.var.session!.id, body.current_password, body.password);
    return { message: 'Password updated.' };
  }),
  implement(api.updateImage, async ({ c }) => {
    const form = await readMultipart(c, { notMultipart: () => fieldError('image', 'Please choose an image to upload.') });
    const file = form.image;
    if (!(file instanceof File)) throw fieldError('image', 'Please choose an image to upload.');
    if (file.size > MAX_PROFILE_UPLOAD_BYTES) throw fieldError('image', 'The image may not be larger than 5 MB.');
    const image = await c.var.services.profile.updateImage(c.var.user!, Buffer.from(await file.arrayBuffer()));
    return { message: 'Profile image updated.', image };
  }),
  implement(api.image, async ({ c, params }) => {
    const data = await c.var.services.profile.profileImage(params.name);
    if (!data) throw notFound();
    return uploadResponse(c, data, { contentType: 'image/png', cache: 'private, max-age=86400' });
  }),
];
