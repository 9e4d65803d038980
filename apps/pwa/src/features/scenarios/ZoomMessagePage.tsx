import { Spinner } from '@simvisit/ui';
import { useDocumentTitle } from '../../lib/use-document-title';

/** The spec's holding page (spec 001 §2), shown in its own window while the visit feedback is prepared. */
export const ZOOM_HOLDING_TEXT = 'Preparing visit feedback... Please stay in Zoom Session';

export function ZoomMessagePage() {
  useDocumentTitle('Preparing visit feedback');
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-white px-6 text-center">
      <Spinner label="Please wait" className="[&_svg]:size-8" />
      <h1 className="max-w-sm text-lg font-medium text-slate-800">{ZOOM_HOLDING_TEXT}</h1>
    </div>
  );
}
