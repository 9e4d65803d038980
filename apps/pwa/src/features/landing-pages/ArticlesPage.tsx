import { type Article, type Author, LANDING_MESSAGES as M } from '@simvisit/schema';
import { Button, Card, CardBody, ConfirmDialog, Spinner } from '@simvisit/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError } from '../../lib/api';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ErrorPage } from '../../platform/errors';
import { notifyAdminCallFailure, notifySuccess } from '../../platform/notices';
import { ArticleModal } from './ArticleModal';
import { AuthorModal } from './AuthorModal';
import { articlesQuery, landingCalls, landingKeys } from './landing-pages-api';

type Open = { kind: 'article'; article?: Article } | { kind: 'author'; author?: Author } | { kind: 'delete'; article: Article } | null;

/** Articles and authors (spec 002 §2.15): Title, Date (YYYY-MM-DD), Author, Edit Article and Delete. */
export function ArticlesPage() {
  useDocumentTitle('Articles');
  const queryClient = useQueryClient();
  const articles = useQuery(articlesQuery());
  const [open, setOpen] = useState<Open>(null);
  const [deleting, setDeleting] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: landingKeys.articles() });

  if (articles.isError && isApiError(articles.error) && [403, 404].includes(articles.error.status)) {
    return <ErrorPage code={String(articles.error.status)} />;
  }

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

  const list = articles.data?.articles ?? [];
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Articles</h1>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => setOpen({ kind: 'author' })} disabled={!articles.data}>
            Create New Author
          </Button>
          <Button onClick={() => setOpen({ kind: 'article' })} disabled={!articles.data}>
            Create New Article
          </Button>
        </div>
      </div>
      <Card>
        <CardBody>
          {articles.isPending ? (
            <Spinner label="Loading articles" />
          ) : articles.isError ? (
            <p className="text-sm text-red-700">{articles.error.message}</p>
          ) : list.length === 0 ? (
            <p className="text-sm text-slate-600">{M.noArticles}</p>
          ) : (
            <div className="overflow-x-auto">
              <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
                <thead>
                  <tr className="text-slate-600">
                    {['Title', 'Date', 'Author', 'Partner'].map((h) => (
                      <th key={h} scope="col" className="px-3 py-2 font-medium">
                        {h}
                      </th>
                    ))}
                    <th scope="col" className="px-3 py-2 font-medium">
                      <span className="sr-only">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {list.map((a) => (
                    <tr key={a.id}>
                      <td className="px-3 py-2 font-medium text-slate-900">{a.title}</td>
                      <td className="px-3 py-2 whitespace-nowrap text-slate-700">{a.published_on}</td>
                      <td className="px-3 py-2 text-slate-700">{a.author.full_name}</td>
                      <td className="px-3 py-2 text-slate-700">{a.partner_name}</td>
                      <td className="px-3 py-2">
                        <div className="flex justify-end gap-2">
                          <Button
                            size="sm"
                            variant="secondary"
                            onClick={() => setOpen({ kind: 'article', article: a })}
                            aria-label={`Edit Article ${a.title}`}
                          >
                            Edit Article
                          </Button>
                          <Button
                            size="sm"
                            variant="danger"
                            onClick={() => setOpen({ kind: 'delete', article: a })}
                            aria-label={`Delete ${a.title}`}
                          >
                            Delete
                          </Button>
                        </div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </CardBody>
      </Card>
      {articles.data && articles.data.authors.length > 0 ? (
        <Card>
          <CardBody className="space-y-3">
            <h2 className="text-lg font-semibold text-slate-900">Authors</h2>
            <ul className="divide-y divide-slate-100 text-sm">
              {articles.data.authors.map((author) => (
                <li key={author.id} className="flex items-center justify-between gap-3 py-2">
                  <span className="font-medium text-slate-900">{author.full_name}</span>
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => setOpen({ kind: 'author', author })}
                    aria-label={`Edit author ${author.full_name}`}
                  >
                    Edit
                  </Button>
                </li>
              ))}
            </ul>
          </CardBody>
        </Card>
      ) : null}
      {open?.kind === 'article' && articles.data ? (
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
      ) : null}
      {open?.kind === 'author' ? (
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
      ) : null}
      {open?.kind === 'delete' ? (
        <ConfirmDialog
          title="Delete Article"
          description={`Delete “${open.article.title}”? This cannot be undone.`}
          confirmLabel="Delete"
          tone="danger"
          busy={deleting}
          onConfirm={() => void remove(open.article)}
          onCancel={() => setOpen(null)}
        />
      ) : null}
    </div>
  );
}
