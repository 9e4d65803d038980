import {
  landingPagesApi as api,
  articleFieldsSchema,
  articleUpdateFieldsSchema,
  fieldErrors,
  firstMessage,
  forbiddenTextErrors,
  LANDING_MESSAGES as M,
} from '@simvisit/schema';
import type { Context } from 'hono';
import { z } from 'zod';
import { actorOf } from '../../http/actor';
import type { AppEnv } from '../../http/app-env';
import { notFound, unprocessable } from '../../http/errors';
import { fileBytes, readMultipart } from '../../http/multipart';
import { type AnyRoute, implement } from '../../http/route';
import { uploadResponse } from '../../http/upload-response';

/** An article's multipart body: its text fields checked with the shared schema and the text rule, its two images. */
async function readArticle<S extends z.core.$ZodType>(c: Context<AppEnv>, schema: S) {
  const form = await readMultipart(c);
  const fields = Object.fromEntries(Object.entries(form).filter(([, v]) => typeof v === 'string'));
  const forbidden = forbiddenTextErrors(fields);
  if (forbidden) throw unprocessable(firstMessage(forbidden), forbidden);
  const parsed = z.safeParse(schema, fields);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error.issues);
    throw unprocessable(firstMessage(errors), errors);
  }
  return { fields: parsed.data as z.infer<S>, files: { file: await fileBytes(form.file), file_large: await fileBytes(form.file_large) } };
}

/** An uploaded picture as its own response (UP-02, UP-03): always a PNG or JPEG the server wrote itself. */
function picture(c: Context<AppEnv>, data: Buffer | null, name: string) {
  if (!data) throw notFound();
  return uploadResponse(c, data, {
    contentType: name.endsWith('.png') ? 'image/png' : 'image/jpeg',
    filename: name,
  });
}

/** Landing pages, articles and welcome messages (contracts in packages/schema/src/api/landing-pages.ts). */
export const landingPagesRoutes: AnyRoute[] = [
  implement(api.articles, ({ c }) => c.var.services.articles.list()),
  implement(api.saveArticle, async ({ c }) => {
    const { fields, files } = await readArticle(c, articleFieldsSchema);
    const article = await c.var.services.articles.create(await actorOf(c), fields, files);
    return { message: M.articleCreated, article };
  }),
  implement(api.updateArticle, async ({ c }) => {
    const { fields, files } = await readArticle(c, articleUpdateFieldsSchema);
    const article = await c.var.services.articles.update(await actorOf(c), fields.id, fields, files);
    return { message: M.articleUpdated, article };
  }),
  implement(api.deleteArticle, async ({ c, body }) => {
    await c.var.services.articles.remove(await actorOf(c), body.id);
    return { message: M.articleDeleted };
  }),
  implement(api.saveAuthor, async ({ c, body }) => ({
    message: M.authorCreated,
    author: await c.var.services.articles.createAuthor(await actorOf(c), body),
  })),
  implement(api.updateAuthor, async ({ c, body }) => ({
    message: M.authorUpdated,
    author: await c.var.services.articles.updateAuthor(await actorOf(c), body.id, { full_name: body.full_name, biosketch: body.biosketch }),
  })),
  implement(api.articleImage, async ({ c, params }) => picture(c, await c.var.services.articles.articleImage(params.name), params.name)),

  implement(api.welcomeMessages, async ({ c }) => ({ partners: await c.var.services.landingPages.welcomeMessages() })),
  implement(api.updateWelcome, async ({ c, body }) => {
    const { message, partner } = await c.var.services.landingPages.updateWelcome(await actorOf(c), body);
    return { message, partner };
  }),

  implement(api.landingPages, async ({ c }) => ({ landing_pages: await c.var.services.landingPages.landingPages(await actorOf(c)) })),
  implement(api.partnerForConfiguration, async ({ c, params }) => ({
    partner: await c.var.services.landingPages.partnerForConfiguration(await actorOf(c), params.partner_id),
  })),
  implement(api.setBannerColor, async ({ c, params, body }) => ({
    message: M.bannerColorUpdated,
    partner: await c.var.services.landingPages.setBannerColor(await actorOf(c), params.partner_id, body.header_color),
  })),
  implement(api.clearBannerColor, async ({ c, params }) => ({
    message: M.bannerColorCleared,
    partner: await c.var.services.landingPages.clearBannerColor(await actorOf(c), params.partner_id),
  })),
  implement(api.setLogo, async ({ c, params }) => {
    const actor = await actorOf(c);
    // The right first: someone refused never has their upload read.
    const partner = await c.var.services.landingPages.configurable(actor, params.partner_id, 'landing_page.logo');
    const form = await readMultipart(c);
    const partnerAfter = await c.var.services.landingPages.setLogo(actor, partner, await fileBytes(form.logo_file));
    return { message: M.logoUploaded, partner: partnerAfter };
  }),
  implement(api.setWelcomeHeader, async ({ c, params, body }) => ({
    message: M.headerUpdated,
    partner: await c.var.services.landingPages.setWelcomeHeader(await actorOf(c), params.partner_id, body.welcome_header),
  })),
  implement(api.setWelcomeMessage, async ({ c, params, body }) => ({
    message: M.messageUpdated,
    partner: await c.var.services.landingPages.setWelcomeMessage(await actorOf(c), params.partner_id, body.welcome_message),
  })),
  implement(api.partnerLogo, async ({ c, params }) => picture(c, await c.var.services.landingPages.partnerLogo(params.name), params.name)),
  implement(api.landing, ({ c, params }) => c.var.services.landingPages.landing(params.slug)),
];
