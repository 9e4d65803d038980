import {
  socialPostsApi as api,
  fieldErrors,
  firstMessage,
  SOCIAL_IMAGE_MAX_BYTES,
  SOCIAL_MESSAGES,
  socialPostFieldsSchema,
  socialPostUpdateFieldsSchema,
} from '@simvisit/schema';
import type { Context } from 'hono';
import { z } from 'zod';
import { actorOf } from '../../http/actor';
import type { AppEnv } from '../../http/app-env';
import { fieldError, notFound, unprocessable } from '../../http/errors';
import { readMultipart } from '../../http/multipart';
import { type AnyRoute, implement } from '../../http/route';
import { uploadResponse } from '../../http/upload-response';

/**
 * Reads a multipart form of save or update: the text fields through the shared schema (422 with the spec's
 * words), the optional image "file" as bytes with the 5 MB limit checked before it is read into memory twice.
 */
async function readPostForm<S extends z.core.$ZodType>(
  c: Context<AppEnv>,
  schema: S,
): Promise<{ fields: z.infer<S>; file: Buffer | null }> {
  const form = await readMultipart(c, { all: true });
  const text = (key: string) => (typeof form[key] === 'string' ? form[key] : undefined);
  const parsed = z.safeParse(schema, {
    id: text('id'),
    title: text('title'),
    description: text('description'),
    published_on: text('published_on'),
  });
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error.issues);
    throw unprocessable(firstMessage(errors), errors);
  }
  const raw = form.file;
  if (raw !== undefined && !(raw instanceof File) && raw !== '') throw fieldError('file', 'The file must be a JPEG or PNG image.');
  const file = raw instanceof File && raw.size > 0 ? raw : null;
  if (file && file.size > SOCIAL_IMAGE_MAX_BYTES) throw fieldError('file', 'The image may not be larger than 5 MB.');
  return { fields: parsed.data, file: file ? Buffer.from(await file.arrayBuffer()) : null };
}

/** Social media posts (contracts in packages/schema/src/api/social-posts.ts). */
export const socialPostsRoutes: AnyRoute[] = [
  implement(api.list, async ({ c }) => c.var.services.socialPosts.list()),
  implement(api.save, async ({ c }) => {
    const { fields, file } = await readPostForm(c, socialPostFieldsSchema);
    const social_post = await c.var.services.socialPosts.save(await actorOf(c), fields, file);
    return { message: SOCIAL_MESSAGES.created, social_post };
  }),
  implement(api.update, async ({ c }) => {
    const { fields, file } = await readPostForm(c, socialPostUpdateFieldsSchema);
    const { id, ...rest } = fields;
    const social_post = await c.var.services.socialPosts.update(await actorOf(c), id, rest, file);
    return { message: SOCIAL_MESSAGES.updated, social_post };
  }),
  implement(api.delete, async ({ c, body }) => {
    await c.var.services.socialPosts.delete(await actorOf(c), body.id);
    return { message: SOCIAL_MESSAGES.deleted };
  }),
  implement(api.image, async ({ c, params }) => {
    const data = await c.var.services.socialPosts.image(params.name);
    if (!data) throw notFound();
    return uploadResponse(c, data, { contentType: 'image/png', cache: 'private, max-age=86400' });
  }),
];
