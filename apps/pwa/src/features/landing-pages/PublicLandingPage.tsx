import { type PublicArticle, REGISTRATION_MESSAGES } from '@simvisit/schema';
import { Alert, Card, CardBody, Spinner } from '@simvisit/ui';
import { useQuery } from '@tanstack/react-query';
import { isApiError, isConnectionError } from '../../lib/api';
import { useAppConfig } from '../../lib/app-config';
import { AppLink } from '../../lib/app-link';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ErrorPage } from '../../platform/errors';
import { QuestionHtml } from '../../platform/rich-text';
import { PartnerLogo } from '../../platform/shell';
import { publicLandingQuery } from './landing-pages-api';

/**
 * A partner's public landing page (issue 13 item 9, docs/decisions/0056): its banner colour and logo, welcome
 * header and message, its published articles, and the way in (Sign In; Register where the partner takes registrations).
 */
export function PublicLandingPage({ slug }: { slug: string }) {
  const { product_name } = useAppConfig();
  const page = useQuery(publicLandingQuery(slug));
  const partner = page.data?.partner;
  useDocumentTitle(partner ? partner.long_name : 'Welcome');

  if (page.isPending) {
    return (
      <div className="flex min-h-dvh items-center justify-center">
        <Spinner label="Loading" />
      </div>
    );
  }
  if (page.isError) {
    if (isApiError(page.error) && page.error.status === 404) {
      return (
        <div className="mx-auto max-w-2xl px-4 py-10">
          <ErrorPage code="404" />
        </div>
      );
    }
    return (
      <div className="mx-auto max-w-2xl px-4 py-10">
        <Alert tone="danger">
          {isConnectionError(page.error)
            ? 'This page needs a connection to load. Please try again when you are online.'
            : page.error.message}
        </Alert>
      </div>
    );
  }
  const p = page.data.partner;
  const login = `/login?partner_slug=${encodeURIComponent(p.slug)}`;
  const register = `/register?partner_slug=${encodeURIComponent(p.slug)}`;
  return (
    <div className="min-h-dvh">
      <header
        data-testid="landing-banner"
        className="border-b border-slate-200"
        style={{ backgroundColor: p.colour ? `#${p.colour}` : 'transparent' }}
      >
        <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-4 px-4 py-4 sm:px-6">
          <PartnerLogo partner={p} name={p.long_name || product_name} className="h-[60px] max-w-[240px] rounded bg-white/90 p-1" />
          <nav aria-label="Account" className="flex gap-2">
            <AppLink
              to={login}
              className="inline-flex h-10 items-center rounded-md bg-brand-700 px-4 text-sm font-medium text-white hover:bg-brand-800"
            >
              Sign In
            </AppLink>
            {/* Only where registering is open and a seat is left: never a link to a refusal. */}
            {page.data.registration_open && !page.data.registration_full ? (
              <a
                href={register}
                className="inline-flex h-10 items-center rounded-md border border-slate-300 bg-white px-4 text-sm font-medium text-slate-900 hover:bg-slate-50"
              >
                Register
              </a>
            ) : null}
          </nav>
        </div>
      </header>
      <div className="mx-auto max-w-5xl space-y-8 px-4 py-8 sm:px-6">
        <section className="space-y-3">
          <h1 className="text-3xl font-semibold tracking-tight text-slate-900">{p.welcome_header || `Welcome to ${p.long_name}`}</h1>
          {p.welcome_message ? <QuestionHtml html={p.welcome_message} className="text-base text-slate-700" /> : null}
          {page.data.registration_full ? <Alert tone="info">{REGISTRATION_MESSAGES.noSeats(p.long_name)}</Alert> : null}
        </section>
        {page.data.articles.length > 0 ? (
          <section aria-labelledby="landing-articles" className="space-y-4">
            <h2 id="landing-articles" className="text-xl font-semibold text-slate-900">
              Articles
            </h2>
            <ul className="grid gap-4 sm:grid-cols-2">
              {page.data.articles.map((article) => (
                <li key={article.id}>
                  <ArticleCard article={article} />
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>
    </div>
  );
}

function ArticleCard({ article }: { article: PublicArticle }) {
  return (
    <Card className="h-full overflow-hidden">
      {article.image_path ? <img src={article.image_path} alt="" className="h-44 w-full object-cover" /> : null}
      <CardBody className="space-y-2">
        <h3 className="text-lg font-semibold text-slate-900">{article.title}</h3>
        <p className="text-xs text-slate-600">
          {article.published_on} · {article.author.full_name}
        </p>
        <p className="text-sm text-slate-700">{article.description}</p>
        <details className="text-sm">
          <summary className="cursor-pointer font-medium text-brand-700">Read the article</summary>
          <QuestionHtml html={article.article_text} className="mt-2 text-slate-700" />
          <p className="mt-3 text-xs text-slate-600">{article.author.biosketch}</p>
        </details>
      </CardBody>
    </Card>
  );
}
