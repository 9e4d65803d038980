import { ROLE } from '@simvisit/schema';
import type { Database } from '../../db/database';
import type { PartnerRow } from '../../db/types';

type ArticleValues = {
  partner_id: number;
  author_id: number;
  title: string;
  description: string;
  article_text: string;
  published_on: string;
  image_path?: string | null;
  image_path_large?: string | null;
};

/** Every query of the landing pages: articles, authors and the partner columns of a landing page. */
export function createLandingPagesRepository(db: Database) {
  const articleRows = () =>
    db
      .selectFrom('articles')
      .innerJoin('authors', 'authors.id', 'articles.author_id')
      .innerJoin('partners', 'partners.id', 'articles.partner_id')
      .select([
        'articles.id',
        'articles.partner_id',
        'partners.short_name as partner_name',
        'articles.title',
        'articles.description',
        'articles.article_text',
        'articles.author_id',
        'articles.published_on',
        'articles.image_path',
        'articles.image_path_large',
        'authors.full_name as author_full_name',
        'authors.biosketch as author_biosketch',
      ]);
  return {
    articles: () => articleRows().orderBy('articles.published_on', 'desc').orderBy('articles.id', 'desc').execute(),
    article: (id: number) => articleRows().where('articles.id', '=', id).executeTakeFirst(),
    /** A partner's articles published on or before `today`, newest first. */
    publishedArticles: (partnerId: number, today: string) =>
      articleRows()
        .where('articles.partner_id', '=', partnerId)
        .where('articles.published_on', '<=', today)
        .orderBy('articles.published_on', 'desc')
        .orderBy('articles.id', 'desc')
        .limit(50)
        .execute(),
    insertArticle: (values: ArticleValues) => db.insertInto('articles').values(values).returning('id').executeTakeFirstOrThrow(),
    updateArticle: (id: number, values: ArticleValues) =>
      db
        .updateTable('articles')
        .set({ ...values, updated_at: new Date() })
        .where('id', '=', id)
        .executeTakeFirst(),
    deleteArticle: (id: number) => db.deleteFrom('articles').where('id', '=', id).executeTakeFirst(),

    authors: () => db.selectFrom('authors').select(['id', 'full_name', 'biosketch']).orderBy('full_name').orderBy('id').execute(),
    author: (id: number) => db.selectFrom('authors').select(['id', 'full_name', 'biosketch']).where('id', '=', id).executeTakeFirst(),
    insertAuthor: (values: { full_name: string; biosketch: string }) =>
      db.insertInto('authors').values(values).returning(['id', 'full_name', 'biosketch']).executeTakeFirstOrThrow(),
    updateAuthor: (id: number, values: { full_name: string; biosketch: string }) =>
      db
        .updateTable('authors')
        .set({ ...values, updated_at: new Date() })
        .where('id', '=', id)
        .returning(['id', 'full_name', 'biosketch'])
        .executeTakeFirst(),

    partners: () => db.selectFrom('partners').selectAll().orderBy('short_name').orderBy('id').execute(),
    partner: (id: number) => db.selectFrom('partners').selectAll().where('id', '=', id).executeTakeFirst(),
    partnerBySlug: (slug: string) => db.selectFrom('partners').selectAll().where('slug', '=', slug).executeTakeFirst(),
    updatePartner: (
      id: number,
      values: Partial<Pick<PartnerRow, 'colour' | 'image' | 'welcome_header' | 'welcome_message'>>,
    ): Promise<PartnerRow | undefined> =>
      db
        .updateTable('partners')
        .set({ ...values, updated_at: new Date() })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst(),
    /**
     * The sim partners a user is client admin of: a client_admin_partners row or an approved client admin role
     * there (spec 000 §2.2 'Landing Page Config: sim partner and client admin').
     */
    simPartnersAdministeredBy: (userId: number) =>
      db
        .selectFrom('partners')
        .selectAll()
        .where('is_sim', '=', true)
        .where((eb) =>
          eb.or([
            eb('id', 'in', eb.selectFrom('client_admin_partners').select('partner_id').where('user_id', '=', userId)),
            eb(
              'id',
              'in',
              eb
                .selectFrom('user_roles')
                .select('partner_id')
                .where('user_id', '=', userId)
                .where('role_id', '=', ROLE.client_admin)
                .where('is_approved', '=', true),
            ),
          ]),
        )
        .orderBy('short_name')
        .orderBy('id')
        .execute(),
  };
}
export type LandingPagesRepository = ReturnType<typeof createLandingPagesRepository>;
