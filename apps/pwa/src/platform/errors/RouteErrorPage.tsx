import { Button } from '@simvisit/ui';
import { useRouter } from '@tanstack/react-router';
import { errorMessage, isApiError } from '../../lib/api';
import { ErrorPage } from './ErrorPage';

/**
 * What shows when a page fails to load (the server is down, the config cannot be read): the error page with
 * the reason and a way to try again. It renders outside the layouts, which may be what failed.
 */
export function RouteErrorPage({ error }: { error: unknown }) {
  const router = useRouter();
  const code = isApiError(error) && error.status >= 400 ? String(error.status) : '500';
  return (
    <main id="main" className="min-h-dvh bg-slate-50 px-4 py-16">
      <ErrorPage code={code}>
        <p className="text-slate-600">{errorMessage(error)}</p>
        <Button onClick={() => void router.invalidate()}>Try again</Button>
      </ErrorPage>
    </main>
  );
}
