import { z } from 'zod';
import { idSchema } from './ids';
import { plainText } from './plain-text';
import { PUBLISH_DATE_TOO_EARLY, PUBLISHED_IMAGE_MAX_BYTES } from './publishing';
import { uploadedFileSchema } from './uploads';
import { isDateText } from './zoned-time';

/*
 * Landing pages (issue 13 items 6, 7 and 9; spec 002 §2.12, §2.15, §2.21, §5, §8): articles and their authors,
 * partners' welcome headers and messages, the landing page configuration (logo, banner colour) and the public
 * landing page. docs/decisions/0055 and 0056.
 */

/** The spec's words (spec 002 §5 and §8), typos and capitals included. */
export const LANDING_MESSAGES = {
  titleRequired: 'A title is required',
  descriptionRequired: 'A description is required',
  articleTextRequired: 'The main body of the article is required',
  publishedOnRequired: 'A publish date is required',
  publishedOnFormat: 'The publish date must be a date (YYYY-MM-DD).',
  publishedOnTooEarly: PUBLISH_DATE_TOO_EARLY,
  titleTooLong: 'The title can be no longer than 250 characters.',
  descriptionTooLong: 'The description can be no longer than 400 characters.',
  articleTextTooLong: 'The main body of the article is too long.',
  authorRequired: 'Please select an author.',
  partnerRequired: 'Please select a partner.',
  articleCreated: 'The article has been created.',
  articleUpdated: 'The article has been updated',
  articleDeleted: 'The article has been Deleted',
  articleNotFound: 'Article not found.',
  nameRequired: 'A Name is Required',
  biosketchRequired: 'A biosketch is required',
  nameTooLong: 'The name can be no longer than 75 characters.',
  biosketchTooLong: 'The biosketch can be no longer than 500 characters.',
  authorCreated: 'The author has been created.',
  authorUpdated: 'The author has been updated.',
  authorNotFound: 'Author not found.',
  noArticles: 'There are no articles at this time.',
  imageType: 'Images must be JPEG or PNG files.',
  imageTooLarge: 'Images may be at most 5MB.',
  imageUnreadable: 'The image could not be read.',
  imagePixels: 'The image is too large.',
  // Welcome messages and headers (spec 002 §2.12, §8)
  welcomeHeaderUpdated: 'Partner welcome header updated',
  welcomeMessageUpdated: 'Partner welcome message updated',
  welcomeError: 'Error updating partner welcome header or message',
  welcomeHeaderTooLong: 'The welcome header can be no longer than 255 characters.',
  welcomeMessageTooLong: 'The welcome message is too long.',
  welcomeHeaderSimOnly: 'A welcome header can only be set for a sim partner.',
  welcomeNothing: 'Please provide a welcome header or a welcome message.',
  // Landing page configuration (spec 002 §5, §8)
  bannerColorUpdated: 'Banner Color Updated',
  bannerColorCleared: 'Banner Color Cleared',
  bannerColorError: 'Error updating banner color.',
  bannerColorClearError: 'Error clearing banner color.',
  bannerColorFormat: 'The banner color must be a 6-digit hex color.',
  logoRequired: 'Please select a logo file to upload.',
  logoTooLarge: 'File is larger than 4MB, please select a smaller file.',
  logoType: 'The logo must be a JPEG, PNG or SVG image.',
  logoUnsafe: 'The SVG logo may not contain scripts, event handlers, embedded documents or external references.',
  logoUploaded: 'Logo Uploaded',
  logoError: 'Error uploading logo.',
  headerUpdated: 'Welcome Header Updated',
  messageUpdated: 'Welcome Message Updated',
  headerError: 'Error updating welcome header.',
  messageError: 'Error updated welcome message.',
  partnerNotFound: 'Partner not found.',
  noLandingPages: 'There are no landing pages at this time.',
} as const;
const M = LANDING_MESSAGES;

// ---- limits (spec 002 §9) ----

