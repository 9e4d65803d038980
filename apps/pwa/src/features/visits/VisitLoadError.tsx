import { VISIT_MESSAGES } from '@simvisit/schema';
import { Alert } from '@simvisit/ui';
import { useEffect } from 'react';
import { errorMessage, isApiError } from '../../lib/api';
import { AppLink } from '../../lib/app-link';
import { notify } from '../../platform/notices';
import { VISIT_PAGE_TEXTS as T } from './visit-texts';

/** The page's load failure (spec 002 §2.2, §8): 'Error Loading Visit' with the server's message. */
export function VisitLoadError({ error }: { error: unknown }) {
  useEffect(() => {
    if (isApiError(error) && error.sessionEnded) return;
    notify({ title: VISIT_MESSAGES.loadError, content: errorMessage(error), icon: 'error', color: 'red' });
  }, [error]);
  if (isApiError(error) && error.sessionEnded) return null;
  return (
    <Alert tone="danger" role="alert" title={VISIT_MESSAGES.pageError} className="mx-auto max-w-2xl">
      <p>{errorMessage(error)}</p>
      <p className="mt-2">
        <AppLink to="/dashboard" className="font-medium underline">
          {T.dashboard}
        </AppLink>
      </p>
    </Alert>
  );
}
