import { randomUUID } from 'node:crypto';
import { type Article, type ArticleFields, type ArticlesResponse, earliestPublishDate, LANDING_MESSAGES as M } from '@simvisit/schema';
import { notFound, unprocessable } from '../../http/errors';
import type { Actor } from '../../platform/actor';
import type { AuditService } from '../../platform/audit';
import { clock } from '../../platform/clock';
import type { FileStore } from '../../platform/files';
import { sanitizeRichText } from '../../platform/rich-text';
import type { LandingPagesRepository } from './landing-pages.repository';
import { articleImage, type StoredImage } from './landing-uploads';

type ArticleRow = NonNullable<Awaited<ReturnType<LandingPagesRepository['article']>>>;

export function toArticle(row: ArticleRow): Article {
  return {
    id: row.id,
    partner_id: row.partner_id,
    partner_name: row.partner_name,
    title: row.title,
    description: row.description,
    article_text: row.article_text,
    author_id: row.author_id,
    published_on: String(row.published_on),
    image_path: row.image_path,
    image_path_large: row.image_path_large,
    author: { id: row.author_id, full_name: row.author_full_name, biosketch: row.author_biosketch },
  };
}

/** Today on the server's clock, as the publish dates are compared (UTC, docs/decisions/0055). */
export const todayUtc = () => clock.now().toISOString().slice(0, 10);

export interface ArticleFiles {
  file: Buffer | null;
  file_large: Buffer | null;
}

interface Deps {
  repo: LandingPagesRepository;
  audit: AuditService;
  files: FileStore;
}

/**
 * Articles and authors (spec 002 §2.15; AUTHZ-14: the routes are super admins' only). Every rule and the
 * images are checked before anything is written, so a refused call changes nothing.
 */
export function createArticlesService(d: Deps) {
  async function storeImage(image: StoredImage | null): Promise<string | null> {
    if (!image) return null;
    const name = `${randomUUID()}.${image.extension}`;
    await d.files.put(`articles/${name}`, image.data);
    return `/api/files/articles/${name}`;
  }

  /** The fields as stored: rich text sanitized, and every reference checked (422 under its field). */
  async function checked(fields: ArticleFields, partnerId: number | null, files: ArticleFiles) {
    const errors: Record<string, string[]> = {};
    if (fields.published_on < earliestPublishDate(todayUtc())) errors.published_on = [M.publishedOnTooEarly];
    const articleText = sanitizeRichText(fields.article_text);
    if (articleText === '') errors.article_text = [M.articleTextRequired];
    if (!(await d.repo.author(fields.author_id))) errors.author_id = [M.authorRequired];
    const partner = partnerId === null ? undefined : await d.repo.partner(partnerId);
    if (!partner) errors.partner_id = [M.partnerRequired];
    const first = Object.values(errors)[0]?.[0];
    if (first || !partner) throw unprocessable(first ?? M.partnerRequired, errors);
    const small = await articleImage('file', files.file);
    const large = await articleImage('file_large', files.file_large);
    return { values: { ...fields, partner_id: partner.id, article_text: articleText }, small, large };
  }

  async function read(id: number): Promise<Article> {
    const row = await d.repo.article(id);
    if (!row) throw notFound(M.articleNotFound);
    return toArticle(row);
  }

  return {
    async list(): Promise<ArticlesResponse> {
      const [articles, authors, partners] = await Promise.all([d.repo.articles(), d.repo.authors(), d.repo.partners()]);
      return {
        articles: articles.map(toArticle),
        authors,
        partners: partners.map((p) => ({ id: p.id, short_name: p.short_name })),
      };
    },

    async create(actor: Actor, fields: ArticleFields, files: ArticleFiles): Promise<Article> {
      // Without a partner_id (the spec sends none) the article is the session's partner's (docs/decisions/0065).
      const { values, small, large } = await checked(fields, fields.partner_id ?? actor.partnerId, files);
      const { id } = await d.repo.insertArticle({
        ...values,
        image_path: await storeImage(small),
        image_path_large: await storeImage(large),
      });
      await d.audit.record({
        action: 'article.created',
        actor_user_id: actor.user.id,
        partner_id: values.partner_id,
        target_type: 'article',
        target_id: id,
        details: { title: values.title, published_on: values.published_on },
      });
      return read(id);
    },

    /** An image or a partner not sent stays as it was. */
    async update(actor: Actor, id: number, fields: ArticleFields, files: ArticleFiles): Promise<Article> {
      const before = await read(id);
      const { values, small, large } = await checked(fields, fields.partner_id ?? before.partner_id, files);
      await d.repo.updateArticle(id, {
        ...values,
        image_path: small ? await storeImage(small) : before.image_path,
        image_path_large: large ? await storeImage(large) : before.image_path_large,
      });
      await d.audit.record({
        action: 'article.updated',
        actor_user_id: actor.user.id,
        partner_id: values.partner_id,
        target_type: 'article',
        target_id: id,
        details: { title: values.title, published_on: values.published_on, images: { file: Boolean(small), file_large: Boolean(large) } },
      });
      return read(id);
    },

    async remove(actor: Actor, id: number): Promise<void> {
      const before = await read(id);
      await d.repo.deleteArticle(id);
      await d.audit.record({
        action: 'article.deleted',
        actor_user_id: actor.user.id,
        partner_id: before.partner_id,
        target_type: 'article',
        target_id: id,
        details: { title: before.title },
      });
    },

    async createAuthor(actor: Actor, values: { full_name: string; biosketch: string }) {
      const author = await d.repo.insertAuthor(values);
      await d.audit.record({ action: 'author.created', actor_user_id: actor.user.id, target_type: 'author', target_id: author.id });
      return author;
    },

    async updateAuthor(actor: Actor, id: number, values: { full_name: string; biosketch: string }) {
      const author = await d.repo.updateAuthor(id, values);
      if (!author) throw notFound(M.authorNotFound);
      await d.audit.record({ action: 'author.updated', actor_user_id: actor.user.id, target_type: 'author', target_id: id });
      return author;
    },

    articleImage: (name: string) => d.files.get(`articles/${name}`),
  };
}
export type ArticlesService = ReturnType<typeof createArticlesService>;
