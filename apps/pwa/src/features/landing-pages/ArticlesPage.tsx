import { type Article, type Author, LANDING_MESSAGES as M } from '@simvisit/schema';
import { AdminPage, Button, DataTable, defineColumns, deletionConfirmation, EditDeleteActions } from '@simvisit/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { tableRows } from '../../lib/table-rows';
import { useDocumentTitle } from '../../lib/use-document-title';
import { notifyAdminCallFailure, notifySuccess } from '../../platform/notices';
import { ArticleModal } from './ArticleModal';
import { AuthorModal } from './AuthorModal';
import { articlesQuery, landingCalls, landingKeys } from './landing-pages-api';

type Open = { kind: 'article'; article?: Article } | { kind: 'author'; author?: Author } | { kind: 'delete'; article: Article } | null;

const LOAD_ERROR = 'Articles could not be loaded';

const articleColumns = defineColumns<Article>([
  { id: 'title', header: 'Title', value: (a) => a.title, sortable: true, className: 'font-medium text-slate-900' },
  { id: 'published_on', header: 'Date', value: (a) => a.published_on, sortable: true, className: 'whitespace-nowrap' },
  { id: 'author', header: 'Author', value: (a) => a.author.full_name, sortable: true },
  { id: 'partner', header: 'Partner', value: (a) => a.partner_name, sortable: true },
]);

const authorColumns = defineColumns<Author>([
  { id: 'full_name', header: 'Name', value: (a) => a.full_name, sortable: true, className: 'font-medium text-slate-900' },
]);

/** Articles and authors (spec 002 §2.15): Title, Date (YYYY-MM-DD), Author, Edit Article and Delete; super admins (the route's guard). */
export function ArticlesPage() {
  useDocumentTitle('Articles');
  const queryClient = useQueryClient();
  const articles = useQuery(articlesQuery());
  const [open, setOpen] = useState<Open>(null);
  const [deleting, setDeleting] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: landingKeys.articles() });

  async function remove(article: Article) {
    setDeleting(true);
    try {
      const { message } = await landingCalls.deleteArticle(article.id);
      notifySuccess(message);
      setOpen(null);
      await refresh();
    } catch (error) {
      notifyAdminCallFailure(error);
    } finally {
      setDeleting(false);
    }
  }

  return (
    <AdminPage
      title="Articles"
      actions={
        <>
          <Button variant="secondary" onClick={() => setOpen({ kind: 'author' })} disabled={!articles.data}>
            Create New Author
          </Button>
          <Button onClick={() => setOpen({ kind: 'article' })} disabled={!articles.data}>
            Create New Article
          </Button>
        </>
      }
      editor={
        open?.kind === 'article' && articles.data ? (
          <ArticleModal
            article={open.article}
            choices={articles.data}
            onClose={() => setOpen(null)}
            send={async (form, editing) => {
              const answer = editing ? await landingCalls.updateArticle(form) : await landingCalls.saveArticle(form);
              await refresh();
              return answer;
            }}
          />
        ) : open?.kind === 'author' ? (
          <AuthorModal
            author={open.author}
            onClose={() => setOpen(null)}
            send={async (body) => {
              const author = open.author;
              const answer = author ? await landingCalls.updateAuthor({ id: author.id, ...body }) : await landingCalls.saveAuthor(body);
              await refresh();
              return answer;
            }}
          />
        ) : null
      }
      confirmation={
        open?.kind === 'delete'
          ? deletionConfirmation('Article', open.article.title, {
              busy: deleting,
              onConfirm: () => void remove(open.article),
              onCancel: () => setOpen(null),
            })
          : null
      }
    >
      <DataTable
        caption="Articles"
        columns={articleColumns}
        {...tableRows(articles, (data) => data.articles, LOAD_ERROR)}
        getRowId={(a) => a.id}
        loadingLabel="Loading articles"
        empty={M.noArticles}
        rowActions={(a) => (
          <EditDeleteActions
            name={a.title}
            editLabel="Edit Article"
            onEdit={() => setOpen({ kind: 'article', article: a })}
            onDelete={() => setOpen({ kind: 'delete', article: a })}
          />
        )}
      />
      {articles.data && articles.data.authors.length > 0 ? (
        <section aria-labelledby="authors-heading" className="space-y-3">
          <h2 id="authors-heading" className="text-lg font-semibold text-slate-900">
            Authors
          </h2>
          <DataTable
            caption="Authors"
            columns={authorColumns}
            rows={articles.data.authors}
            getRowId={(a) => a.id}
            loadingLabel="Loading authors"
            empty={null}
            rowActions={(author) => (
              <Button
                size="sm"
                variant="secondary"
                onClick={() => setOpen({ kind: 'author', author })}
                aria-label={`Edit author ${author.full_name}`}
              >
                Edit
              </Button>
            )}
          />
        </section>
      ) : null}
    </AdminPage>
  );
}