export const ARTICLE_TITLE_MAX = 250;
export const ARTICLE_DESCRIPTION_MAX = 400;
/** The article body is rich text; 100 000 characters is a long article and bounds the row. */
export const ARTICLE_TEXT_MAX = 100_000;
export const AUTHOR_NAME_MAX = 75;
export const AUTHOR_BIOSKETCH_MAX = 500;
export const WELCOME_HEADER_MAX = 255;
/** The welcome message is rich text; 20 000 characters bounds it (the spec gives no limit). */
export const WELCOME_MESSAGE_MAX = 20_000;
/** Article images (spec 002 §9: 5MB), checked on the server by content (UP-03). */
export const ARTICLE_IMAGE_MAX_BYTES = PUBLISHED_IMAGE_MAX_BYTES;
/** The logo limit (spec 002 §9: 4MB), exactly 4 MiB on the server (UP-02). */
export const LOGO_MAX_BYTES = 4 * 1024 * 1024;
/** Logos are scaled to this height (spec 002 §5). */
export const LOGO_HEIGHT = 60;

/** The public landing page of a partner (docs/decisions/0056). */
export const landingPagePath = (slug: string) => `/p/${encodeURIComponent(slug)}`;

// ---- pure rules ----

/** The client rounds a file's size to whole MB before comparing it with 4 (spec 002 §5); the server checks bytes. */
export function logoTooLargeOnClient(bytes: number): boolean {
  return Math.round(bytes / (1024 * 1024)) > 4;
}

/** Whether an article is published on `today`: its publish date is today or before. */
export function isPublished(publishedOn: string, today: string): boolean {
  return publishedOn <= today;
}

/** A 6-digit hex colour without '#', lower-cased (the picker's value '#AABBCC' is accepted too). */
export const HEX_COLOR = /^[0-9a-f]{6}$/;
export function normalizeHexColor(value: string): string {
  return value.trim().replace(/^#/, '').toLowerCase();
}

// ---- shapes ----

const text = (required: string, max: number, tooLong: string) =>
  z.string({ error: required }).trim().min(1, { error: required }).max(max, { error: tooLong });

const dateOnly = z
  .string({ error: M.publishedOnRequired })
  .trim()
  .min(1, { error: M.publishedOnRequired, abort: true })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: M.publishedOnFormat })
  .refine(isDateText, { error: M.publishedOnFormat });

export const authorSchema = z.object({
  id: z.number().int(),
  full_name: z.string(),
  biosketch: z.string(),
});
export type Author = z.infer<typeof authorSchema>;

export const articleSchema = z.object({
  id: z.number().int(),
  partner_id: z.number().int(),
  partner_name: z.string(),
  title: z.string(),
  description: z.string(),
  article_text: z.string(),
  author_id: z.number().int(),
  published_on: z.string(),
  image_path: z.string().nullable(),
  image_path_large: z.string().nullable(),
  author: authorSchema,
});
export type Article = z.infer<typeof articleSchema>;

export const partnerChoiceSchema = z.object({ id: z.number().int(), short_name: z.string() });

export const articlesResponseSchema = z.object({
  articles: z.array(articleSchema),
  authors: z.array(authorSchema),
  partners: z.array(partnerChoiceSchema),
});
export type ArticlesResponse = z.infer<typeof articlesResponseSchema>;

/** The text fields of an article's multipart body (its images are the files `file` and `file_large`). */
export const articleFieldsSchema = z.object({
  title: plainText(text(M.titleRequired, ARTICLE_TITLE_MAX, M.titleTooLong), 'title'),
  description: plainText(text(M.descriptionRequired, ARTICLE_DESCRIPTION_MAX, M.descriptionTooLong), 'description'),
  article_text: text(M.articleTextRequired, ARTICLE_TEXT_MAX, M.articleTextTooLong),
  author_id: idSchema(M.authorRequired),
  /**
   * Not among the spec's fields: left out, a new article belongs to the partner the super admin is working in and
   * an updated one stays where it was (docs/decisions/0065). The PWA's form always sends the partner it shows.
   */
  partner_id: z.optional(idSchema(M.partnerRequired)),
  published_on: dateOnly,
});
export type ArticleFields = z.infer<typeof articleFieldsSchema>;
export const articleUpdateFieldsSchema = articleFieldsSchema.extend({ id: idSchema(M.articleNotFound) });

export const articleSaveResponseSchema = z.object({ message: z.string(), article: articleSchema });
export const articleIdRequestSchema = z.object({ id: idSchema(M.articleNotFound) });

export const authorRequestSchema = z.object({
  full_name: plainText(text(M.nameRequired, AUTHOR_NAME_MAX, M.nameTooLong), 'name'),
  biosketch: plainText(text(M.biosketchRequired, AUTHOR_BIOSKETCH_MAX, M.biosketchTooLong), 'biosketch'),
});
export const authorUpdateRequestSchema = authorRequestSchema.extend({ id: idSchema(M.authorNotFound) });
export const authorSaveResponseSchema = z.object({ message: z.string(), author: authorSchema });

