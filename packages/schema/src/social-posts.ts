import { z } from 'zod';
import { idSchema } from './ids';
import { hasMarkup, plainTextMessage } from './plain-text';
import { PUBLISH_DATE_TOO_EARLY, PUBLISHED_IMAGE_MAX_BYTES } from './publishing';
import { hasForbiddenText } from './text-rules';
import { isCalendarDate } from './zoned-time';

/**
 * Social media posts (spec 002 §2.10, §3 Social post, §5, §9): a super admin's posts with a title, a
 * description, a publish date and an optional JPEG or PNG image (docs/decisions/0057).
 */
export const SOCIAL_TITLE_MAX = 225;
/** Not bounded by the spec; a post's text is short, the cap keeps a row small. */
export const SOCIAL_DESCRIPTION_MAX = 5_000;
export const SOCIAL_IMAGE_MAX_BYTES = PUBLISHED_IMAGE_MAX_BYTES;

export const SOCIAL_MESSAGES = {
  titleRequired: 'A title is required',
  descriptionRequired: 'A description is required',
  titleTooLong: `The title may not be longer than ${SOCIAL_TITLE_MAX} characters.`,
  descriptionTooLong: `The description may not be longer than ${SOCIAL_DESCRIPTION_MAX} characters.`,
  publishedOnRequired: 'A publish date is required',
  publishedOnTooEarly: PUBLISH_DATE_TOO_EARLY,
  created: 'Social Media Post created',
  updated: 'Social Media Post updated',
  deleted: 'Social Media Post Deleted',
  notFound: 'Social Media Post not found.',
  empty: 'There are no social media posts at this time.',
  loadError: 'Error Loading Social Media Posts',
  imageHint: 'JPEG or PNG, at most 5 MB.',
} as const;
const M = SOCIAL_MESSAGES;

const text = (required: string, max: number, tooLong: string, field: string) =>
  z
    .string({ error: required })
    .max(max, { error: tooLong })
    .refine((s) => s.trim() !== '', { error: required })
    .refine((s) => !hasForbiddenText(s), { error: `The ${field} field must not contain control characters.` })
    .refine((s) => !hasMarkup(s), { error: plainTextMessage(field) });

/** The form fields of save and update (multipart, so every value arrives as text). */
export const socialPostFieldsSchema = z.object({
  title: text(M.titleRequired, SOCIAL_TITLE_MAX, M.titleTooLong, 'title'),
  description: text(M.descriptionRequired, SOCIAL_DESCRIPTION_MAX, M.descriptionTooLong, 'description'),
  published_on: z
    .string({ error: M.publishedOnRequired })
    .max(10, { error: M.publishedOnRequired })
    .refine((s) => s.trim() !== '', { error: M.publishedOnRequired })
    .refine((s) => s.trim() === '' || isCalendarDate(s), {
      error: 'The publish date must be a date (YYYY-MM-DD).',
    }),
});
export type SocialPostFields = z.infer<typeof socialPostFieldsSchema>;
export const socialPostUpdateFieldsSchema = socialPostFieldsSchema.extend({ id: idSchema(M.notFound) });

export const socialPostIdBodySchema = z.object({ id: idSchema(M.notFound) });
export const socialImageParamsSchema = z.object({ name: z.string().regex(/^[a-f0-9-]{36}\.png$/) });

export const socialPostSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  image_path: z.string().nullable(),
  published_on: z.string(),
});
export type SocialPost = z.infer<typeof socialPostSchema>;
export const socialPostsResponseSchema = z.object({ social_posts: z.array(socialPostSchema) });
export const socialPostResponseSchema = z.object({ message: z.string(), social_post: socialPostSchema });
