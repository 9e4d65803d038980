import { createLazyRoute } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { RequestQuotePage } from './RequestQuotePage';

export const requestQuoteLazyRoute = createLazyRoute('/empty/request-quote')({ component: RequestQuoteRoute });

function RequestQuoteRoute(): ReactElement {
  return <RequestQuotePage search={requestQuoteLazyRoute.useSearch()} />;
}
