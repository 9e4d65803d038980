import type { UseQueryResult } from '@tanstack/react-query';
import { errorMessage } from './api';

/**
 * A list query as a `DataTable` takes it: the rows once loaded, the failure under the page's own title, and
 * stale while the rows of an earlier page stand in for the one loading.
 */
export function tableRows<Data, Row>(query: UseQueryResult<Data>, rowsOf: (data: Data) => readonly Row[], errorTitle: string) {
  return {
    rows: query.data === undefined ? undefined : rowsOf(query.data),
    error: query.isError ? { title: errorTitle, message: errorMessage(query.error) } : null,
    stale: query.isPlaceholderData,
  };
}
