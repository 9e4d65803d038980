import { Alert, buttonClassName, Spinner } from '@simvisit/ui';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../lib/api';

export interface PdfDocumentProps {
  /** fetches the PDF with the session (a blob: the PDF calls need the cookies, so no plain link to the API) */
  load: () => Promise<Blob>;
  /** what the document is, for the frame's accessible name */
  title: string;
  /** the downloaded file's name */
  filename: string;
}

type Loaded = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; url: string };

/**
 * A PDF made on the server, shown in the page and offered for download. It is read once per mount (give it a
 * `key` that changes when the document does, such as the signing time) and its blob: URL is released on unmount.
 */
export function PdfDocument({ load, title, filename }: PdfDocumentProps) {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });

  // biome-ignore lint/correctness/useExhaustiveDependencies: read once per mount; the caller's key says when the document changes
  useEffect(() => {
    let url: string | null = null;
    let cancelled = false;
    load().then(
      (blob) => {
        if (cancelled) return;
        url = URL.createObjectURL(blob.type === 'application/pdf' ? blob : new Blob([blob], { type: 'application/pdf' }));
        setLoaded({ state: 'ready', url });
      },
      (error) => {
        if (!cancelled) setLoaded({ state: 'failed', message: errorMessage(error) });
      },
    );
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, []);

  if (loaded.state === 'loading') return <Spinner label={`Loading the ${title}`} />;
  if (loaded.state === 'failed') {
    return (
      <Alert tone="danger" title={`The ${title} could not be loaded.`} role="alert">
        {loaded.message}
      </Alert>
    );
  }
  return (
    <div className="space-y-3">
      <object data={loaded.url} type="application/pdf" title={title} className="h-[70vh] w-full rounded-md border border-slate-200">
        <p className="p-4 text-sm text-slate-600">This browser cannot show the PDF in the page: download it to read it.</p>
      </object>
      <a href={loaded.url} download={filename} className={buttonClassName('secondary', 'sm')}>
        Download PDF
      </a>
    </div>
  );
}