// ---- welcome messages ----

export const welcomeHeaderSchema = plainText(
  z.string().trim().max(WELCOME_HEADER_MAX, { error: M.welcomeHeaderTooLong }),
  'welcome header',
);
export const welcomeMessageSchema = z.string().max(WELCOME_MESSAGE_MAX, { error: M.welcomeMessageTooLong });

export const welcomePartnerSchema = z.object({
  id: z.number().int(),
  short_name: z.string(),
  long_name: z.string(),
  slug: z.string(),
  is_sim: z.boolean(),
  welcome_header: z.string().nullable(),
  welcome_message: z.string().nullable(),
});
export type WelcomePartner = z.infer<typeof welcomePartnerSchema>;
export const welcomeMessagesResponseSchema = z.object({ partners: z.array(welcomePartnerSchema) });

/** Update a partner's welcome message or header (spec 002 §7 'Welcome'): exactly what is sent changes. */
export const updateWelcomeRequestSchema = z
  .object({
    partner_id: idSchema(M.partnerRequired),
    welcome_header: welcomeHeaderSchema.optional(),
    welcome_message: welcomeMessageSchema.optional(),
  })
  .refine((v) => v.welcome_header !== undefined || v.welcome_message !== undefined, { error: M.welcomeNothing, path: ['welcome_message'] });
export const updateWelcomeResponseSchema = z.object({ message: z.string(), partner: welcomePartnerSchema });

// ---- landing page configuration ----

export const partnerIdParamsSchema = z.object({ partner_id: idSchema(M.partnerNotFound) });

/** The configured partner (spec 002 §3 Partner, the fields of its landing page). */
export const landingPartnerSchema = z.object({
  id: z.number().int(),
  short_name: z.string(),
  long_name: z.string(),
  slug: z.string(),
  is_sim: z.boolean(),
  image: z.string().nullable(),
  /** the banner colour, 6 hex digits without '#'; null is transparent (spec 002 §9) */
  colour: z.string().nullable(),
  welcome_header: z.string().nullable(),
  welcome_message: z.string().nullable(),
});
export type LandingPartner = z.infer<typeof landingPartnerSchema>;
export const landingPartnerResponseSchema = z.object({ partner: landingPartnerSchema });
export const landingPartnerUpdateResponseSchema = z.object({ message: z.string(), partner: landingPartnerSchema });

export const landingPagesResponseSchema = z.object({
  landing_pages: z.array(z.object({ id: z.number().int(), short_name: z.string(), slug: z.string() })),
});

export const bannerColorRequestSchema = z.object({
  header_color: z
    .string({ error: M.bannerColorFormat })
    .transform(normalizeHexColor)
    .refine((v) => HEX_COLOR.test(v), { error: M.bannerColorFormat }),
});
/** The logo form's file (spec 002 §5): required, at most 4MB as the client rounds it; the server checks its bytes and content. */
export const logoUploadRequestSchema = z.object({
  logo_file: uploadedFileSchema({ required: M.logoRequired, isTooLarge: logoTooLargeOnClient, tooLarge: M.logoTooLarge }),
});
export type LogoUploadRequest = z.infer<typeof logoUploadRequestSchema>;
export const welcomeHeaderRequestSchema = z.object({ welcome_header: welcomeHeaderSchema });
export const welcomeMessageRequestSchema = z.object({ welcome_message: welcomeMessageSchema });

// ---- the public landing page ----

export const landingSlugParamsSchema = z.object({ slug: z.string().max(100) });
export const publicArticleSchema = articleSchema.omit({ partner_id: true, partner_name: true, author_id: true });
export type PublicArticle = z.infer<typeof publicArticleSchema>;
export const publicLandingResponseSchema = z.object({
  partner: landingPartnerSchema.omit({ id: true }),
  articles: z.array(publicArticleSchema),
  /** Whether the partner takes learner registrations: the page offers Register only then (decision 0090). */
  registration_open: z.boolean(),
  /** Registration is open but every seat is taken: the page says so in place of Register (a dead end otherwise). */
  registration_full: z.boolean(),
});
export type PublicLandingResponse = z.infer<typeof publicLandingResponseSchema>;

export const uploadedFileParamsSchema = z.object({ name: z.string().regex(/^[0-9a-f-]{36}\.(png|jpg)$/) });
