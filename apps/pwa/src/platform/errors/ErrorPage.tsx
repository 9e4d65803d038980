import { ERROR_PAGE_TITLES } from '@simvisit/schema';
import { Card, CardBody } from '@simvisit/ui';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../lib/use-document-title';

/** A code without a title of its own is shown as a missing page. */
function knownCode(code: string): string {
  return Object.hasOwn(ERROR_PAGE_TITLES, code) ? code : '404';
}

/** "Error: {code} - {title}" (spec 000 §2.6). */
export function ErrorPage({ code, children }: { code: string; children?: ReactNode }) {
  const shown = knownCode(code);
  const title = ERROR_PAGE_TITLES[shown];
  useDocumentTitle(`Error ${shown}`);
  return (
    <Card className="mx-auto max-w-2xl">
      <CardBody padding="lg" className="space-y-4 text-center">
        <p className="text-5xl font-bold text-brand-600" aria-hidden="true">
          {shown}
        </p>
        <h1 className="text-xl font-semibold text-slate-900">
          Error: {shown} - {title}
        </h1>
        {children}
      </CardBody>
    </Card>
  );
}
